import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty: the embedded PGlite project. Set: the PostgreSQL project (a fresh database per test file). */
    databaseUrl: string;
    /** Set when REDIS_URL is: the multi-process realtime tests use it. */
    redisUrl: string;
  }
}

/**
 * A new, empty database `name` on the PostgreSQL server of `baseUrl` (`create database`): its URL,
 * and `drop()`, which removes it, connections and all.
 */
export async function createPostgresDatabase(baseUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated database of the kind this vitest project runs on. */
export async function createTestDatabase(): Promise<Database> {
  const url = inject('databaseUrl');
  if (!url) {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const own = await createPostgresDatabase(url, `ustaz_test_${randomBytes(6).toString('hex')}`);
  const database = await openDatabase({ kind: 'postgres', url: own.url });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await own.drop();
    },
  };
}

/** A port that was free a moment ago (listened on, then closed): for a server to start on, or a URL nothing answers. */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      MAIL_OUTBOX_DIR: path.join(os.tmpdir(), 'ustaz-test-mail'),
      UPLOADS_DIR: path.join(os.tmpdir(), `ustaz-test-uploads-${process.pid}`),
      PUBLIC_URL: 'http://ustaz.test',
      // Google sign-in is off unless a test turns it on (google.test.ts, google-sandbox.test.ts).
      GOOGLE_SANDBOX: 'false',
    }),
    ...overrides,
  };
}

/** Builds the real app on a fresh database; call `close()` in afterAll. */
export async function createTestApp(overrides: Partial<Config> = {}, { clock }: { clock?: Clock } = {}) {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, ...(clock ? { clock } : {}) });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The newest queued mail to an address, with the links it carries. */
export async function latestMailTo(database: Database, to: string) {
  const { mailOutbox } = await import('../db/schema.ts');
  const { desc, eq } = await import('drizzle-orm');
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!mail) return undefined;
  const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
  return { ...mail, links };
}
