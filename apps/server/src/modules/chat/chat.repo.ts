import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, type Executor, type RawQuery, rawQueryOf, rawTransactionOf } from '../../db/client.ts';
import {
  type ConversationRow,
  conversations,
  files,
  type MessageRow,
  messages,
  reservations,
  teacherProfiles,
  type UserRow,
  users,
} from '../../db/schema.ts';

export async function findUser(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
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
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.studentId, studentId), eq(conversations.teacherId, teacherId)));
  return row;
}

/** Whether the student ever booked the teacher (a reservation of any status). */
export async function hasBooked(db: Executor, studentId: number, teacherUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(and(eq(reservations.studentId, studentId), eq(teacherProfiles.userId, teacherUserId)))
    .limit(1);
  return row !== undefined;
}

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
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
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
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderId, senderId),
        eq(messages.clientMessageId, clientMessageId),
      ),
    );
  return row;
}

/** The columns of a conversation that say whether its recipient has read a message (chat.presenter.ts). */
export type ReadMarks = Pick<
  ConversationRow,
  'studentId' | 'teacherId' | 'studentReadSeq' | 'teacherReadSeq' | 'studentReadAt' | 'teacherReadAt'
>;

const MESSAGE_COLUMNS =
  'id, conversation_id, seq, sender_id, recipient_id, content, attachments, client_message_id, created_at';
const READ_MARK_COLUMNS =
  'student_id, teacher_id, student_read_seq, teacher_read_seq, student_read_at, teacher_read_at';

/**
 * One statement (atomic on its own): unless the sender already stored this client message id, the
 * conversation takes the next seq under its row lock (the sender must be one of its two
 * participants) and the message is inserted with it; the answer is the new message, or the stored
 * one for a resend, with the conversation's read marks. No row: no such conversation for this
 * sender. Two sends of one id at once: the second waits for the first's row lock and then fails on
 * the unique (conversation, sender, client id), with nothing of it kept.
 */
const STORE_MESSAGE = `
with existing as (
  select m.${MESSAGE_COLUMNS.split(', ').join(', m.')}, c.${READ_MARK_COLUMNS.split(', ').join(', c.')}
  from messages m join conversations c on c.id = m.conversation_id
  where m.conversation_id = $1 and m.sender_id = $2 and m.client_message_id = $3
), bumped as (
  update conversations set last_seq = last_seq + 1, last_message_at = now()
  where id = $1 and (student_id = $2 or teacher_id = $2) and not exists (select 1 from existing)
  returning id, last_seq, ${READ_MARK_COLUMNS}
), inserted as (
  insert into messages (conversation_id, seq, sender_id, recipient_id, content, attachments, client_message_id)
  select id, last_seq, $2, case when student_id = $2 then teacher_id else student_id end, $4, $5::jsonb, $3
  from bumped
  returning ${MESSAGE_COLUMNS}
)
select true as created, i.*, b.${READ_MARK_COLUMNS.split(', ').join(', b.')} from inserted i cross join bumped b
union all
select false as created, * from existing`;

type StoredRow = {
  created: boolean;
  id: number;
  conversation_id: number;
  seq: number;
  sender_id: number;
  recipient_id: number;
  content: string;
  attachments: MessageRow['attachments'];
  client_message_id: string;
  created_at: Date | string;
  student_id: number;
  teacher_id: number;
  student_read_seq: number;
  teacher_read_seq: number;
  student_read_at: Date | string | null;
  teacher_read_at: Date | string | null;
};

const dateOf = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * Stores a message once per (conversation, sender, client id) with STORE_MESSAGE, a prepared
 * statement; null when the sender has no such conversation.
 */
export async function storeMessage(
  query: RawQuery,
  values: {
    conversationId: number;
    senderId: number;
    clientMessageId: string;
    content: string;
    attachments: MessageRow['attachments'];
  },
): Promise<{ row: MessageRow; marks: ReadMarks; created: boolean } | null> {
  const { rows } = await query<StoredRow>(
    STORE_MESSAGE,
    [
      values.conversationId,
      values.senderId,
      values.clientMessageId,
      values.content,
      JSON.stringify(values.attachments),
    ],
    'chat_store_message',
  );
  const [found] = rows;
  if (!found) return null;
  return {
    created: found.created,
    row: {
      id: found.id,
      conversationId: found.conversation_id,
      seq: found.seq,
      senderId: found.sender_id,
      recipientId: found.recipient_id,
      content: found.content,
      attachments: found.attachments,
      clientMessageId: found.client_message_id,
      createdAt: dateOf(found.created_at) ?? new Date(),
    },
    marks: {
      studentId: found.student_id,
      teacherId: found.teacher_id,
      studentReadSeq: found.student_read_seq,
      teacherReadSeq: found.teacher_read_seq,
      studentReadAt: dateOf(found.student_read_at),
      teacherReadAt: dateOf(found.teacher_read_at),
    },
  };
}

type StoreValues = Parameters<typeof storeMessage>[1];
type Stored = Awaited<ReturnType<typeof storeMessage>>;

/** A text message on the app's database: STORE_MESSAGE alone (one statement, atomic by itself). */
export function storeTextMessage(db: Db, values: Omit<StoreValues, 'attachments'>): Promise<Stored> {
  return storeMessage(rawQueryOf(db), { ...values, attachments: [] });
}

/** Another send took one of the files first: nothing of this one was kept. */
export class FilesTakenError extends Error {
  constructor() {
    super('a chat file was taken by another send');
  }
}

/**
 * A message with files: the files become the conversation's and the message is stored in one
 * transaction (BEGIN, bind, STORE_MESSAGE, COMMIT); FilesTakenError, and nothing kept, when a file
 * could not be bound.
 */
export function storeMessageWithFiles(db: Db, values: StoreValues, fileIds: string[]): Promise<Stored> {
  return rawTransactionOf(db)(async (query) => {
    if ((await bindFiles(query, values.conversationId, fileIds)) !== fileIds.length) throw new FilesTakenError();
    return storeMessage(query, values);
  });
}

/**
 * Ties chat files to the conversation they are sent in (only its two participants may fetch them
 * from then on); the number tied, which is short when another send took one first.
 */
export async function bindFiles(query: RawQuery, conversationId: number, ids: string[]): Promise<number> {
  const { rows } = await query(
    `update files set conversation_id = $1
     where id = any($2::uuid[]) and purpose = 'chat' and (conversation_id is null or conversation_id = $1)
     returning id`,
    [conversationId, ids],
    'chat_bind_files',
  );
  return rows.length;
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
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
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
