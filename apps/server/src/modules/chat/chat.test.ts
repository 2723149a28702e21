import { randomUUID } from 'node:crypto';
import type { ConversationSummary, MessageAck } from '@ustaz/contract';
import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { useSocketClients } from '../../test/sockets.ts';
import { useListeningTestApp } from '../../test/test-app.ts';

const { t: ctx, f } = useListeningTestApp({ rateLimitMax: 1_000_000 });
const connectSocket = useSocketClients();

const client = (user: TestUser) => connectSocket(ctx.url, user.headers.authorization.slice('Bearer '.length));

async function send(from: TestUser, payload: Record<string, unknown>): Promise<MessageAck> {
  const socket = await client(from);
  return socket.timeout(3000).emitWithAck('message', { clientMessageId: randomUUID(), ...payload });
}

const withUser = (viewer: TestUser, otherId: number) =>
  ctx.app.inject({ url: `/api/v1/chats/with/${otherId}`, headers: viewer.headers });

async function pairRows(student: TestUser, teacher: TestTeacher) {
  const rows = await ctx.database.db
    .select()
    .from(conversations)
    .where(or(eq(conversations.studentId, student.user.id), eq(conversations.teacherId, teacher.user.id)));
  return rows.filter((row) => row.studentId === student.user.id && row.teacherId === teacher.user.id);
}

describe('who may start a conversation', () => {
  it('a teacher cannot write first to a student who never booked them or wrote to them (403, nothing stored)', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const rest = await withUser(teacher, student.user.id);
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toMatchObject({ status: 403, code: 'forbidden' });
    const ack = await send(teacher, { recipientId: student.user.id, content: 'Cheap lessons, call me!' });
    expect(ack).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await pairRows(student, teacher)).toEqual([]);
    const stored = await ctx.database.db.select().from(messages).where(eq(messages.senderId, teacher.user.id));
    expect(stored).toEqual([]);
  });

  it('a student may write to any teacher, and the teacher may then answer', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const first = await send(student, { recipientId: teacher.user.id, content: 'Hello, are you free?' });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const opened = await withUser(teacher, student.user.id);
    expect(opened.statusCode).toBe(200);
    expect((opened.json() as ConversationSummary).conversationId).toBe(first.message.conversationId);
    const answer = await send(teacher, {
      conversationId: first.message.conversationId,
      recipientId: student.user.id,
      content: 'Yes, on Monday',
    });
    expect(answer).toMatchObject({ ok: true, message: { seq: 2, senderId: teacher.user.id } });
    // Without the conversation id too.
    expect(await send(teacher, { recipientId: student.user.id, content: 'See you' })).toMatchObject({ ok: true });
  });

  it('a teacher may write first to a student who booked them, whatever became of the booking', async () => {
    const teacher = await f.teacher();
    for (const status of ['pending', 'confirmed', 'completed', 'cancelled'] as const) {
      const student = await f.student();
      await f.reservation({ studentId: student.user.id, teacherId: teacher.profile.id, status });
      expect((await withUser(teacher, student.user.id)).statusCode, status).toBe(200);
      const ack = await send(teacher, { recipientId: student.user.id, content: 'About our lesson' });
      expect(ack, status).toMatchObject({ ok: true, message: { seq: 1, senderId: teacher.user.id } });
    }
    // A booking of another teacher does not count.
    const other = await f.teacher();
    const student = await f.student();
    await f.reservation({ studentId: student.user.id, teacherId: other.profile.id, status: 'completed' });
    expect((await withUser(teacher, student.user.id)).statusCode).toBe(403);
  });

  it('a conversation the student only opened is neither listed to the teacher nor open to them', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const opened = await withUser(student, teacher.user.id);
    expect(opened.statusCode).toBe(200);
    const { conversationId } = opened.json() as ConversationSummary;
    const list = await ctx.app.inject({ url: '/api/v1/chats', headers: teacher.headers });
    expect((list.json() as { data: ConversationSummary[] }).data).toEqual([]);
    const ack = await send(teacher, { conversationId, recipientId: student.user.id, content: 'Saw you looking' });
    expect(ack).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // The student's own list still has it.
    const mine = await ctx.app.inject({ url: '/api/v1/chats', headers: student.headers });
    expect((mine.json() as { data: ConversationSummary[] }).data.map((c) => c.conversationId)).toEqual([
      conversationId,
    ]);
  });
});

/** A real 1x1 PNG, uploaded as multipart. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadImage(owner: TestUser, purpose: 'chat' | 'public'): Promise<{ id: string; path: string }> {
  const boundary = `----chat${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG_1X1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/files/upload?purpose=${purpose}`,
    payload,
    headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { file: { id: string; path: string } }).file;
}

describe('chat attachments are private to the conversation', () => {
  it('the two participants fetch a sent image (private, no-store); a stranger gets 404, a guest 401', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const stranger = await f.student();
    const image = await uploadImage(student, 'chat');
    const ack = await send(student, { recipientId: teacher.user.id, content: '', attachments: [image.id] });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.message.attachments).toEqual([
      { id: image.id, url: image.path, mimeType: 'image/png', size: expect.any(Number) },
    ]);
    for (const viewer of [student, teacher]) {
      const got = await ctx.app.inject({ url: image.path, headers: viewer.headers });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['cache-control']).toBe('private, no-store');
    }
    const other = await ctx.app.inject({ url: image.path, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'notFound' });
    const guest = await ctx.app.inject({ url: image.path });
    expect(guest.statusCode).toBe(401);
    // Another teacher the student writes to cannot see it either.
    const otherTeacher = await f.teacher();
    expect((await ctx.app.inject({ url: image.path, headers: otherTeacher.headers })).statusCode).toBe(404);
  });

  it('only chat uploads of the sender may be attached, each in one conversation only', async () => {
    const teacher = await f.teacher();
    const otherTeacher = await f.teacher();
    const student = await f.student();
    // A public upload (a profile photo) is not a chat attachment.
    const photo = await uploadImage(student, 'public');
    expect(await send(student, { recipientId: teacher.user.id, content: 'x', attachments: [photo.id] })).toMatchObject({
      ok: false,
      error: { fields: { attachments: 'invalid' } },
    });
    const image = await uploadImage(student, 'chat');
    expect(
      await send(student, { recipientId: teacher.user.id, content: 'first', attachments: [image.id] }),
    ).toMatchObject({ ok: true });
    // Sent again in the same conversation: fine. Into another conversation: refused (it would leak).
    expect(
      await send(student, { recipientId: teacher.user.id, content: 'again', attachments: [image.id] }),
    ).toMatchObject({ ok: true });
    expect(
      await send(student, { recipientId: otherTeacher.user.id, content: 'fwd', attachments: [image.id] }),
    ).toMatchObject({ ok: false, error: { fields: { attachments: 'invalid' } } });
    expect((await ctx.app.inject({ url: image.path, headers: otherTeacher.headers })).statusCode).toBe(404);
    // The public photo stays public.
    const publicPhoto = await ctx.app.inject({ url: photo.path });
    expect(publicPhoto.statusCode).toBe(200);
    expect(publicPhoto.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
