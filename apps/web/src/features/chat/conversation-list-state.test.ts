import { describe, expect, it } from 'vitest';
import { chatMessage, conversationSummary, ME_ID, myMessage, publicUser } from './chat-test-data.ts';
import { withNewMessage, withRead, withStatus } from './conversation-list-state.ts';

const other = publicUser({ id: 77, firstName: 'Huda' });
const list = [
  conversationSummary({ conversationId: 5, lastMessage: chatMessage({ seq: 3 }), unreadCount: 1 }),
  conversationSummary({ conversationId: 9, otherUser: other, lastMessage: null }),
];

describe('chat list updates', () => {
  it('a message from the other user becomes the last message, adds one unread and moves to the top', () => {
    const incoming = chatMessage({ id: 50, conversationId: 9, seq: 1, senderId: 77, content: 'hello' });
    const next = withNewMessage(list, incoming, ME_ID);
    expect(next?.map((item) => item.conversationId)).toEqual([9, 5]);
    expect(next?.[0]).toMatchObject({ lastMessage: incoming, unreadCount: 1 });
  });

  it('my own message adds nothing unread', () => {
    const mine = myMessage({ id: 51, conversationId: 5, seq: 4 });
    expect(withNewMessage(list, mine, ME_ID)?.[0]).toMatchObject({ lastMessage: mine, unreadCount: 1 });
  });

  it('an older message changes nothing; an unknown conversation asks for the list again', () => {
    expect(withNewMessage(list, chatMessage({ conversationId: 5, seq: 2 }), ME_ID)).toBe(list);
    expect(withNewMessage(list, chatMessage({ conversationId: 99 }), ME_ID)).toBeNull();
  });

  it('reading the last message clears the unread count', () => {
    const readAt = '2026-03-10T09:00:00.000Z';
    const read = { conversationId: 5, readerId: ME_ID, messageIds: [1], lastReadSeq: 3, readAt };
    expect(withRead(list, read, ME_ID)[0]).toMatchObject({ unreadCount: 0, lastMessage: { readAt } });
    // Read only up to an earlier message: the count stays.
    expect(withRead(list, { ...read, lastReadSeq: 2 }, ME_ID)[0]?.unreadCount).toBe(1);
  });

  it('the other user reading my last message marks it read', () => {
    const mine = [conversationSummary({ lastMessage: myMessage({ seq: 6 }) })];
    const readAt = '2026-03-10T09:00:00.000Z';
    const event = { conversationId: 5, readerId: 42, messageIds: [1], lastReadSeq: 6, readAt };
    expect(withRead(mine, event, ME_ID)[0]?.lastMessage?.readAt).toBe(readAt);
    expect(withRead(mine, { ...event, lastReadSeq: 5 }, ME_ID)[0]?.lastMessage?.readAt).toBeNull();
  });

  it('presence follows user:status', () => {
    const next = withStatus(list, { userId: 77, status: 'online', online: true });
    expect(next.map((item) => item.online)).toEqual([false, true]);
  });
});
