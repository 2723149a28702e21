import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repos accept either, so a service decides what runs atomically. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** A cheap round trip used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens the database the config names: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export async function openDatabase(database: Config['database']): Promise<Database> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle client's error must not crash the process; queries surface their own errors.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const inMemory = database.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(database.dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : database.dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
