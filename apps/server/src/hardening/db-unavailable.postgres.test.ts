import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createFactories, type TestUser } from '../test/factories.ts';
import { testConfig, unusedPort } from '../test/helpers.ts';
import { createOwnDatabase } from './postgres.ts';
import { nextSlotStart } from './support.ts';
import { expectEachUnavailable, expectHealthDown } from './unavailable.ts';

/**
 * Issue 13 "A database outage answers 503 with Retry-After, not 500; /api/health says which part
 * is down", on PostgreSQL (PostgreSQL only): the app's own database stops taking connections and
 * every connection is terminated; and an app whose DATABASE_URL points at a port nothing listens on.
 * (The PGlite side: db-unavailable.pglite.test.ts; under load: db-outage.postgres.test.ts.)
 */
const baseUrl = inject('databaseUrl');
// The postgres project only (vitest.config.ts): a real PostgreSQL server is the point.
if (!baseUrl) throw new Error('this file runs in the postgres project, with DATABASE_URL set');

describe('PostgreSQL out of reach', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  let admin: pg.Client;
  let student: TestUser;
  let slotId: number;

  beforeAll(async () => {
    own = await createOwnDatabase(baseUrl, 'unavailable');
    database = await openDatabase({ kind: 'postgres', url: own.url });
    await database.migrate();
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
    const f = createFactories(database);
    student = await f.student();
    const teacher = await f.teacher();
    slotId = (await f.slot(teacher.profile.id, nextSlotStart())).id;
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${own.name} allow_connections true`).catch(() => {});
    await admin?.end();
    await app?.close();
    await database?.close();
    await own?.drop();
  });

  it('connections terminated and refused: 503 with Retry-After, no stack; health down; back once it returns', async () => {
    expect((await app.inject({ url: '/api/v1/auth/me', headers: student.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok', database: 'up' });

    await admin.query(`alter database ${own.name} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [own.name]);
    await expectEachUnavailable(app, student, slotId);
    await expectHealthDown(app, 'postgres');

    await admin.query(`alter database ${own.name} allow_connections true`);
    const up = await app.inject({ url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect((await app.inject({ url: '/api/v1/auth/me', headers: student.headers })).statusCode).toBe(200);
  });

  it('a DATABASE_URL whose port nothing listens on (connection refused): 503 and health down', async () => {
    const url = new URL(own.url);
    url.port = String(await unusedPort());
    const dead = await openDatabase({ kind: 'postgres', url: url.toString() });
    const deadApp = await buildApp({ config: testConfig(), database: dead });
    try {
      await deadApp.ready();
      await expectEachUnavailable(deadApp, student, slotId, ' (refused)');
      const health = await deadApp.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await deadApp.close();
      await dead.close();
    }
  });
});
