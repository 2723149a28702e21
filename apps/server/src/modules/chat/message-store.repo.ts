import { type Db, type RawQuery, rawQueryOf, rawTransactionOf } from '../../db/client.ts';
import type { ConversationRow, MessageRow } from '../../db/schema.ts';

/** Storing a message in raw SQL: STORE_MESSAGE, a prepared statement, alone or with the files it binds. */

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
