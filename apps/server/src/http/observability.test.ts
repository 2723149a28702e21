import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { MessageAck } from '@ustaz/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, testConfig } from '../test/helpers.ts';
import { signedInWithSession, useSocketClients } from '../test/sockets.ts';
import { useListeningTestApp, useTestApp } from '../test/test-app.ts';

/** Issue 20, observability: health for load balancers, /metrics never public, request ids in every log line. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = 'metrics-token-metrics-token-0123';

describe('health for load balancers, and /metrics not public by default', () => {
  const { t } = useTestApp();

  it('live answers 200 while the process runs; ready checks the database (and says Redis is off)', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'up', redis: 'off' });
    // The old path keeps its answer.
    const old = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual(ready.json());
  });

  it('is 404 without METRICS_TOKEN, even with a bearer header', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(plain.statusCode).toBe(404);
    expect(plain.body).not.toContain('ustaz_');
    const guessed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(guessed.statusCode).toBe(404);
  });
});

describe('health with the database gone', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
    await database.close();
  });
  afterAll(() => app.close());

  it('ready is 503 naming the database; live stays 200', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'degraded', database: 'down' });
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});

describe('/metrics behind METRICS_TOKEN', () => {
  const { t, f } = useListeningTestApp({ metrics: { port: undefined, token: TOKEN } });
  const connectSocket = useSocketClients();
  const scrape = async () =>
    (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('refuses a missing or wrong token with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('ustaz_');
  });

  it('counts a request under its route pattern and status, with the business and database gauges', async () => {
    const looked = await t.app.inject({ method: 'GET', url: '/api/reviews/for-teacher/987654' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      new RegExp(
        `ustaz_http_request_duration_seconds_count\\{method="GET",route="/api/reviews/for-teacher/:id",status="${looked.statusCode}"\\} 1\\n`,
      ),
    );
    expect(text).not.toContain('987654');
    expect(text).toMatch(/\nustaz_pending_payments 0\n/);
    expect(text).toMatch(/\nustaz_held_slots 0\n/);
    expect(text).toMatch(/\nustaz_socket_connections 0\n/);
    expect(text).toContain('ustaz_chat_messages_total 0');
    expect(Number(/\nustaz_db_query_duration_seconds_count (\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
  });

  it('counts open sockets and stored chat messages (a resend of one client message id once)', async () => {
    const student = await signedInWithSession(t.database, f, 'student');
    const teacher = await signedInWithSession(t.database, f, 'teacher');
    const socket = await connectSocket(t.url, student.token);
    expect(await scrape()).toMatch(/\nustaz_socket_connections 1\n/);
    const clientMessageId = randomUUID();
    for (let i = 0; i < 2; i++) {
      const ack: MessageAck = await socket
        .timeout(3000)
        .emitWithAck('message', { recipientId: teacher.user.id, content: 'Hello', clientMessageId });
      expect(ack.ok).toBe(true);
    }
    expect(await scrape()).toContain('ustaz_chat_messages_total 1\n');
    socket.disconnect();
    await expect.poll(scrape).toMatch(/\nustaz_socket_connections 0\n/);
  });
});

describe('request ids', () => {
  const lines: string[] = [];
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        callback();
      },
    });
    app = await buildApp({ config: testConfig({ logLevel: 'info' }), database, logStream: sink });
    // A line logged through the app's own logger (not request.log) while a request is handled.
    app.get('/test/log-through-app', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      app.log.info('logged through app.log');
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const linesFor = (reqId: string) => lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === reqId);

  it("keeps a proxy's safe x-request-id, echoes it, and logs every line of the request with it", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/test/log-through-app',
      headers: { 'x-request-id': 'proxy-42.abc:7_Z' },
    });
    expect(response.headers['x-request-id']).toBe('proxy-42.abc:7_Z');
    const messages = linesFor('proxy-42.abc:7_Z').map((entry) => entry.msg);
    expect(messages).toEqual(['incoming request', 'logged through app.log', 'request completed']);
    // Bound once: no line repeats the key.
    expect(lines.filter((line) => line.includes('proxy-42')).every((line) => line.split('"reqId"').length === 2)).toBe(
      true,
    );
  });

  it('replaces a missing, long or unsafe id with a new UUID, echoed too', async () => {
    for (const header of [undefined, 'x'.repeat(65), 'a b', 'id\nforged', '<script>']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: header === undefined ? {} : { 'x-request-id': header },
      });
      const id = response.headers['x-request-id'];
      expect(id, String(header)).toMatch(UUID);
      expect(linesFor(String(id)).map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    }
  });

  it('echoes the id on error answers too', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': 'e-1' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe('e-1');
  });
});
