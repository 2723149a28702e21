import type { MessageReadEvent } from '@ustaz/contract';
import { HttpError } from '../../http/errors.ts';
import { advanceRead, findMessage, messageIdsBetween } from './chat.repo.ts';
import type { ChatContext } from './chat-context.ts';
import { otherOf, participantConversation } from './chat-members.ts';

/** Everything up to `messageId` is read by `userId`; null when nothing changed. */
export async function markRead(
  ctx: ChatContext,
  userId: number,
  input: { conversationId?: number | undefined; messageId: number },
): Promise<{ event: MessageReadEvent; otherUserId: number } | null> {
  const { db } = ctx;
  const message = await findMessage(db, input.messageId);
  if (!message || (input.conversationId !== undefined && message.conversationId !== input.conversationId)) {
    throw new HttpError(404, 'notFound', 'Message not found');
  }
  const conversation = await participantConversation(ctx, userId, message.conversationId);
  const side = conversation.studentId === userId ? 'student' : 'teacher';
  const moved = await advanceRead(db, conversation, side, message.seq);
  if (!moved) return null;
  const messageIds = await messageIdsBetween(db, conversation.id, userId, moved.from, message.seq);
  return {
    event: {
      conversationId: conversation.id,
      readerId: userId,
      messageIds,
      lastReadSeq: message.seq,
      readAt: moved.readAt.toISOString(),
    },
    otherUserId: otherOf(conversation, userId),
  };
}
