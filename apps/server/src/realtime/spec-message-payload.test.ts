import { randomUUID } from 'node:crypto';
import type { ChatMessage, MessageAck } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { messages } from '../db/schema.ts';
import { nextEvent, signedInWithSession, useSocketClients } from '../test/sockets.ts';
import { useListeningTestApp } from '../test/test-app.ts';

const { t: ctx, f } = useListeningTestApp({ rateLimitMax: 1_000_000 });
const connectSocket = useSocketClients();

const send = (socket: Socket, payload: Record<string, unknown>): Promise<MessageAck> =>
  socket.timeout(3000).emitWithAck('message', payload);

const rowsOf = (conversationId: number) =>
  ctx.database.db.select().from(messages).where(eq(messages.conversationId, conversationId));

describe("the socket `message` event with the spec's payload (issue 30 item 26)", () => {
  it('takes conversationId, content, attachments and recipientId without clientMessageId; each send is a message', async () => {
    const student = await signedInWithSession(ctx.database, f, 'student');
    const teacher = await signedInWithSession(ctx.database, f, 'teacher');
    const s = await connectSocket(ctx.url, student.token);
    const t = await connectSocket(ctx.url, teacher.token);

    const arrives = nextEvent<ChatMessage>(t, 'message:new', 3000);
    const first = await send(s, { content: 'مرحبا أستاذ', attachments: [], recipientId: teacher.user.id });
    expect(first).toMatchObject({ ok: true, message: { content: 'مرحبا أستاذ', seq: 1, senderId: student.user.id } });
    if (!first.ok) return;
    expect((await arrives).id).toBe(first.message.id);

    // The spec's full payload, conversationId included; the same text again is a second message.
    const payload = {
      conversationId: first.message.conversationId,
      content: 'مرحبا أستاذ',
      attachments: [],
      recipientId: teacher.user.id,
    };
    const second = await send(s, payload);
    expect(second).toMatchObject({ ok: true, message: { seq: 2, conversationId: first.message.conversationId } });
    expect(second.ok && second.message.id).not.toBe(first.message.id);
    const reply = await send(t, { ...payload, content: 'Hello', recipientId: student.user.id });
    expect(reply).toMatchObject({ ok: true, message: { seq: 3, senderId: teacher.user.id } });
    expect(await rowsOf(first.message.conversationId)).toHaveLength(3);
  });

  it('with a clientMessageId, a resend of the spec payload is stored once and answered with the same message', async () => {
    const student = await signedInWithSession(ctx.database, f, 'student');
    const teacher = await signedInWithSession(ctx.database, f, 'teacher');
    const s = await connectSocket(ctx.url, student.token);
    const payload = {
      content: 'Are you free?',
      attachments: [],
      recipientId: teacher.user.id,
      clientMessageId: randomUUID(),
    };
    const first = await send(s, payload);
    const again = await send(s, payload);
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.message.id).toBe(first.message.id);
    expect(again.message.clientMessageId).toBe(payload.clientMessageId);
    expect(await rowsOf(first.message.conversationId)).toHaveLength(1);
  });

  it('still refuses an empty message and a bad clientMessageId', async () => {
    const student = await signedInWithSession(ctx.database, f, 'student');
    const teacher = await signedInWithSession(ctx.database, f, 'teacher');
    const s = await connectSocket(ctx.url, student.token);
    expect(await send(s, { content: '  ', attachments: [], recipientId: teacher.user.id })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(
      await send(s, { content: 'x', attachments: [], recipientId: teacher.user.id, clientMessageId: '' }),
    ).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
