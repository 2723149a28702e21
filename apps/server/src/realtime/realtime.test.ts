import { randomUUID } from 'node:crypto';
import type { AuthRenewAck, ChatMessage, MessageAck, UserStatusEvent } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { messages, notifications, sessions, users } from '../db/schema.ts';
import { revokeUserSessions } from '../modules/auth/auth.repo.ts';
import { randomToken, sha256 } from '../modules/auth/tokens.ts';
import { testConfig } from '../test/helpers.ts';
import { nextEvent, signedInWithSession, testTokens, useSocketClients } from '../test/sockets.ts';
import { useListeningTestApp } from '../test/test-app.ts';
import { MESSAGE_BURST, memoryMessageLimiter } from './message-limiter.ts';

const { t: ctx, f } = useListeningTestApp({ rateLimitMax: 1_000_000 });
const connectSocket = useSocketClients();

/** A connected client, or the connect error's message. */
const client = (token: string | null, extra: { origin?: string } = {}) => connectSocket(ctx.url, token, extra);

const next = <T>(socket: Socket, event: string, timeoutMs = 3000) => nextEvent<T>(socket, event, timeoutMs);

function send(socket: Socket, payload: Record<string, unknown>): Promise<MessageAck> {
  return socket.timeout(3000).emitWithAck('message', payload);
}

const signedIn = (kind: 'student' | 'teacher') => signedInWithSession(ctx.database, f, kind);
/** A student, then a teacher, each signed in. */
const studentAndTeacher = async () => ({ student: await signedIn('student'), teacher: await signedIn('teacher') });

describe('socket authentication', () => {
  it('refuses no token, a forged token, a token without a live session, and a foreign Origin', async () => {
    const student = await signedIn('student');
    await expect(client(null)).rejects.toThrow('unauthorized');
    await expect(client(`${student.token}x`)).rejects.toThrow('unauthorized');
    const expired = await testTokens.sign(
      { userId: student.user.id, roleId: student.user.roleId, sessionFamily: student.familyId },
      Date.now() - 20 * 60_000,
    );
    await expect(client(expired.token)).rejects.toThrow('unauthorized');
    // A real refresh token of a live session: it is not an access token.
    const refreshToken = randomToken();
    await ctx.database.db.insert(sessions).values({
      userId: student.user.id,
      familyId: student.familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await expect(client(refreshToken)).rejects.toThrow('unauthorized');
    const loose = await f.student(); // signed, but its session revoked: as after logout
    await revokeUserSessions(ctx.database.db, loose.user.id);
    await expect(client(loose.headers.authorization.slice(7))).rejects.toThrow('unauthorized');
    await expect(client(student.token, { origin: 'https://evil.example' })).rejects.toThrow();
    const ok = await client(student.token, { origin: new URL(testConfig().publicUrl).origin });
    expect(ok.connected).toBe(true);
  });

  it('a logout closes the sockets of that session, not the others', async () => {
    const student = await signedIn('student');
    const other = await signedIn('student');
    const a = await client(student.token);
    const b = await client(other.token);
    const closed = next<string>(a, 'disconnect');
    ctx.app.realtime.disconnectSession(student.familyId);
    expect(await closed).toBe('io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.connected).toBe(true);
  });
});

describe('token renewal on the open socket (auth:renew)', () => {
  /** An access token of `who`'s session (or `familyId`) that expires in about `seconds` seconds. */
  const tokenExpiringIn = async (who: { user: { id: number; roleId: number }; familyId: string }, seconds: number) =>
    (
      await testTokens.sign(
        { userId: who.user.id, roleId: who.user.roleId, sessionFamily: who.familyId },
        Date.now() - (15 * 60 - seconds) * 1000,
      )
    ).token;
  const renew = (socket: Socket, token: string): Promise<AuthRenewAck> =>
    socket.timeout(3000).emitWithAck('auth:renew', { token });
  /** Whether `socket` is disconnected by the server within `ms`. */
  const closedWithin = (socket: Socket, ms: number) =>
    next<string>(socket, 'disconnect', ms).then(
      (reason) => reason,
      () => null,
    );

  it('a new token of the same session keeps the socket past the old expiry; without it the socket closes', async () => {
    const student = await signedIn('student');
    const renewed = await client(await tokenExpiringIn(student, 2));
    const notRenewed = await client(await tokenExpiringIn(student, 2));
    const closing = closedWithin(notRenewed, 4000);
    expect(await renew(renewed, student.token)).toEqual({ ok: true });
    expect(await closing).toBe('io server disconnect');
    expect(renewed.connected).toBe(true);
    // Still served as that user after the old token's expiry.
    const conversations = await renewed.timeout(3000).emitWithAck('getLastMessages');
    expect(conversations).toEqual([]);
  });

  it("refuses another user's token and another session's token; the socket keeps its identity and closes at its old expiry", async () => {
    const student = await signedIn('student');
    const other = await signedIn('student');
    const secondFamily = randomUUID();
    await ctx.database.db.insert(sessions).values({
      userId: student.user.id,
      familyId: secondFamily,
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const s = await client(await tokenExpiringIn(student, 3));
    const closing = closedWithin(s, 5000);
    const refusedUser = await renew(s, other.token);
    expect(refusedUser).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const refusedSession = await renew(s, await tokenExpiringIn({ ...student, familyId: secondFamily }, 600));
    expect(refusedSession).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await renew(s, 'not-a-token')).toMatchObject({ ok: false });
    // Still the student: the other user's notifications do not reach this socket.
    const [row] = await ctx.database.db
      .insert(notifications)
      .values({ userId: other.user.id, type: 'message.new', data: {} })
      .returning();
    const stray = next(s, 'notification', 1500).then(
      () => 'received',
      () => 'none',
    );
    expect(row).toBeDefined();
    expect(await stray).toBe('none');
    expect(await closing).toBe('io server disconnect');
  });

  it('refuses a token of a session logged out since', async () => {
    const student = await signedIn('student');
    const s = await client(await tokenExpiringIn(student, 600));
    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.familyId, student.familyId));
    expect(await renew(s, student.token)).toMatchObject({ ok: false });
  });
});

describe('suspension', () => {
  it("a suspended user's sockets close within the 5 s check", async () => {
    const student = await signedIn('student');
    const s = await client(student.token);
    const closed = next<string>(s, 'disconnect', 8000);
    await ctx.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, student.user.id));
    const started = Date.now();
    expect(await closed).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(6000);
    await expect(client(student.token)).rejects.toThrow('unauthorized');
  });
});

