import { ROLE } from '@ustaz/contract';
import type { ConversationRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import {
  ensureConversation,
  findConversation,
  findPairConversation,
  findUser,
  hasBooked,
  hasWritten,
} from './chat.repo.ts';
import type { ChatContext, Members } from './chat-context.ts';

/** Who may write to whom, and the conversation two users write in (remembered in this process). */

export const otherOf = (conversation: Members, userId: number) =>
  conversation.studentId === userId ? conversation.teacherId : conversation.studentId;

const isParticipant = (conversation: Members, userId: number) =>
  conversation.studentId === userId || conversation.teacherId === userId;

/** The in-process caches forget everything past this many entries (they fill again on use). */
const CACHE_MAX = 100_000;

export function remember(ctx: ChatContext, conversation: Members): Members {
  const { membersById, conversationTo } = ctx;
  if (membersById.size >= CACHE_MAX) membersById.clear();
  if (conversationTo.size >= CACHE_MAX) conversationTo.clear();
  const members = { id: conversation.id, studentId: conversation.studentId, teacherId: conversation.teacherId };
  membersById.set(members.id, members);
  conversationTo.set(`${members.studentId}:${members.teacherId}`, members.id);
  conversationTo.set(`${members.teacherId}:${members.studentId}`, members.id);
  return members;
}

export function forget({ membersById, conversationTo }: ChatContext, members: Members) {
  membersById.delete(members.id);
  conversationTo.delete(`${members.studentId}:${members.teacherId}`);
  conversationTo.delete(`${members.teacherId}:${members.studentId}`);
}

/**
 * A teacher writes first only to a student who booked them or who wrote to them: no cold
 * messages to students found elsewhere. Students may write to any teacher.
 */
export async function assertTeacherMayWrite(ctx: ChatContext, studentId: number, teacherId: number): Promise<void> {
  const { db, teacherMayWrite } = ctx;
  const key = `${studentId}:${teacherId}`;
  if (teacherMayWrite.has(key)) return;
  let allowed = await hasBooked(db, studentId, teacherId);
  if (!allowed) {
    const conversation = await findPairConversation(db, studentId, teacherId);
    allowed = conversation !== undefined && (await hasWritten(db, conversation.id, studentId));
  }
  if (!allowed) {
    throw new HttpError(
      403,
      'forbidden',
      'A teacher can message a student only after the student booked them or wrote to them',
    );
  }
  if (teacherMayWrite.size >= 100_000) teacherMayWrite.clear();
  teacherMayWrite.add(key);
}

export async function participantConversation(
  ctx: ChatContext,
  userId: number,
  conversationId: number,
): Promise<ConversationRow> {
  const conversation = await findConversation(ctx.db, conversationId);
  // 404 for strangers too: whether a conversation exists is not theirs to know.
  if (!conversation || !isParticipant(conversation, userId)) {
    throw new HttpError(404, 'notFound', 'Conversation not found');
  }
  remember(ctx, conversation);
  return conversation;
}

/** Who a conversation of the user is between, from memory after its first use (404 for strangers). */
export async function membersOf(ctx: ChatContext, userId: number, conversationId: number): Promise<Members> {
  const known = ctx.membersById.get(conversationId);
  return known && isParticipant(known, userId) ? known : participantConversation(ctx, userId, conversationId);
}

/** The conversation of a message being sent, from memory after its first use. */
export async function membersFor(
  ctx: ChatContext,
  userId: number,
  input: { conversationId?: number | undefined; recipientId: number },
) {
  if (input.conversationId !== undefined) {
    const members = await membersOf(ctx, userId, input.conversationId);
    if (otherOf(members, userId) !== input.recipientId) throw new FieldValidationError({ recipientId: 'invalid' });
    return members;
  }
  const known = ctx.conversationTo.get(`${userId}:${input.recipientId}`);
  const members = known === undefined ? undefined : ctx.membersById.get(known);
  return members ?? remember(ctx, await conversationWith(ctx, userId, input.recipientId));
}

/** The conversation with another user, created when the two are a student and a teacher who may write. */
export async function conversationWith(ctx: ChatContext, userId: number, otherId: number): Promise<ConversationRow> {
  const { db } = ctx;
  if (otherId === userId) throw new HttpError(403, 'forbidden', 'You cannot message yourself');
  const [me, other] = await Promise.all([findUser(db, userId), findUser(db, otherId)]);
  if (!me || !other || other.status !== 'active') throw new HttpError(404, 'notFound', 'User not found');
  const pair =
    me.roleId === ROLE.student && other.roleId === ROLE.teacher
      ? { studentId: me.id, teacherId: other.id }
      : me.roleId === ROLE.teacher && other.roleId === ROLE.student
        ? { studentId: other.id, teacherId: me.id }
        : null;
  if (!pair) throw new HttpError(403, 'forbidden', 'Chats are between a student and a teacher');
  if (me.roleId === ROLE.teacher) await assertTeacherMayWrite(ctx, pair.studentId, pair.teacherId);
  return ensureConversation(db, pair.studentId, pair.teacherId);
}
