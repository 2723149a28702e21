import type { ChatMessage, ConversationSummary, Language } from '@ustaz/contract';
import type { ConversationRow, MessageRow, UserRow } from '../../db/schema.ts';
import { filePath, toPublicUser } from '../auth/user.presenter.ts';
import type { ReadMarks } from './message-store.repo.ts';

/**
 * A stored message as the API and the socket send it: attachments with their URL, `readAt` set
 * once the recipient's read mark has passed it.
 */
export function toChatMessage(row: MessageRow, conversation: ReadMarks): ChatMessage {
  const recipientIsStudent = row.recipientId === conversation.studentId;
  const readSeq = recipientIsStudent ? conversation.studentReadSeq : conversation.teacherReadSeq;
  const readAt = recipientIsStudent ? conversation.studentReadAt : conversation.teacherReadAt;
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    senderId: row.senderId,
    recipientId: row.recipientId,
    content: row.content,
    attachments: row.attachments.map((file) => ({ ...file, url: filePath(file.id) })),
    clientMessageId: row.clientMessageId,
    createdAt: row.createdAt.toISOString(),
    readAt: readSeq >= row.seq ? (readAt?.toISOString() ?? row.createdAt.toISOString()) : null,
  };
}

/** A conversation in the user's list: the other participant, the last message, unread and online. */
export function toConversationSummary(
  row: ConversationRow,
  other: UserRow,
  message: MessageRow | undefined,
  unreadCount: number,
  online: boolean,
  language?: Language,
): ConversationSummary {
  return {
    conversationId: row.id,
    otherUser: toPublicUser(other, language),
    lastMessage: message ? toChatMessage(message, row) : null,
    unreadCount,
    online,
  };
}
