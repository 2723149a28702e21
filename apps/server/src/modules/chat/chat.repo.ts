import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { hasBookedTeacher } from '../../db/booked-teacher.ts';
import type { Executor } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import {
  type ConversationRow,
  conversations,
  files,
  type MessageRow,
  messages,
  type UserRow,
  users,
} from '../../db/schema.ts';

export async function findUser(db: Executor, id: number): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.id, id)));
}

export async function usersByIds(db: Executor, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** The pair's conversation, created on first use (a concurrent creator wins; both read the same row). */
export async function ensureConversation(db: Executor, studentId: number, teacherId: number): Promise<ConversationRow> {
  await db.insert(conversations).values({ studentId, teacherId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.studentId, studentId), eq(conversations.teacherId, teacherId)));
  if (!row) throw new Error('conversation not created');
  return row;
}

/** The pair's conversation when it exists (never creates one). */
export async function findPairConversation(
  db: Executor,
  studentId: number,
  teacherId: number,
): Promise<ConversationRow | undefined> {
  return firstRow(
    db
      .select()
      .from(conversations)
      .where(and(eq(conversations.studentId, studentId), eq(conversations.teacherId, teacherId))),
  );
}

/** Whether the student ever booked the teacher (a reservation of any status). */
export const hasBooked = hasBookedTeacher;

/** Whether someone sent at least one message in a conversation. */
export async function hasWritten(db: Executor, conversationId: number, senderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId)))
    .limit(1);
  return row !== undefined;
}

export async function findConversation(db: Executor, id: number): Promise<ConversationRow | undefined> {
  return firstRow(db.select().from(conversations).where(eq(conversations.id, id)));
}

export async function conversationsOf(db: Executor, userId: number): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(or(eq(conversations.studentId, userId), eq(conversations.teacherId, userId)))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id))
    .limit(200);
}

export async function findByClientId(
  db: Executor,
  conversationId: number,
  senderId: number,
  clientMessageId: string,
): Promise<MessageRow | undefined> {
  return firstRow(
    db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.senderId, senderId),
          eq(messages.clientMessageId, clientMessageId),
        ),
      ),
  );
}

/** Takes the next seq under the conversation's row lock, then stores the message. */
export async function appendMessage(
  tx: Executor,
  values: Omit<typeof messages.$inferInsert, 'seq'>,
): Promise<MessageRow> {
  const [conversation] = await tx
    .update(conversations)
    .set({ lastSeq: sql`${conversations.lastSeq} + 1`, lastMessageAt: sql`now()` })
    .where(eq(conversations.id, values.conversationId))
    .returning({ seq: conversations.lastSeq });
  if (!conversation) throw new Error('conversation missing');
  const [row] = await tx
    .insert(messages)
    .values({ ...values, seq: conversation.seq })
    .returning();
  if (!row) throw new Error('message not stored');
  return row;
}

export async function messagesPage(
  db: Executor,
  conversationId: number,
  options: { beforeSeq?: number | undefined; afterSeq?: number | undefined; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const take = options.limit + 1;
  if (options.afterSeq !== undefined) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, options.afterSeq)))
      .orderBy(asc(messages.seq))
      .limit(take);
    return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
  }
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ...(options.beforeSeq !== undefined ? [lt(messages.seq, options.beforeSeq)] : []),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(take);
  return { rows: rows.slice(0, options.limit).reverse(), hasMore: rows.length > options.limit };
}

export async function lastMessages(db: Executor, conversationIds: number[]): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return [];
  return db
    .select()
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(inArray(messages.conversationId, conversationIds), eq(messages.seq, conversations.lastSeq)))
    .then((rows) => rows.map((row) => row.messages));
}

export async function findMessage(db: Executor, id: number): Promise<MessageRow | undefined> {
  return firstRow(db.select().from(messages).where(eq(messages.id, id)));
}

/** Moves one side's read mark forward (never back); returns the previous mark when it moved. */
export async function advanceRead(
  db: Executor,
  conversation: ConversationRow,
  side: 'student' | 'teacher',
  seq: number,
): Promise<{ from: number; readAt: Date } | null> {
  const column = side === 'student' ? conversations.studentReadSeq : conversations.teacherReadSeq;
  const readAtColumn = side === 'student' ? 'studentReadAt' : 'teacherReadAt';
  const readSeqColumn = side === 'student' ? 'studentReadSeq' : 'teacherReadSeq';
  const now = new Date();
  const [row] = await db
    .update(conversations)
    .set({ [readSeqColumn]: seq, [readAtColumn]: now })
    .where(and(eq(conversations.id, conversation.id), lt(column, seq)))
    .returning();
  if (!row) return null;
  return { from: side === 'student' ? conversation.studentReadSeq : conversation.teacherReadSeq, readAt: now };
}

export async function messageIdsBetween(
  db: Executor,
  conversationId: number,
  recipientId: number,
  from: number,
  to: number,
) {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.recipientId, recipientId),
        gt(messages.seq, from),
        sql`${messages.seq} <= ${to}`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Unread counts per conversation for one reader. */
export async function unreadCounts(
  db: Executor,
  userId: number,
  rows: ConversationRow[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (rows.length === 0) return counts;
  const result = await db
    .select({ conversationId: messages.conversationId, n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        inArray(
          messages.conversationId,
          rows.map((row) => row.id),
        ),
        eq(messages.recipientId, userId),
        sql`${messages.seq} > case when ${conversations.studentId} = ${userId} then ${conversations.studentReadSeq} else ${conversations.teacherReadSeq} end`,
      ),
    )
    .groupBy(messages.conversationId);
  for (const row of result) counts.set(row.conversationId, Number(row.n));
  return counts;
}

/**
 * Chat files the sender uploaded that may go into this conversation: theirs, uploaded for chat,
 * and not already sent in another conversation.
 */
export async function attachableFiles(db: Executor, ownerId: number, conversationId: number, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, mimeType: files.mimeType, size: files.size })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        eq(files.ownerId, ownerId),
        eq(files.purpose, 'chat'),
        or(isNull(files.conversationId), eq(files.conversationId, conversationId)),
      ),
    );
}
