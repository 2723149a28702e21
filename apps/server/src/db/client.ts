import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
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

/**
 * Plain SQL with positional parameters, straight to the driver. Only for hot reads where the
 * bench shows the query builder's cost (ARCHITECTURE.md "Budgets"); everything else uses Drizzle.
 */
export type RawQuery = <Row extends Record<string, unknown>>(
  text: string,
  params: unknown[],
) => Promise<{ rows: Row[] }>;

const rawQueries = new WeakMap<object, RawQuery>();

/** The plain-SQL door of a database opened by `openDatabase` (outside any transaction). */
export function rawQueryOf(db: Db): RawQuery {
  const query = rawQueries.get(db);
  if (!query) throw new Error('rawQueryOf: this Db was not opened by openDatabase');
  return query;
}

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
    // Nor a checked-out one's: a connection killed between two queries of a transaction (the
    // database restarting) emits 'error' with no pool listener attached. Its next query fails, and
    // the pool drops it when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema });
    // Drizzle's pooled transaction() runs BEGIN outside the try/finally that releases the client
    // (drizzle-orm#6241): a BEGIN that fails, as on a connection the database just dropped, leaks
    // the client, and a few database restarts leave the pool empty. Each transaction runs on a
    // client checked out here and released here, whatever happens; pg-pool drops a dead one.
    const onClient = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
    db.transaction = (async (transaction, config) => {
      const client = await pool.connect();
      try {
        let clientDb = onClient.get(client);
        if (!clientDb) {
          clientDb = drizzlePg(client, { schema });
          onClient.set(client, clientDb);
        }
        return await clientDb.transaction(transaction, config);
      } finally {
        client.release();
      }
    }) as typeof db.transaction;
    rawQueries.set(db, (text, params) => pool.query(text, params));
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
  // The migrations create these extensions (slot exclusion constraint, trigram search indexes);
  // PGlite must have them loaded when it opens.
  const client = await PGlite.create({
    ...(inMemory ? {} : { dataDir: database.dataDir }),
    extensions: { btree_gist, pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  rawQueries.set(db, (text, params) => client.query(text, params));
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