describe('chat over the socket', () => {
  it('stores before it tells both sides, once per client id, with a per-conversation seq', async () => {
    const { student, teacher } = await studentAndTeacher();
    const s = await client(student.token);
    const t = await client(teacher.token);
    const arrives = next<ChatMessage>(t, 'message:new');
    const echo = next<ChatMessage>(s, 'message:new');
    const clientMessageId = randomUUID();
    const ack = await send(s, { recipientId: teacher.user.id, content: ' Hello teacher ', clientMessageId });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.message).toMatchObject({
      content: 'Hello teacher',
      seq: 1,
      senderId: student.user.id,
      recipientId: teacher.user.id,
    });
    const got = await arrives;
    expect(got.id).toBe(ack.message.id);
    expect((await echo).id).toBe(ack.message.id);
    // Persisted: the row exists with the same id.
    const [row] = await ctx.database.db.select().from(messages).where(eq(messages.id, got.id));
    expect(row?.clientMessageId).toBe(clientMessageId);
    // A resend (lost ack) is stored once and answered with the same message.
    const again = await send(s, { recipientId: teacher.user.id, content: 'Hello teacher', clientMessageId });
    expect(again.ok && again.message.id).toBe(ack.message.id);
    const rows = await ctx.database.db.select().from(messages).where(eq(messages.conversationId, got.conversationId));
    expect(rows).toHaveLength(1);
    const reply = await send(t, {
      conversationId: got.conversationId,
      recipientId: student.user.id,
      content: 'Hi',
      clientMessageId: randomUUID(),
    });
    expect(reply.ok && reply.message.seq).toBe(2);
  });

  it('a third user can neither read nor post into a conversation', async () => {
    const { student, teacher } = await studentAndTeacher();
    const stranger = await signedIn('student');
    const s = await client(student.token);
    const ack = await send(s, { recipientId: teacher.user.id, content: 'private', clientMessageId: randomUUID() });
    if (!ack.ok) throw new Error('send failed');
    const conversationId = ack.message.conversationId;
    const x = await client(stranger.token);
    const post = await send(x, {
      conversationId,
      recipientId: teacher.user.id,
      content: 'intrude',
      clientMessageId: randomUUID(),
    });
    expect(post).toMatchObject({ ok: false, error: { code: 'notFound' } });
    const read = await ctx.app.inject({ url: `/api/v1/chats/${conversationId}/messages`, headers: stranger.headers });
    expect(read.statusCode).toBe(404);
    const mine = await ctx.app.inject({ url: `/api/v1/chats/${conversationId}/messages`, headers: teacher.headers });
    expect(mine.json().data.map((m: ChatMessage) => m.content)).toEqual(['private']);
    // student to student is not a chat
    const peer = await send(x, { recipientId: student.user.id, content: 'hi', clientMessageId: randomUUID() });
    expect(peer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it("refuses a message without a recipient, empty, or with someone else's file", async () => {
    const { student, teacher } = await studentAndTeacher();
    const s = await client(student.token);
    expect(await send(s, { content: 'x', clientMessageId: randomUUID() })).toMatchObject({
      ok: false,
      error: { fields: { recipientId: 'required' } },
    });
    expect(
      await send(s, { recipientId: teacher.user.id, content: '   ', clientMessageId: randomUUID() }),
    ).toMatchObject({ ok: false });
    const foreign = await send(s, {
      recipientId: teacher.user.id,
      content: 'x',
      attachments: [randomUUID()],
      clientMessageId: randomUUID(),
    });
    expect(foreign).toMatchObject({ ok: false, error: { fields: { attachments: 'invalid' } } });
    // An id past the 32-bit columns is the sender's mistake, not a failed query.
    expect(await send(s, { recipientId: 2 ** 31, content: 'x', clientMessageId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { recipientId: 'tooBig' } },
    });
  });

  it('typing, read receipts, history paging and catch-up after seq', async () => {
    const { student, teacher } = await studentAndTeacher();
    const s = await client(student.token);
    const t = await client(teacher.token);
    let conversationId = 0;
    let lastId = 0;
    for (let i = 1; i <= 5; i += 1) {
      const ack = await send(s, { recipientId: teacher.user.id, content: `m${i}`, clientMessageId: randomUUID() });
      if (!ack.ok) throw new Error('send');
      conversationId = ack.message.conversationId;
      lastId = ack.message.id;
    }
    const typing = next<{ conversationId: number; userId: number; typing: boolean }>(t, 'user:typing');
    s.emit('typing:start', { conversationId });
    expect(await typing).toEqual({ conversationId, userId: student.user.id, typing: true });
    const list = await ctx.app.inject({ url: '/api/v1/chats', headers: teacher.headers });
    expect(list.json().data[0]).toMatchObject({
      conversationId,
      unreadCount: 5,
      online: true,
      lastMessage: { content: 'm5' },
    });
    const read = next<{ messageIds: number[]; lastReadSeq: number; readerId: number }>(s, 'message:read');
    await t.timeout(3000).emitWithAck('mark:read', { conversationId, messageId: lastId });
    const receipt = await read;
    expect(receipt).toMatchObject({ lastReadSeq: 5, readerId: teacher.user.id });
    expect(receipt.messageIds).toHaveLength(5);
    const after = await ctx.app.inject({ url: '/api/v1/chats', headers: teacher.headers });
    expect(after.json().data[0].unreadCount).toBe(0);
    const page = await ctx.app.inject({
      url: `/api/v1/chats/${conversationId}/messages?limit=2`,
      headers: student.headers,
    });
    expect(page.json()).toMatchObject({ hasMore: true });
    expect(page.json().data.map((m: ChatMessage) => m.seq)).toEqual([4, 5]);
    expect(page.json().data[1].readAt).not.toBeNull();
    const older = await ctx.app.inject({
      url: `/api/v1/chats/${conversationId}/messages?beforeSeq=4&limit=10`,
      headers: student.headers,
    });
    expect(older.json()).toMatchObject({ hasMore: false });
    expect(older.json().data.map((m: ChatMessage) => m.seq)).toEqual([1, 2, 3]);
    const missed = await ctx.app.inject({
      url: `/api/v1/chats/${conversationId}/messages?afterSeq=3`,
      headers: teacher.headers,
    });
    expect(missed.json().data.map((m: ChatMessage) => m.seq)).toEqual([4, 5]);
  });

  it('getLastMessages answers each conversation with its last message and unread count', async () => {
    const { student, teacher } = await studentAndTeacher();
    const s = await client(student.token);
    await send(s, { recipientId: teacher.user.id, content: 'first', clientMessageId: randomUUID() });
    const t = await client(teacher.token);
    const pushed = next<{ unreadCount: number; lastMessage: ChatMessage }[]>(t, 'lastMessages');
    t.emit('getLastMessages');
    const list = await pushed;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ unreadCount: 1, lastMessage: { content: 'first' } });
  });
});

