import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty: the embedded PGlite project. Set: the PostgreSQL project (a fresh database per test file). */
    databaseUrl: string;
  }
}

/** A fresh, migrated database of the kind this vitest project runs on. */
export async function createTestDatabase(): Promise<Database> {
  const url = inject('databaseUrl');
  if (!url) {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const name = `ustaz_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: testUrl.toString() });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-dist' }),
    ...overrides,
  };
}

/** Builds the real app on a fresh database; call `close()` in afterAll. */
export async function createTestApp(overrides: Partial<Config> = {}) {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database });
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
