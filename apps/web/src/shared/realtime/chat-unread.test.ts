import type { ChatMessage, ConversationSummary } from '@ustaz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatUnread } from './chat-unread.ts';
import { realtimeEvents } from './realtime-events.ts';

const ME = 8;

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversationId: 5,
    seq: id,
    senderId: 42,
    recipientId: ME,
    content: 'Hello',
    attachments: [],
    clientMessageId: null,
    createdAt: '2026-03-10T08:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

function summary(conversationId: number, unreadCount: number): ConversationSummary {
  return {
    conversationId,
    otherUser: {
      id: 40 + conversationId,
      firstName: 'Mona',
      lastName: 'S',
      role: { id: 2, name: 'teacher' },
      photo: null,
    },
    lastMessage: null,
    unreadCount,
    online: true,
  };
}

const stores: ReturnType<typeof createChatUnread>[] = [];
function store() {
  const created = createChatUnread();
  created.setUser(ME);
  stores.push(created);
  return created;
}
afterEach(() => {
  for (const created of stores.splice(0)) created.dispose();
});

describe('unread chat messages from the realtime bus (issue 17)', () => {
  it("starts from the server's counts when the socket connects", () => {
    const unread = store();
    realtimeEvents.emit('lastMessages', [summary(5, 2), summary(6, 0), summary(7, 1)]);
    expect(unread.get()).toEqual({ total: 3, live: 0 });
  });

  it('counts a message received live (the bell adds these: no notification was made for them)', () => {
    const unread = store();
    realtimeEvents.emit('lastMessages', [summary(5, 1)]);
    realtimeEvents.emit('message:new', message(10));
    realtimeEvents.emit('message:new', message(11, { conversationId: 6 }));
    expect(unread.get()).toEqual({ total: 3, live: 2 });
  });

  it("ignores my own messages, another user's, and messages already read", () => {
    const unread = store();
    realtimeEvents.emit('message:new', message(10, { senderId: ME, recipientId: 42 }));
    realtimeEvents.emit('message:new', message(11, { recipientId: 99 }));
    realtimeEvents.emit('message:new', message(12, { readAt: '2026-03-10T08:01:00.000Z' }));
    expect(unread.get()).toEqual({ total: 0, live: 0 });
  });

  it('a conversation I read (in any tab) counts no more; the other party reading counts nothing', () => {
    const unread = store();
    realtimeEvents.emit('message:new', message(10));
    realtimeEvents.emit('message:new', message(11, { conversationId: 6 }));
    const read = { messageIds: [10], lastReadSeq: 10, readAt: '2026-03-10T08:02:00.000Z' };
    realtimeEvents.emit('message:read', { conversationId: 5, readerId: 42, ...read });
    expect(unread.get()).toEqual({ total: 2, live: 2 });
    realtimeEvents.emit('message:read', { conversationId: 5, readerId: ME, ...read });
    expect(unread.get()).toEqual({ total: 1, live: 1 });
  });

  it("a reconnect's counts drop the live ones read meanwhile", () => {
    const unread = store();
    realtimeEvents.emit('message:new', message(10));
    realtimeEvents.emit('message:new', message(11, { conversationId: 6 }));
    realtimeEvents.emit('lastMessages', [summary(5, 0), summary(6, 1)]);
    expect(unread.get()).toEqual({ total: 1, live: 1 });
  });

  it('another user signing in starts from nothing', () => {
    const unread = store();
    realtimeEvents.emit('message:new', message(10));
    unread.setUser(42);
    expect(unread.get()).toEqual({ total: 0, live: 0 });
  });
});