describe('chat rate limit', () => {
  it('is one budget per user: two sockets of one user share it; another user keeps theirs', async () => {
    const { student, teacher } = await studentAndTeacher();
    const other = await signedIn('student');
    const first = await client(student.token);
    const second = await client(student.token);
    const acks: MessageAck[] = [];
    for (let i = 0; i < MESSAGE_BURST; i += 1) {
      const socket = i % 2 === 0 ? first : second;
      acks.push(await send(socket, { recipientId: teacher.user.id, content: `m${i}`, clientMessageId: randomUUID() }));
    }
    expect(acks.filter((ack) => ack.ok)).toHaveLength(MESSAGE_BURST);
    // The budget is spent on both sockets, and a new socket of the same user gets no fresh one.
    for (const socket of [first, second, await client(student.token)]) {
      expect(
        await send(socket, { recipientId: teacher.user.id, content: 'one more', clientMessageId: randomUUID() }),
      ).toMatchObject({ ok: false, error: { code: 'tooManyRequests' } });
    }
    const stored = await ctx.database.db.select().from(messages).where(eq(messages.senderId, student.user.id));
    expect(stored).toHaveLength(MESSAGE_BURST);
    const o = await client(other.token);
    expect(await send(o, { recipientId: teacher.user.id, content: 'hi', clientMessageId: randomUUID() })).toMatchObject(
      { ok: true },
    );
  });

  it('the window ends: a spent budget is whole again after it (in-process limiter)', async () => {
    let now = 1_000_000;
    const limiter = memoryMessageLimiter({ limit: 2, windowMs: 1000 }, () => now);
    expect([await limiter.take(1), await limiter.take(1), await limiter.take(1)]).toEqual([true, true, false]);
    expect(await limiter.take(2)).toBe(true);
    now += 999;
    expect(await limiter.take(1)).toBe(false);
    now += 1;
    expect([await limiter.take(1), await limiter.take(1), await limiter.take(1)]).toEqual([true, true, false]);
  });
});

