import type { ChatMessage, ConversationSummary, MessageReadEvent, UserStatusEvent } from '@ustaz/contract';

/**
 * The list after a new message: its conversation gets it as the last message, one more unread
 * when it came from the other user, and moves to the top. Null when the conversation is not in
 * the list (a new one: the list is fetched again). An older message (caught up after a
 * reconnect) changes nothing.
 */
export function withNewMessage(
  list: ConversationSummary[],
  message: ChatMessage,
  myId: number,
): ConversationSummary[] | null {
  const index = list.findIndex((item) => item.conversationId === message.conversationId);
  const current = list[index];
  if (!current) return null;
  if (current.lastMessage && current.lastMessage.seq >= message.seq) return list;
  const incoming = message.senderId !== myId;
  const updated: ConversationSummary = {
    ...current,
    lastMessage: message,
    unreadCount: incoming ? current.unreadCount + 1 : current.unreadCount,
  };
  return [updated, ...list.slice(0, index), ...list.slice(index + 1)];
}

/**
 * The list after a read receipt. When I read, the conversation has nothing unread once its last
 * message is covered; when the other user read, my last message shows as read.
 */
export function withRead(list: ConversationSummary[], event: MessageReadEvent, myId: number): ConversationSummary[] {
  return list.map((item) => {
    if (item.conversationId !== event.conversationId) return item;
    const last = item.lastMessage;
    const covered = !!last && last.seq <= event.lastReadSeq;
    if (event.readerId === myId) {
      return {
        ...item,
        unreadCount: covered || !last ? 0 : item.unreadCount,
        lastMessage:
          last && covered && last.senderId !== myId && !last.readAt ? { ...last, readAt: event.readAt } : last,
      };
    }
    if (last && covered && last.senderId === myId && !last.readAt) {
      return { ...item, lastMessage: { ...last, readAt: event.readAt } };
    }
    return item;
  });
}

/** The list after a presence change of one of the other users. */
export function withStatus(list: ConversationSummary[], status: UserStatusEvent): ConversationSummary[] {
  return list.map((item) => (item.otherUser.id === status.userId ? { ...item, online: status.online } : item));
}
