import { randomUUID } from 'node:crypto';
import type { ChatMessage, SendMessage } from '@ustaz/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { storableText } from '../../db/storable-text.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { toChatMessage } from './chat.presenter.ts';
import { attachableFiles, findByClientId, findConversation } from './chat.repo.ts';
import type { ChatContext } from './chat-context.ts';
import { assertTeacherMayWrite, forget, membersFor } from './chat-members.ts';
import { FilesTakenError, storeMessageWithFiles, storeTextMessage } from './message-store.repo.ts';

/**
 * Stores a message (once per client message id) and returns it with whether it is new.
 * (`notifyIfOffline` then tells a recipient who has no live socket.) A text message to a known
 * conversation is one statement (STORE_MESSAGE in message-store.repo.ts); with attachments, they are
 * checked, then bound and the message stored in one transaction (BEGIN, 2 statements, COMMIT).
 */
export async function send(
  ctx: ChatContext,
  userId: number,
  input: SendMessage & { content: string; attachments: string[] },
): Promise<{ message: ChatMessage; created: boolean }> {
  const { db } = ctx;
  const members = await membersFor(ctx, userId, input);
  if (members.teacherId === userId) await assertTeacherMayWrite(ctx, members.studentId, userId);
  const uniqueIds = [...new Set(input.attachments)];
  // Without the client's id (the spec's payload), one of the server's: the message is new.
  const clientMessageId = input.clientMessageId ?? `server:${randomUUID()}`;
  const values = {
    conversationId: members.id,
    senderId: userId,
    clientMessageId,
    content: storableText(input.content.trim()),
  };
  try {
    let stored: Awaited<ReturnType<typeof storeTextMessage>>;
    if (uniqueIds.length === 0) {
      stored = await storeTextMessage(db, values);
    } else {
      const attachments = await attachableFiles(db, userId, members.id, uniqueIds);
      if (attachments.length !== uniqueIds.length) throw new FieldValidationError({ attachments: 'invalid' });
      // The images become this conversation's (private to its two participants) with the message.
      stored = await storeMessageWithFiles(db, { ...values, attachments }, uniqueIds).catch((error: unknown) => {
        throw error instanceof FilesTakenError ? new FieldValidationError({ attachments: 'invalid' }) : error;
      });
    }
    if (stored) return { message: toChatMessage(stored.row, stored.marks), created: stored.created };
  } catch (error) {
    // Two sends of one client id at once: the second finds the first's row (below).
    if (!isUniqueViolation(error)) throw error;
  }
  const again = await findByClientId(db, members.id, userId, clientMessageId);
  if (again) {
    const conversation = await findConversation(db, members.id);
    if (conversation) return { message: toChatMessage(again, conversation), created: false };
  }
  // The conversation is gone (a participant's account was deleted).
  forget(ctx, members);
  throw new HttpError(404, 'notFound', 'Conversation not found');
}
