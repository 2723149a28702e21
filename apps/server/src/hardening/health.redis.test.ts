import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, testConfig } from '../test/helpers.ts';

/**
 * Issue 13 "/api/health says which part is down", for Redis (the redis project, REDIS_URL set):
 * the app reaches the real Redis through a TCP relay of this test; cutting the relay is Redis
 * going away. The database still serves, so the answer stays 200, `degraded`, `redis: 'down'`.
 * The process lives through it: the adapter's subscriptions rejected unhandled when the connection
 * dropped (`Socket closed unexpectedly`), which vitest reports as errors and Node as a crash.
 */
const redisUrl = inject('redisUrl');
if (!redisUrl) throw new Error('this file runs in the redis project, with REDIS_URL set');

/**
 * A relay to Redis that can be cut (every connection ended, no new ones) and mended, or stalled
 * (connections stay open but Redis's answers are held back) and resumed.
 */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  const fromRedis = new Set<Socket>();
  let cut = false;
  const server = createServer((incoming) => {
    if (cut) return incoming.destroy();
    const outgoing = tcpConnect(Number(target.port || 6379), target.hostname);
    fromRedis.add(outgoing);
    outgoing.on('close', () => fromRedis.delete(outgoing));
    for (const s of [incoming, outgoing]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    mend() {
      cut = false;
    },
    stall() {
      for (const s of fromRedis) s.pause();
    },
    resume() {
      for (const s of fromRedis) s.resume();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('health with Redis', () => {
  let database: Database;
  let app: FastifyInstance;
  let relay: Awaited<ReturnType<typeof startRelay>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(redisUrl);
    relay = await startRelay(target);
    const viaRelay = new URL(redisUrl);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    app = await buildApp({
      config: testConfig({ redisUrl: viaRelay.toString(), redisPrefix: `health-${randomBytes(4).toString('hex')}` }),
      database,
    });
    await app.realtime.start();
    await app.ready();
  });
  afterAll(async () => {
    relay.mend();
    await app.close();
    await relay.close();
    await database.close();
  });

  it('says redis up, then down (200, degraded) when Redis goes away, then up again', async () => {
    const up = await app.inject({ url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });

    relay.cut();
    await expect
      .poll(async () => (await app.inject({ url: '/api/health' })).json(), { timeout: 5_000 })
      .toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

    relay.mend();
    await expect
      .poll(async () => (await app.inject({ url: '/api/health' })).json(), { timeout: 15_000 })
      .toMatchObject({ status: 'ok', redis: 'up' });
  });

  it('ready (issue 20) is 503 while Redis is away, and while it is connected but does not answer a PING', async () => {
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);

    relay.cut();
    await expect
      .poll(async () => (await app.inject({ url: '/api/health/ready' })).statusCode, { timeout: 5_000 })
      .toBe(503);
    expect((await app.inject({ url: '/api/health/ready' })).json()).toMatchObject({ database: 'up', redis: 'down' });
    relay.mend();
    await expect
      .poll(async () => (await app.inject({ url: '/api/health/ready' })).statusCode, { timeout: 15_000 })
      .toBe(200);

    // The clients still count as connected: only the PING, unanswered within 1 s, tells.
    relay.stall();
    const stalled = await app.inject({ url: '/api/health/ready' });
    expect(stalled.statusCode).toBe(503);
    expect(stalled.json()).toMatchObject({ database: 'up', redis: 'down' });
    relay.resume();
    await expect
      .poll(async () => (await app.inject({ url: '/api/health/ready' })).statusCode, { timeout: 5_000 })
      .toBe(200);
  });
});
