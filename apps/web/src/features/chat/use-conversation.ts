import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatAttachment, ConversationSummary } from '@ustaz/contract';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { newIdempotencyKey } from '../../shared/money/idempotency-key.ts';
import { getMessages } from '../../shared/realtime/chat-api.ts';
import { sendMessage, trackConversation } from '../../shared/realtime/chat-socket.ts';
import { useRealtimeEvent } from '../../shared/realtime/use-realtime-event.ts';
import { CHATS_QUERY_KEY } from './api/conversations.ts';
import {
  INITIAL_LIVE_STATE,
  liveReducer,
  mergeMessages,
  newestUnreadFrom,
  type PendingMessage,
  readSeqOf,
} from './conversation-messages.ts';

export type Draft = { content: string; attachments: ChatAttachment[] };

/**
 * The messages of one conversation: the newest page first, older pages on demand (beforeSeq),
 * everything that arrives on the realtime bus, the read receipts of both sides, and the
 * messages on their way (optimistic, acknowledged or failed with a retry).
 */
export function useConversation(conversation: ConversationSummary, myId: number) {
  const { conversationId, otherUser } = conversation;
  const history = useInfiniteQuery({
    queryKey: [...CHATS_QUERY_KEY, 'messages', conversationId],
    queryFn: ({ pageParam, signal }) =>
      getMessages(conversationId, pageParam === undefined ? {} : { beforeSeq: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    // The pages go back in time: the next one ends before the oldest message of the last.
    getNextPageParam: (last) => (last.hasMore ? last.data[0]?.seq : undefined),
    // Messages that arrived while away are not in a cached copy: always start from the server.
    gcTime: 0,
  });
  const [live, dispatch] = useReducer(liveReducer, INITIAL_LIVE_STATE);

  useRealtimeEvent('message:new', (message) => {
    if (message.conversationId === conversationId) dispatch({ type: 'received', messages: [message] });
  });
  useRealtimeEvent('message:read', (event) => {
    if (event.conversationId === conversationId) dispatch({ type: 'read', event });
  });

  const messages = useMemo(
    () => mergeMessages([...(history.data?.pages ?? []).map((page) => page.data).reverse(), live.messages]),
    [history.data, live.messages],
  );
  const stored = useMemo(
    () => new Set(messages.filter((m) => m.senderId === myId).map((m) => m.clientMessageId)),
    [messages, myId],
  );
  const pending = useMemo(
    () => live.pending.filter((item) => !stored.has(item.clientMessageId)),
    [live.pending, stored],
  );
  const otherReadSeq = readSeqOf(messages, otherUser.id, live.readSeqByUser);
  const myReadSeq = readSeqOf(messages, myId, live.readSeqByUser);
  const unread = newestUnreadFrom(messages, otherUser.id, myReadSeq);
  const lastSeq = messages.at(-1)?.seq ?? 0;

  // A reconnect fetches what came after the last message seen here.
  const loaded = history.isSuccess;
  useEffect(() => (loaded ? trackConversation(conversationId, lastSeq) : undefined), [conversationId, lastSeq, loaded]);

  const deliver = useCallback(
    async (item: PendingMessage) => {
      const ack = await sendMessage({
        conversationId,
        recipientId: otherUser.id,
        content: item.content,
        attachments: item.attachments.map((attachment) => attachment.id),
        clientMessageId: item.clientMessageId,
      });
      if (ack.ok) dispatch({ type: 'received', messages: [ack.message] });
      else dispatch({ type: 'pendingFailed', clientMessageId: item.clientMessageId });
    },
    [conversationId, otherUser.id],
  );

  const send = useCallback(
    (draft: Draft) => {
      const item: PendingMessage = {
        clientMessageId: newIdempotencyKey(),
        content: draft.content.trim(),
        attachments: draft.attachments,
        createdAt: new Date().toISOString(),
        status: 'sending',
      };
      dispatch({ type: 'pendingAdded', pending: item });
      return deliver(item);
    },
    [deliver],
  );

  /** Sends a failed message again with the same client message id (the server stores it once). */
  const retry = useCallback(
    (item: PendingMessage) => {
      dispatch({ type: 'pendingRetried', clientMessageId: item.clientMessageId });
      return deliver(item);
    },
    [deliver],
  );

  return { history, messages, pending, otherReadSeq, unread, send, retry };
}
