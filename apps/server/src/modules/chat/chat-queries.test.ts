import { randomUUID } from 'node:crypto';
import { ROLE } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { createFactories, type TestUser } from '../../test/factories.ts';
import { useTestDatabase } from '../../test/test-app.ts';
import { type ChatService, createChatService } from './chat.service.ts';

/**
 * Statements per chat message (issue 19, ARCHITECTURE "Budgets": a message is stored with at most 3
 * statements in one transaction). Counted: every statement the service sends to the database for one
 * `send`, BEGIN and COMMIT included (Database.traceQueries). On a database of its own, with no app
 * around it, so no poller's statement falls into the count. The first message of a pair (which
 * creates the conversation and fills the service's caches) is not counted; every later one is.
 */
const database = useTestDatabase();
let chat: ChatService;
let student: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  const f = createFactories(database);
  student = await f.user({ roleId: ROLE.student });
  teacher = await f.user({ roleId: ROLE.teacher });
  chat = createChatService({ db: database.db, presence: { onlineAmong: async () => new Set() } });
});

/** The statements one call sends, in order. */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = database.traceQueries((text) => statements.push(text.replace(/\s+/g, ' ').trim().slice(0, 120)));
  try {
    return { result: await run(), statements };
  } finally {
    stop();
  }
}

const text = (content: string, extra: { conversationId?: number; recipientId: number }) => ({
  ...extra,
  content,
  attachments: [],
  clientMessageId: randomUUID(),
});

describe('statements per chat message', () => {
  it('a text message to an existing conversation, and its resend, take at most 3 statements each', async () => {
    const first = await chat.send(student.user.id, text('Hello', { recipientId: teacher.user.id }));
    const conversationId = first.message.conversationId;

    const byId = await statementsOf(() =>
      chat.send(student.user.id, text('By conversation id', { conversationId, recipientId: teacher.user.id })),
    );
    expect(byId.result).toMatchObject({ created: true, message: { seq: 2, content: 'By conversation id' } });
    expect(byId.statements.length, byId.statements.join('\n')).toBeLessThanOrEqual(3);

    // The shape without the conversation id (the first message of a chat page, the bench).
    const byPair = await statementsOf(() =>
      chat.send(student.user.id, text('By pair', { recipientId: teacher.user.id })),
    );
    expect(byPair.result).toMatchObject({ created: true, message: { seq: 3, conversationId } });
    expect(byPair.statements.length, byPair.statements.join('\n')).toBeLessThanOrEqual(3);

    // The teacher answers (allowed: the student wrote first).
    await chat.send(teacher.user.id, text('Welcome', { conversationId, recipientId: student.user.id }));
    const answer = await statementsOf(() =>
      chat.send(teacher.user.id, text('When?', { conversationId, recipientId: student.user.id })),
    );
    expect(answer.result).toMatchObject({ created: true, message: { seq: 5, senderId: teacher.user.id } });
    expect(answer.statements.length, answer.statements.join('\n')).toBeLessThanOrEqual(3);

    // A resend of the same client message id: the stored message, nothing new.
    const again = await statementsOf(() =>
      chat.send(student.user.id, {
        conversationId,
        recipientId: teacher.user.id,
        content: 'By conversation id',
        attachments: [],
        clientMessageId: byId.result.message.clientMessageId ?? '',
      }),
    );
    expect(again.result).toMatchObject({ created: false, message: { id: byId.result.message.id, seq: 2 } });
    expect(again.statements.length, again.statements.join('\n')).toBeLessThanOrEqual(3);
  });
});

describe('statements per chat message with an attachment', () => {
  it('the files checked, then bound and the message stored in one transaction: 5 statements with BEGIN and COMMIT', async () => {
    const first = await chat.send(student.user.id, text('Before the photo', { recipientId: teacher.user.id }));
    const [file] = await database.db
      .insert(files)
      .values({
        ownerId: student.user.id,
        storageKey: `chat/${randomUUID()}`,
        mimeType: 'image/png',
        size: 10,
        purpose: 'chat',
      })
      .returning({ id: files.id });
    const photo = await statementsOf(() =>
      chat.send(student.user.id, {
        ...text('', { conversationId: first.message.conversationId, recipientId: teacher.user.id }),
        attachments: [file?.id ?? ''],
      }),
    );
    expect(photo.result).toMatchObject({ created: true, message: { attachments: [{ id: file?.id }] } });
    expect(photo.statements.map((statement) => statement.split(' ')[0]?.toLowerCase())).toEqual([
      'select',
      'begin',
      'update',
      'with',
      'commit',
    ]);
    const [bound] = await database.db
      .select({ conversationId: files.conversationId })
      .from(files)
      .where(eq(files.id, file?.id ?? ''));
    expect(bound?.conversationId).toBe(first.message.conversationId);
  });
});

describe('members of a conversation (typing events)', () => {
  it('answered from memory once known; a stranger is refused', async () => {
    const first = await chat.send(student.user.id, text('Typing next', { recipientId: teacher.user.id }));
    const known = await statementsOf(() => chat.members(teacher.user.id, first.message.conversationId));
    expect(known.result).toMatchObject({ studentId: student.user.id, teacherId: teacher.user.id });
    expect(known.statements).toEqual([]);
    const stranger = await createFactories(database).user({ roleId: ROLE.student });
    await expect(chat.members(stranger.user.id, first.message.conversationId)).rejects.toMatchObject({ status: 404 });
  });
});

describe('concurrent sends', () => {
  it('one client id sent many times at once is stored once, and the seqs of the conversation stay contiguous', async () => {
    const other = await createFactories(database).user({ roleId: ROLE.teacher });
    const opened = await chat.send(student.user.id, text('Opening', { recipientId: other.user.id }));
    const conversationId = opened.message.conversationId;
    const repeated = text('Sent five times', { conversationId, recipientId: other.user.id });
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => chat.send(student.user.id, repeated)),
      ...Array.from({ length: 5 }, (_, i) =>
        chat.send(student.user.id, text(`Other ${i}`, { conversationId, recipientId: other.user.id })),
      ),
    ]);
    const copies = results.slice(0, 5);
    expect(copies.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(copies.map((result) => result.message.id)).size).toBe(1);
    expect(new Set(copies.map((result) => result.message.seq)).size).toBe(1);
    const { rows } = await rawQueryOf(database.db)<{ seq: number; client_message_id: string }>(
      'select seq, client_message_id from messages where conversation_id = $1 order by seq',
      [conversationId],
    );
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows.filter((row) => row.client_message_id === repeated.clientMessageId)).toHaveLength(1);
  });
});
