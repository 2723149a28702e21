import { useEffect, useSyncExternalStore } from 'react';
import { realtimeEvents } from './realtime-events.ts';

export type ChatUnread = {
  /** Unread messages in all my conversations: the "Chats" badge in the navbar. */
  total: number;
  /**
   * Of those, the ones that reached this tab live. Their recipient was online, so the server made
   * no `message.new` notification for them: the bell adds these to its count (an offline
   * recipient's messages are counted by their notifications, so nothing is counted twice).
   */
  live: number;
};

const NONE: ChatUnread = { total: 0, live: 0 };

/**
 * The unread chat messages of the signed-in user, kept from the realtime bus: the server's counts
 * when the socket connects (`lastMessages`), one more per message received, none once a
 * conversation is read (`message:read` by me, in any of my tabs).
 */
export function createChatUnread(bus = realtimeEvents) {
  let me: number | null = null;
  const unread = new Map<number, number>();
  const live = new Map<number, number>();
  let snapshot = NONE;
  const listeners = new Set<() => void>();
  const sum = (map: Map<number, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  const changed = () => {
    snapshot = { total: sum(unread), live: sum(live) };
    for (const listener of listeners) listener();
  };
  const offs = [
    bus.on('lastMessages', (conversations) => {
      unread.clear();
      for (const conversation of conversations) {
        if (conversation.unreadCount > 0) unread.set(conversation.conversationId, conversation.unreadCount);
      }
      // The server's count holds the live ones still unread; the others were read meanwhile.
      for (const [conversationId, count] of live) {
        const left = Math.min(count, unread.get(conversationId) ?? 0);
        if (left > 0) live.set(conversationId, left);
        else live.delete(conversationId);
      }
      changed();
    }),
    bus.on('message:new', (message) => {
      if (me === null || message.recipientId !== me || message.senderId === me || message.readAt !== null) return;
      unread.set(message.conversationId, (unread.get(message.conversationId) ?? 0) + 1);
      live.set(message.conversationId, (live.get(message.conversationId) ?? 0) + 1);
      changed();
    }),
    bus.on('message:read', (event) => {
      if (event.readerId !== me) return;
      unread.delete(event.conversationId);
      live.delete(event.conversationId);
      changed();
    }),
  ];
  return {
    /** Whose messages count; another user (or sign-out) starts from nothing. */
    setUser(userId: number | null) {
      if (userId === me) return;
      me = userId;
      unread.clear();
      live.clear();
      changed();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => snapshot,
    dispose: () => {
      for (const off of offs) off();
    },
  };
}

const store = createChatUnread();

/** The signed-in user's unread chat messages (see `createChatUnread`); nothing for a guest. */
export function useChatUnread(userId: number | null): ChatUnread {
  useEffect(() => store.setUser(userId), [userId]);
  const value = useSyncExternalStore(store.subscribe, store.get, store.get);
  return userId === null ? NONE : value;
}
