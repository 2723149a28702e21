import { randomBytes, randomUUID } from 'node:crypto';
import type { ChatMessage, MessageAck, UserStatusEvent } from '@ustaz/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { notifications, teacherProfiles } from '../db/schema.ts';
import { createFactories } from '../test/factories.ts';
import { createTestDatabase, testConfig } from '../test/helpers.ts';
import { nextEvent, signedInWithSession, useSocketClients } from '../test/sockets.ts';
import { MESSAGE_BURST, MESSAGE_WINDOW_MS } from './message-limiter.ts';

/**
 * Two server instances on one database, fanned out through the real Redis (REDIS_URL): what runs
 * behind a load balancer. Each has its own socket.io server, port and notification poller.
 */
let database: Database;
let f: ReturnType<typeof createFactories>;
const nodes: { app: FastifyInstance; url: string; closed: boolean }[] = [];
const connectSocket = useSocketClients();

async function startNode(prefix: string) {
  const app = await buildApp({
    config: testConfig({ redisUrl: inject('redisUrl'), redisPrefix: prefix, rateLimitMax: 1_000_000 }),
    database,
  });
  await app.realtime.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const node = { app, url: `http://127.0.0.1:${address.port}`, closed: false };
  nodes.push(node);
  return node;
}

const signedIn = (kind: 'student' | 'teacher') => signedInWithSession(database, f, kind);

const client = (url: string, token: string) => connectSocket(url, token);

const next = <T>(socket: Socket, event: string, timeoutMs = 5000) => nextEvent<T>(socket, event, timeoutMs);

const send = (socket: Socket, payload: Record<string, unknown>): Promise<MessageAck> =>
  socket.timeout(5000).emitWithAck('message', payload);

let a: Awaited<ReturnType<typeof startNode>>;
let b: Awaited<ReturnType<typeof startNode>>;
let prefix = '';

beforeAll(async () => {
  database = await createTestDatabase();
  f = createFactories(database);
  prefix = `ustaz-test-${randomBytes(6).toString('hex')}`;
  a = await startNode(prefix);
  b = await startNode(prefix);
});
afterAll(async () => {
  for (const node of nodes) if (!node.closed) await node.app.close();
  await database.close();
});

