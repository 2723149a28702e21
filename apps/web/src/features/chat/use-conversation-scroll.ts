import type { ChatMessage } from '@ustaz/contract';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { markRead } from '../../shared/realtime/chat-socket.ts';
import type { PendingMessage } from './conversation-messages.ts';
import type { useConversation } from './use-conversation.ts';

/** Within this distance of the bottom the list counts as "at the newest message". */
const NEAR_BOTTOM_PX = 120;
/** Scrolling this close to the top loads the earlier messages. */
const LOAD_OLDER_AT_PX = 80;

type ScrollInput = {
  conversationId: number;
  myId: number;
  history: ReturnType<typeof useConversation>['history'];
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** The newest message from the other user not yet marked read. */
  unread: ChatMessage | null;
  otherTyping: boolean;
};

/**
 * The scrolling of a conversation's message log: it opens at the newest message, follows new ones
 * while the reader is at the bottom, keeps its place when earlier pages load (scrolling near the
 * top asks for them), and marks the newest message read once it can be seen.
 */
export function useConversationScroll({
  conversationId,
  myId,
  history,
  messages,
  pending,
  unread,
  otherTyping,
}: ScrollInput) {
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const scrolledOnce = useRef(false);
  const markedUpTo = useRef(0);

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    nearBottom.current = true;
  }, []);

  const loadOlder = useCallback(() => {
    const element = scroller.current;
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    olderAnchor.current = element ? { height: element.scrollHeight, top: element.scrollTop } : null;
    void history.fetchNextPage();
  }, [history]);

  /** mark:read with the newest message from the other user, once it can be seen. */
  const markIfSeen = useCallback(() => {
    if (!unread || unread.id <= markedUpTo.current) return;
    if (document.visibilityState === 'hidden' || !nearBottom.current) return;
    markedUpTo.current = unread.id;
    void markRead({ conversationId, messageId: unread.id });
  }, [unread, conversationId]);

  useEffect(() => {
    markIfSeen();
    document.addEventListener('visibilitychange', markIfSeen);
    return () => document.removeEventListener('visibilitychange', markIfSeen);
  }, [markIfSeen]);

  // Earlier messages keep what was on screen in place; new ones scroll down when the reader was
  // at the bottom or sent them.
  const firstSeq = messages[0]?.seq ?? 0;
  const last = messages.at(-1);
  const newestKey = `${last?.id ?? 0}:${pending.length}:${otherTyping}`;
  const newestMine = pending.length > 0 || last?.senderId === myId;
  useLayoutEffect(() => {
    const element = scroller.current;
    const anchor = olderAnchor.current;
    if (element && anchor && firstSeq > 0) {
      element.scrollTop = anchor.top + (element.scrollHeight - anchor.height);
      olderAnchor.current = null;
    }
  }, [firstSeq]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest entry changes (newestKey)
  useLayoutEffect(() => {
    if (!history.isSuccess) return;
    if (!scrolledOnce.current || nearBottom.current || newestMine) scrollToBottom();
    scrolledOnce.current = true;
  }, [newestKey, newestMine, history.isSuccess, scrollToBottom]);

  // Images that finish loading grow the list: stay at the bottom if the reader was there.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onLoad = () => {
      if (nearBottom.current) scrollToBottom();
    };
    element.addEventListener('load', onLoad, true);
    return () => element.removeEventListener('load', onLoad, true);
  }, [scrollToBottom]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_AT_PX && scrolledOnce.current) loadOlder();
    markIfSeen();
  }

  return { scroller, onScroll, loadOlder };
}
