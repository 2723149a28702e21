import type { ChatAttachment, ChatMessage, MessageReadEvent } from '@ustaz/contract';

/** A message on its way: shown at once, replaced by the stored one when the server acknowledges it. */
export type PendingMessage = {
  clientMessageId: string;
  content: string;
  attachments: ChatAttachment[];
  createdAt: string;
  status: 'sending' | 'failed';
};

export type LiveState = {
  /** Messages that arrived while the screen is open (socket, acknowledgements, catch-up). */
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** The highest seq each side has read, from the read receipts heard here. */
  readSeqByUser: Record<number, number>;
};

export type LiveAction =
  | { type: 'received'; messages: ChatMessage[] }
  | { type: 'read'; event: MessageReadEvent }
  | { type: 'pendingAdded'; pending: PendingMessage }
  | { type: 'pendingFailed'; clientMessageId: string }
  | { type: 'pendingRetried'; clientMessageId: string };

export const INITIAL_LIVE_STATE: LiveState = { messages: [], pending: [], readSeqByUser: {} };

export function liveReducer(state: LiveState, action: LiveAction): LiveState {
  switch (action.type) {
    case 'received': {
      const delivered = new Set(action.messages.map((message) => message.clientMessageId).filter(Boolean));
      return {
        ...state,
        messages: mergeMessages([state.messages, action.messages]),
        pending: state.pending.filter((pending) => !delivered.has(pending.clientMessageId)),
      };
    }
    case 'read': {
      const { readerId, lastReadSeq } = action.event;
      const known = state.readSeqByUser[readerId] ?? 0;
      if (lastReadSeq <= known) return state;
      return { ...state, readSeqByUser: { ...state.readSeqByUser, [readerId]: lastReadSeq } };
    }
    case 'pendingAdded':
      return { ...state, pending: [...state.pending, action.pending] };
    case 'pendingFailed':
    case 'pendingRetried': {
      const status = action.type === 'pendingFailed' ? 'failed' : 'sending';
      return {
        ...state,
        pending: state.pending.map((pending) =>
          pending.clientMessageId === action.clientMessageId ? { ...pending, status } : pending,
        ),
      };
    }
  }
}

/** Every message once (the latest copy of an id wins), in seq order. */
export function mergeMessages(lists: ChatMessage[][]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The highest seq `readerId` has read: from the read times the messages to them carry, and from
 * the receipts heard since.
 */
export function readSeqOf(messages: ChatMessage[], readerId: number, heard: Record<number, number>): number {
  let seq = heard[readerId] ?? 0;
  for (const message of messages) {
    if (message.recipientId === readerId && message.readAt && message.seq > seq) seq = message.seq;
  }
  return seq;
}

/** The newest message from the other user that I have not read yet, if any. */
export function newestUnreadFrom(messages: ChatMessage[], otherId: number, myReadSeq: number): ChatMessage | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (!message || message.seq <= myReadSeq) return null;
    if (message.senderId === otherId) return message;
  }
  return null;
}