describe('two server processes through Redis', () => {
  it('a message sent to process A reaches a socket on process B; presence is seen from both', async () => {
    const student = await signedIn('student');
    const teacher = await signedIn('teacher');
    const s = await client(a.url, student.token);
    const t = await client(b.url, teacher.token);
    expect((await a.app.realtime.onlineAmong([teacher.user.id])).has(teacher.user.id)).toBe(true);
    expect((await b.app.realtime.onlineAmong([student.user.id])).has(student.user.id)).toBe(true);
    const arrives = next<ChatMessage>(t, 'message:new');
    const ack = await send(s, { recipientId: teacher.user.id, content: 'across nodes', clientMessageId: randomUUID() });
    expect(ack.ok).toBe(true);
    expect(await arrives).toMatchObject({ content: 'across nodes', senderId: student.user.id });
    // Typing crosses too.
    const typing = next<{ typing: boolean }>(s, 'user:typing');
    t.emit('typing:start', { conversationId: (await arrives).conversationId });
    expect((await typing).typing).toBe(true);
  });

  it('a recipient on the other process gets no notification while online, one once offline; presence asked in one batch', async () => {
    const student = await signedIn('student');
    const teacher = await signedIn('teacher');
    const nobody = await signedIn('student');
    const s = await client(a.url, student.token);
    const t = await client(b.url, teacher.token);
    // From A: the student is local, the teacher on B, `nobody` nowhere; asked together.
    const online = await a.app.realtime.onlineAmong([student.user.id, teacher.user.id, nobody.user.id]);
    expect([...online].sort()).toEqual([student.user.id, teacher.user.id].sort());
    const messageNotifications = () =>
      database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, teacher.user.id), eq(notifications.type, 'message.new')));
    const arrives = next<ChatMessage>(t, 'message:new');
    expect(
      (await send(s, { recipientId: teacher.user.id, content: 'while on', clientMessageId: randomUUID() })).ok,
    ).toBe(true);
    await arrives;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await messageNotifications()).toEqual([]);
    // The teacher leaves B: the student on A hears it, and the next message becomes a notification.
    const offline = next<UserStatusEvent>(s, 'user:status');
    t.disconnect();
    expect(await offline).toMatchObject({ userId: teacher.user.id, online: false });
    expect(
      (await send(s, { recipientId: teacher.user.id, content: 'while off', clientMessageId: randomUUID() })).ok,
    ).toBe(true);
    for (let i = 0; i < 50 && (await messageNotifications()).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await messageNotifications()).map((row) => (row.data as { preview: string }).preview)).toEqual([
      'while off',
    ]);
  });

  it('a logout handled by A closes the session socket on B', async () => {
    const student = await signedIn('student');
    const s = await client(b.url, student.token);
    const closed = next<string>(s, 'disconnect');
    a.app.realtime.disconnectUser(student.user.id);
    expect(await closed).toBe('io server disconnect');
  });

  it('a lesson:signal from the student on A reaches the teacher on B, and no third user', async () => {
    const student = await signedIn('student');
    const teacher = await signedIn('teacher');
    const stranger = await signedIn('student');
    const [profile] = await database.db
      .select({ id: teacherProfiles.id })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.userId, teacher.user.id));
    // Starts in 5 minutes: the room is open (from 10 minutes before).
    const start = new Date(Date.now() + 5 * 60_000);
    const { id } = await f.reservation({
      studentId: student.user.id,
      teacherId: profile?.id ?? 0,
      status: 'confirmed',
      start,
    });
    const s = await client(a.url, student.token);
    const t = await client(b.url, teacher.token);
    const x = await client(b.url, stranger.token);
    const leaked: unknown[] = [];
    x.on('lesson:signal', (event: unknown) => leaked.push(event));
    const join = (socket: Socket) => socket.timeout(5000).emitWithAck('lesson:join', { reservationId: id });
    expect(await join(s)).toEqual({ ok: true });
    expect(await join(t)).toEqual({ ok: true });
    expect(await join(x)).toEqual({ ok: false, code: 'notFound' });
    const offer = next<{ from: number; data: unknown }>(t, 'lesson:signal');
    const sent = await s.timeout(5000).emitWithAck('lesson:signal', { reservationId: id, data: { type: 'offer' } });
    expect(sent).toEqual({ ok: true });
    expect(await offer).toEqual({ from: student.user.id, data: { type: 'offer' } });
    expect(await x.timeout(5000).emitWithAck('lesson:signal', { reservationId: id, data: { type: 'offer' } })).toEqual({
      ok: false,
      code: 'notJoined',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leaked).toEqual([]);
  });

  it('killing one process loses no stored message; the client reconnects to the other and catches up by seq', async () => {
    // A third process of the same deployment (same Redis prefix as A and B).
    const c = await startNode(prefix);
    const student = await signedIn('student');
    const teacher = await signedIn('teacher');
    const s = await client(c.url, student.token);
    const t = await client(b.url, teacher.token);
    const received = new Map<number, ChatMessage>();
    t.on('message:new', (message: ChatMessage) => received.set(message.seq, message));
    const acked: ChatMessage[] = [];
    // 14 + 12 sends: within one user's message budget (30 per 10 s across processes).
    for (let i = 0; i < 14; i += 1) {
      const ack = await send(s, { recipientId: teacher.user.id, content: `m${i}`, clientMessageId: `k${i}` });
      if (ack.ok) acked.push(ack.message);
    }
    expect(acked).toHaveLength(14);
    // The process the student is on dies.
    c.closed = true;
    await c.app.close();
    expect(s.connected).toBe(false);
    // The student reconnects to the other process and resends what it has no ack for (none) plus more.
    const s2 = await client(b.url, student.token);
    for (let i = 12; i < 24; i += 1) {
      const ack = await send(s2, { recipientId: teacher.user.id, content: `m${i}`, clientMessageId: `k${i}` });
      if (ack.ok && !acked.some((m) => m.id === ack.message.id)) acked.push(ack.message);
    }
    expect(acked).toHaveLength(24);
    // The teacher's view after catching up by seq: every message once, in order, no gaps.
    const conversationId = acked[0]?.conversationId;
    const history = await b.app.inject({
      url: `/api/v1/chats/${conversationId}/messages?afterSeq=0&limit=100`,
      headers: teacher.headers,
    });
    const seqs = history.json().data.map((m: ChatMessage) => m.seq);
    expect(seqs).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(history.json().data.map((m: ChatMessage) => m.content)).toEqual(
      Array.from({ length: 24 }, (_, i) => `m${i}`),
    );
    expect(received.size).toBeGreaterThanOrEqual(10);
  });

  it("one user's message budget is shared by their sockets on both processes (counted in Redis)", async () => {
    const student = await signedIn('student');
    const teacher = await signedIn('teacher');
    const onA = await client(a.url, student.token);
    const onB = await client(b.url, student.token);
    let accepted = 0;
    for (let i = 0; i < MESSAGE_BURST; i += 1) {
      const ack = await send(i % 2 === 0 ? onA : onB, {
        recipientId: teacher.user.id,
        content: `r${i}`,
        clientMessageId: randomUUID(),
      });
      if (ack.ok) accepted += 1;
    }
    expect(accepted).toBe(MESSAGE_BURST);
    for (const socket of [onA, onB]) {
      expect(
        await send(socket, { recipientId: teacher.user.id, content: 'over', clientMessageId: randomUUID() }),
      ).toMatchObject({ ok: false, error: { code: 'tooManyRequests' } });
    }
    // The count lives under the deployment's prefix, with its expiry.
    const redis = createClient({ url: inject('redisUrl') });
    await redis.connect();
    try {
      const key = `${prefix}:chat:rate:${student.user.id}`;
      expect(Number(await redis.get(key))).toBe(MESSAGE_BURST + 2);
      const ttl = await redis.pTTL(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(MESSAGE_WINDOW_MS);
    } finally {
      await redis.quit();
    }
  });
});
