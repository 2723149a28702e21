import { useCallback, useEffect, useRef, useState } from 'react';
import { startTyping, stopTyping } from '../../shared/realtime/chat-socket.ts';
import { useRealtimeEvent } from '../../shared/realtime/use-realtime-event.ts';

/** typing:stop goes out after this long without a keystroke. */
export const TYPING_IDLE_MS = 3_000;
/** While the user keeps typing, typing:start is repeated this often (the other side's indicator expires). */
export const TYPING_REPEAT_MS = 2_500;
/** The other user's indicator disappears after this long without a new typing:start. */
export const TYPING_SHOWN_MS = 6_000;

/**
 * The outgoing side: `onInput` on every keystroke sends typing:start (at most every 2.5 s) and
 * typing:stop after 3 s idle; `stop` sends it at once (on send, on leaving the screen).
 */
export function useTypingSender(conversationId: number | null) {
  const typing = useRef(false);
  const lastStart = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (idle.current !== null) clearTimeout(idle.current);
    idle.current = null;
    if (typing.current && conversationId !== null) stopTyping(conversationId);
    typing.current = false;
  }, [conversationId]);

  const onInput = useCallback(() => {
    if (conversationId === null) return;
    const now = Date.now();
    if (!typing.current || now - lastStart.current >= TYPING_REPEAT_MS) {
      typing.current = true;
      lastStart.current = now;
      startTyping(conversationId);
    }
    if (idle.current !== null) clearTimeout(idle.current);
    idle.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [conversationId, stop]);

  useEffect(() => stop, [stop]);
  return { onInput, stop };
}

/**
 * The conversations in which the other user is typing now: set by user:typing, cleared by
 * typing:false, by a message from them, or after 6 s without news.
 */
export function useTypingConversations(myId: number | null): ReadonlySet<number> {
  const [typing, setTyping] = useState<ReadonlySet<number>>(() => new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const set = useCallback((conversationId: number, on: boolean) => {
    const timer = timers.current.get(conversationId);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(conversationId);
    if (on)
      timers.current.set(
        conversationId,
        setTimeout(() => set(conversationId, false), TYPING_SHOWN_MS),
      );
    setTyping((current) => {
      if (current.has(conversationId) === on) return current;
      const next = new Set(current);
      if (on) next.add(conversationId);
      else next.delete(conversationId);
      return next;
    });
  }, []);

  useRealtimeEvent('user:typing', (event) => {
    if (event.userId !== myId) set(event.conversationId, event.typing);
  });
  useRealtimeEvent('message:new', (message) => {
    if (message.senderId !== myId) set(message.conversationId, false);
  });
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return typing;
}

/** Whether the other user is typing in this conversation (expires after 6 s without news). */
export function useOtherTyping(conversationId: number, otherId: number): boolean {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const set = useCallback((on: boolean) => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = on ? setTimeout(() => setTyping(false), TYPING_SHOWN_MS) : null;
    setTyping(on);
  }, []);
  useRealtimeEvent('user:typing', (event) => {
    if (event.conversationId === conversationId && event.userId === otherId) set(event.typing);
  });
  useRealtimeEvent('message:new', (message) => {
    if (message.conversationId === conversationId && message.senderId === otherId) set(false);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return typing;
}
