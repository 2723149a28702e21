import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createFactories, type TestUser } from '../test/factories.ts';
import { createTestDatabase, testConfig } from '../test/helpers.ts';
import { nextSlotStart } from './support.ts';
import { expectEachUnavailable, expectHealthDown } from './unavailable.ts';

/**
 * Issue 13 "A database outage answers 503 with Retry-After, not 500; /api/health says which part
 * is down", on PGlite: the embedded database is closed under the running app.
 * (The PostgreSQL side: db-unavailable.postgres.test.ts.)
 */
const lines: string[] = [];
let database: Database;
let app: FastifyInstance;
let student: TestUser;
let slotId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ logLevel: 'warn' }),
    database,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    }),
  });
  await app.ready();
  const f = createFactories(database);
  student = await f.student();
  const teacher = await f.teacher();
  slotId = (await f.slot(teacher.profile.id, nextSlotStart())).id;
});
afterAll(async () => {
  await app.close();
});

describe('PGlite closed under the app', () => {
  it('answers 200 and health up while the database is there', async () => {
    expect((await app.inject({ url: '/api/v1/auth/me', headers: student.headers })).statusCode).toBe(200);
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'up', redis: 'off', databaseKind: 'pglite' });
  });

  it('then answers 503 serviceUnavailable with Retry-After, no stack; health says the database is down', async () => {
    await database.close();
    await expectEachUnavailable(app, student, slotId);
    await expectHealthDown(app, 'pglite');
    // Logged as an outage (a warning with the driver's reason), not as a failed request with a stack.
    const log = lines.join('');
    expect(log).toContain('database unavailable');
    expect(log).toContain('PGlite is closed');
    expect(log).not.toContain('request failed');
  });
});