describe('presence', () => {
  it('stays online while one of two tabs is open; offline after the last closes', async () => {
    const { student, teacher } = await studentAndTeacher();
    const t = await client(teacher.token);
    const s1 = await client(student.token);
    await send(s1, { recipientId: teacher.user.id, content: 'hi', clientMessageId: randomUUID() });
    const s2 = await client(student.token);
    expect((await ctx.app.realtime.onlineAmong([student.user.id])).has(student.user.id)).toBe(true);
    s1.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await ctx.app.realtime.onlineAmong([student.user.id])).has(student.user.id)).toBe(true);
    const offline = next<UserStatusEvent>(t, 'user:status');
    s2.disconnect();
    expect(await offline).toEqual({ userId: student.user.id, status: 'offline', online: false });
    expect((await ctx.app.realtime.onlineAmong([student.user.id])).has(student.user.id)).toBe(false);
  });
});

describe('notifications', () => {
  it('an offline recipient gets a message notification; the count, list and mark-as-read work; it is pushed live', async () => {
    const { student, teacher } = await studentAndTeacher();
    const s = await client(student.token);
    await send(s, { recipientId: teacher.user.id, content: 'Are you free on Monday?', clientMessageId: randomUUID() });
    // Written just after the message is sent (the sender does not wait for it).
    await expect
      .poll(
        async () =>
          (
            await ctx.app.inject({
              url: `/api/notifications/count?userId=${teacher.user.id}`,
              headers: teacher.headers,
            })
          ).json().count,
      )
      .toBe(1);
    const list = await ctx.app.inject({ url: '/api/notifications?page=1&limit=10', headers: teacher.headers });
    expect(list.json()).toMatchObject({ total: 1, unreadCount: 1 });
    const item = list.json().data[0];
    expect(item).toMatchObject({
      type: 'message.new',
      data: { senderId: student.user.id, preview: 'Are you free on Monday?' },
    });
    const other = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${item.id}/mark-as-read`,
      headers: student.headers,
    });
    expect(other.statusCode).toBe(404);
    const marked = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${item.id}/mark-as-read`,
      headers: teacher.headers,
    });
    expect(marked.json().readAt).not.toBeNull();
    expect((await ctx.app.inject({ url: '/api/notifications/count', headers: teacher.headers })).json()).toEqual({
      count: 0,
    });

    // Online now: a new notification is pushed to the socket.
    const t = await client(teacher.token);
    // (The message notification from a moment ago may be pushed first: wait for this one.)
    const live = new Promise<{ type: string }>((resolve) => {
      t.on('notification', (payload: { type: string }) => {
        if (payload.type === 'booking.received') resolve(payload);
      });
    });
    await ctx.database.db
      .insert(notifications)
      .values({ userId: teacher.user.id, type: 'booking.received', data: { reservationIds: [1] } });
    await ctx.app.realtime.pushNewNotifications();
    expect(await live).toMatchObject({ type: 'booking.received', data: { reservationIds: [1] } });
    const all = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/mark-all-as-read',
      headers: teacher.headers,
    });
    expect(all.json()).toEqual({ count: 1 });
    // An online recipient gets no message notification.
    await send(s, { recipientId: teacher.user.id, content: 'again', clientMessageId: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await ctx.app.inject({ url: '/api/notifications/count', headers: teacher.headers })).json()).toEqual({
      count: 0,
    });
  });
});
