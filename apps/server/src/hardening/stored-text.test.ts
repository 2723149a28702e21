import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { storableText } from '../db/storable-text.ts';
import { createChatService } from '../modules/chat/chat.service.ts';
import { createFactories } from '../test/factories.ts';
import { createTestDatabase } from '../test/helpers.ts';

/**
 * Text the database cannot store, reached through paths the HTTP fuzz does not take: a chat
 * message (socket) whose notification preview is cut inside an emoji, and a NUL in a message.
 */
let database: Database;
let f: ReturnType<typeof createFactories>;

beforeAll(async () => {
  database = await createTestDatabase();
  f = createFactories(database);
});
afterAll(() => database.close());

const offline = { onlineAmong: async () => new Set<number>() };

describe('text PostgreSQL refuses never fails a write', () => {
  it('storableText drops NULs and turns lone surrogates into U+FFFD, keeping pairs', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\ud800')).toBe('x\ufffd');
    expect(storableText('\udc00x')).toBe('\ufffdx');
    expect(storableText('ok 😀')).toBe('ok 😀');
  });

  it('an offline recipient is notified of a message whose 140th character is the first half of an emoji', async () => {
    const student = await f.student();
    const teacher = await f.teacher();
    const chat = createChatService({ db: database.db, presence: offline });
    const content = `${'a'.repeat(139)}😀 and more`;
    const { message } = await chat.send(student.user.id, {
      recipientId: teacher.user.id,
      content,
      attachments: [],
      clientMessageId: 'emoji-at-140',
    });
    await chat.notifyIfOffline(message, false);
    const [note] = await database.db.select().from(notifications).where(eq(notifications.userId, teacher.user.id));
    const preview = (note?.data as { preview?: string } | undefined)?.preview ?? '';
    expect(preview.startsWith('a'.repeat(139))).toBe(true);
    expect(storableText(preview)).toBe(preview); // no half emoji left in it
  });

  it('a NUL in a chat message is dropped, not a failed insert', async () => {
    const student = await f.student();
    const teacher = await f.teacher();
    const chat = createChatService({ db: database.db, presence: offline });
    const { message } = await chat.send(student.user.id, {
      recipientId: teacher.user.id,
      content: 'hello\u0000world',
      attachments: [],
      clientMessageId: 'nul',
    });
    expect(message.content).toBe('helloworld');
  });
});
