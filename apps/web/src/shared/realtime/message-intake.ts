import type { ChatMessage } from '@ustaz/contract';
import type { ChatSocketDeps, Log } from './chat-socket-types.ts';
import { createDedupeCache, messageKey } from './dedupe-cache.ts';

/** At most this many pages are fetched to catch a conversation up after a reconnect. */
const CATCH_UP_MAX_PAGES = 20;
const CATCH_UP_PAGE_SIZE = 100;

type IntakeDeps = Pick<ChatSocketDeps, 'getMessagesAfter' | 'emit'> & { now: () => number; log: Log };

/**
 * Incoming messages on their way to the bus: duplicates are ignored, and each conversation a
 * screen holds open keeps its last seen seq, so a gap or a reconnect fetches what it missed.
 */
export function createMessageIntake(deps: IntakeDeps) {
  const dedupe = createDedupeCache({ now: deps.now });
  /** Open conversations: the last seq seen, and how many screens hold them open. */
  const tracked = new Map<number, { lastSeq: number; holders: number }>();
  const filling = new Set<number>();

  /** One incoming message: duplicates are ignored; a gap in an open conversation is filled first. */
  function receive(message: ChatMessage) {
    if (dedupe.seen(messageKey(message))) return;
    const entry = tracked.get(message.conversationId);
    if (entry) {
      if (message.seq > entry.lastSeq + 1) void fetchAfter(message.conversationId, entry.lastSeq);
      entry.lastSeq = Math.max(entry.lastSeq, message.seq);
    }
    deps.emit('message:new', message);
  }

  async function fetchAfter(conversationId: number, afterSeq: number) {
    if (filling.has(conversationId)) return;
    filling.add(conversationId);
    try {
      let cursor = afterSeq;
      for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
        const { data, hasMore } = await deps.getMessagesAfter(conversationId, cursor, CATCH_UP_PAGE_SIZE);
        for (const message of data) receive(message);
        const last = data.at(-1);
        if (!hasMore || !last) break;
        cursor = last.seq;
      }
    } catch (error) {
      deps.log.warn(`chat: could not fetch the missed messages of conversation ${conversationId}`, error);
    } finally {
      filling.delete(conversationId);
    }
  }

  return {
    receive,
    /** After a reconnect: every open conversation from its last seen seq. */
    catchUp() {
      for (const [conversationId, entry] of tracked) void fetchAfter(conversationId, entry.lastSeq);
    },
    /** Stopped: a new session starts with no memory of duplicates. */
    forget() {
      dedupe.clear();
    },
    /**
     * A screen shows this conversation: its last seen seq is kept (raised by every message that
     * arrives) so a reconnect fetches what came after it. Returns the release.
     */
    trackConversation(conversationId: number, lastSeq: number): () => void {
      const entry = tracked.get(conversationId);
      if (entry) {
        entry.holders += 1;
        entry.lastSeq = Math.max(entry.lastSeq, lastSeq);
      } else tracked.set(conversationId, { lastSeq, holders: 1 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const current = tracked.get(conversationId);
        if (!current) return;
        current.holders -= 1;
        if (current.holders <= 0) tracked.delete(conversationId);
      };
    },
  };
}
