import { describe, expect, it } from 'vitest';
import { chatMessage, ME_ID, myMessage, TEACHER_ID } from './chat-test-data.ts';
import {
  INITIAL_LIVE_STATE,
  liveReducer,
  mergeMessages,
  newestUnreadFrom,
  type PendingMessage,
  readSeqOf,
} from './conversation-messages.ts';

const pending: PendingMessage = {
  clientMessageId: 'c-1',
  content: 'hi',
  attachments: [],
  createdAt: '2026-03-10T09:00:00.000Z',
  status: 'sending',
};

describe('conversation messages', () => {
  it('merges pages and live messages once each, in seq order', () => {
    const a = chatMessage({ id: 1, seq: 1 });
    const b = chatMessage({ id: 2, seq: 2 });
    const bRead = { ...b, readAt: '2026-03-10T09:00:00.000Z' };
    expect(mergeMessages([[b], [a, bRead]])).toEqual([a, bRead]);
  });

  it('a stored copy of a pending message replaces it', () => {
    let state = liveReducer(INITIAL_LIVE_STATE, { type: 'pendingAdded', pending });
    state = liveReducer(state, { type: 'pendingAdded', pending: { ...pending, clientMessageId: 'c-2' } });
    const stored = myMessage({ id: 9, seq: 3, clientMessageId: 'c-1' });
    state = liveReducer(state, { type: 'received', messages: [stored] });
    expect(state.messages).toEqual([stored]);
    expect(state.pending.map((item) => item.clientMessageId)).toEqual(['c-2']);
  });

  it('a pending message fails and is retried', () => {
    let state = liveReducer(INITIAL_LIVE_STATE, { type: 'pendingAdded', pending });
    state = liveReducer(state, { type: 'pendingFailed', clientMessageId: 'c-1' });
    expect(state.pending[0]?.status).toBe('failed');
    state = liveReducer(state, { type: 'pendingRetried', clientMessageId: 'c-1' });
    expect(state.pending[0]?.status).toBe('sending');
  });

  it('keeps the highest seq each reader read', () => {
    const event = { conversationId: 5, readerId: TEACHER_ID, messageIds: [], lastReadSeq: 4, readAt: '' };
    let state = liveReducer(INITIAL_LIVE_STATE, { type: 'read', event });
    state = liveReducer(state, { type: 'read', event: { ...event, lastReadSeq: 2 } });
    expect(state.readSeqByUser).toEqual({ [TEACHER_ID]: 4 });
  });

  it('reads the read seq from the messages and the receipts', () => {
    const messages = [
      myMessage({ id: 1, seq: 1, readAt: '2026-03-10T09:00:00.000Z' }),
      myMessage({ id: 2, seq: 2 }),
      chatMessage({ id: 3, seq: 3, readAt: '2026-03-10T09:00:00.000Z' }),
    ];
    expect(readSeqOf(messages, TEACHER_ID, {})).toBe(1);
    expect(readSeqOf(messages, TEACHER_ID, { [TEACHER_ID]: 2 })).toBe(2);
    expect(readSeqOf(messages, ME_ID, {})).toBe(3);
  });

  it('finds the newest unread message from the other user', () => {
    const messages = [chatMessage({ id: 1, seq: 1 }), chatMessage({ id: 2, seq: 2 }), myMessage({ id: 3, seq: 3 })];
    expect(newestUnreadFrom(messages, TEACHER_ID, 0)?.id).toBe(2);
    expect(newestUnreadFrom(messages, TEACHER_ID, 2)).toBeNull();
    expect(newestUnreadFrom([], TEACHER_ID, 0)).toBeNull();
  });
});
