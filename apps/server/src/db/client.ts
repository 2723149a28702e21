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
  /** A prepared statement's name (PostgreSQL prepares it once per connection; PGlite ignores it). */
  name?: string,
) => Promise<{ rows: Row[] }>;

/** Runs `work` in one transaction with plain SQL (BEGIN, its statements, COMMIT; ROLLBACK when it throws). */
export type RawTransaction = <T>(work: (query: RawQuery) => Promise<T>) => Promise<T>;

const rawQueries = new WeakMap<object, RawQuery>();
const rawTransactions = new WeakMap<object, RawTransaction>();

/** The plain-SQL transaction door of a database opened by `openDatabase`, for a hot path's few statements. */
export function rawTransactionOf(db: Db): RawTransaction {
  const transaction = rawTransactions.get(db);
  if (!transaction) throw new Error('rawTransactionOf: this Db was not opened by openDatabase');
  return transaction;
}

/** A pg query config: named (prepared) when a name is given. */
const pgQuery = (text: string, values: unknown[], name?: string) => (name ? { name, text, values } : { text, values });

/** The plain-SQL door of a database opened by `openDatabase` (outside any transaction). */
export function rawQueryOf(db: Db): RawQuery {
  const query = rawQueries.get(db);
  if (!query) throw new Error('rawQueryOf: this Db was not opened by openDatabase');
  return query;
}

/** A session advisory lock held on a connection of its own (see `Database.advisoryLock`). */
export type AdvisoryLock = {
  /** False once its connection is gone (the database restarted, the network dropped): the lock went with it. */
  held(): boolean;
  release(): Promise<void>;
};

/** Connections of the PostgreSQL pool (the metrics read them at scrape time). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** A cheap round trip used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The pool's connections; null on PGlite (one connection, no pool). */
  poolStats(): PoolStats | null;
  /**
   * Calls `observer` with the seconds each query took (queries through the pool and its clients on
   * PostgreSQL; PGlite's top-level queries, not those inside a transaction). One observer; null removes it.
   */
  observeQueries(observer: ((seconds: number) => void) | null): void;
  /**
   * Calls `listener` with the text of every statement sent to the database, BEGIN and COMMIT
   * included (on PGlite, whose transactions send those itself, they are reported as `begin`,
   * `commit` and `rollback`). For tests that count statements; answers a function that removes it.
   */
  traceQueries(listener: (text: string) => void): () => void;
  /**
   * Takes PostgreSQL's session advisory lock `key` on a new connection of its own if nobody holds it
   * (across processes and machines), else null. The lock lasts until `release()` or until that
   * connection ends. On PGlite (one process owns the database) it is always granted.
   */
  advisoryLock(key: number): Promise<AdvisoryLock | null>;
  /**
   * Calls `listener` when a transaction that changed what a teacher search answers commits (the
   * triggers of migration 0025 notify CATALOGUE_CHANNEL), in this process or any other on the same
   * database, and also whenever a notification might have been missed (a pool connection went
   * away). Answers a function that removes the listener. See `listenForCatalogueChanges`.
   */
  onCatalogueChange(listener: () => void): () => void;
};

/** The channel migration 0025's triggers notify on a change to teachers, their subjects, slots or names. */
export const CATALOGUE_CHANNEL = 'ustaz_catalogue';

/** Listeners of `onCatalogueChange`, and the function that calls them all. */
function catalogueListeners() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    changed() {
      for (const listener of listeners) listener();
    },
  };
}

type QueryObserver = ((seconds: number) => void) | null;

/** The listeners of `traceQueries`. */
function queryTracers() {
  const listeners = new Set<(text: string) => void>();
  return {
    add(listener: (text: string) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    trace(text: string) {
      for (const listener of listeners) listener(text);
    },
    get active() {
      return listeners.size > 0;
    },
  };
}
type QueryTracers = ReturnType<typeof queryTracers>;

/** A driver query's text: its first argument, a string or a config object with `text`. */
const textOf = (first: unknown): string =>
  typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? '');

/**
 * Wraps a driver's `query` so each call's duration reaches the current observer (promise or
 * callback form) and its text the tracers.
 */
function timeQueries(target: { query: unknown }, observer: () => QueryObserver, tracers: QueryTracers) {
  const query = (target.query as (...args: unknown[]) => unknown).bind(target);
  target.query = (...args: unknown[]) => {
    if (tracers.active) tracers.trace(textOf(args[0]));
    const observe = observer();
    if (!observe) return query(...args);
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...results: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

/**
 * PGlite runs a transaction's BEGIN and COMMIT (or ROLLBACK) itself, and its statements through the
 * transaction's own `query`/`exec`: the tracers hear all of them.
 */
function traceTransactions(client: PGlite, tracers: QueryTracers) {
  const transaction = client.transaction.bind(client);
  client.transaction = ((run: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) =>
    transaction(async (tx) => {
      if (!tracers.active) return run(tx);
      tracers.trace('begin');
      const traced = (method: 'query' | 'exec') => ({
        value: (text: string, ...rest: unknown[]) => {
          tracers.trace(text);
          return (tx[method] as (...args: unknown[]) => unknown)(text, ...rest);
        },
      });
      const tracedTx = Object.create(tx, { query: traced('query'), exec: traced('exec') }) as typeof tx;
      try {
        const result = await run(tracedTx);
        tracers.trace(tx.closed ? 'rollback' : 'commit');
        return result;
      } catch (error) {
        tracers.trace('rollback');
        throw error;
      }
    })) as PGlite['transaction'];
}

/**
 * A pool connection that LISTENs on CATALOGUE_CHANNEL as part of connecting (before anyone uses
 * it) and calls `onCatalogueChange` (an option the pool hands to each client it makes) on every
 * notification; a connection that cannot LISTEN ends and fails to connect.
 */
class ListeningClient extends pg.Client {
  constructor(config: pg.ClientConfig & { onCatalogueChange?: () => void }) {
    super(config);
    this.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) config.onCatalogueChange?.();
    });
  }

  override connect(): Promise<pg.Client>;
  override connect(callback: (error: Error | null) => void): void;
  override connect(callback?: (error: Error | null) => void): Promise<pg.Client> | undefined {
    const connected = super.connect().then(async () => {
      try {
        await super.query(`listen ${CATALOGUE_CHANNEL}`);
      } catch (error) {
        await super.end().catch(() => {});
        throw error;
      }
      return this as pg.Client;
    });
    if (!callback) return connected;
    connected.then(() => callback(null), callback);
    return undefined;
  }
}

/** Connections of the PostgreSQL pool, per process. */
const POOL_SIZE = 10;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A failed migration says so, with the database's own reason kept in `cause` (Drizzle's error says
 * only which statement failed and keeps the reason in its own cause; describeFailure prints them all).
 */
function migrationFailed(error: unknown): never {
  throw new Error('The database migrations failed', { cause: error });
}

/** Opens the database the config names: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export async function openDatabase(database: Config['database']): Promise<Database> {
  if (database.kind === 'postgres') {
    const catalogue = catalogueListeners();
    const tracers = queryTracers();
    // pg-pool passes its options to each client it makes: ListeningClient reads onCatalogueChange.
    const poolConfig: pg.PoolConfig & { onCatalogueChange: () => void } = {
      connectionString: database.url,
      max: POOL_SIZE,
      Client: ListeningClient as unknown as typeof pg.Client,
      onCatalogueChange: catalogue.changed,
    };
    const pool = new pg.Pool(poolConfig);
    // An idle client's error must not crash the process; queries surface their own errors.
    pool.on('error', () => {});
    // Nor a checked-out one's: a connection killed between two queries of a transaction (the
    // database restarting) emits 'error' with no pool listener attached. Its next query fails, and
    // the pool drops it when it is released.
    let queryObserver: QueryObserver = null;
    pool.on('connect', (client) => {
      client.on('error', () => {});
      timeQueries(client, () => queryObserver, tracers);
    });
    // Every connection LISTENs before its first use (ListeningClient). The one that commits a
    // change gets its own notification before its COMMIT answers, so a cached search is dropped
    // before the change's request returns; the others get it at once when idle, else when their
    // statement ends. With no connection nobody listens: `remove` drops everything, since a
    // listener must not trust what it derived before such a gap.
    pool.on('remove', () => catalogue.changed());
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
    rawQueries.set(db, (text, params, name) => pool.query(pgQuery(text, params, name)));
    rawTransactions.set(db, async (work) => {
      const client = await pool.connect();
      // A BEGIN, COMMIT or ROLLBACK that failed leaves the connection in doubt: the pool drops it.
      let broken: Error | undefined;
      const control = (statement: string) =>
        client.query(statement).catch((error: Error) => {
          broken = error;
          throw error;
        });
      try {
        await control('begin');
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await work((text, params, name) => client.query(pgQuery(text, params, name)));
        } catch (error) {
          await control('rollback').catch(() => {});
          throw error;
        }
        await control('commit');
        return result;
      } finally {
        client.release(broken);
      }
    });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }).catch(migrationFailed),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_SIZE }),
      onCatalogueChange: catalogue.add,
      observeQueries: (observer) => {
        queryObserver = observer;
      },
      traceQueries: tracers.add,
      advisoryLock: async (key) => {
        const client = new pg.Client({ connectionString: database.url });
        let lost = false;
        client.on('error', () => {
          lost = true;
        });
        client.on('end', () => {
          lost = true;
        });
        try {
          await client.connect();
          const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
          if (!rows[0]?.locked) {
            await client.end();
            return null;
          }
        } catch (error) {
          await client.end().catch(() => {});
          throw error;
        }
        return {
          held: () => !lost,
          async release() {
            if (lost) return;
            // Ending the session releases the lock with it.
            await client.end().catch(() => {});
          },
        };
      },
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
  let queryObserver: QueryObserver = null;
  const tracers = queryTracers();
  timeQueries(client, () => queryObserver, tracers);
  traceTransactions(client, tracers);
  // One connection: a change's notification arrives with the answer to its COMMIT.
  const catalogue = catalogueListeners();
  await client.listen(CATALOGUE_CHANNEL, () => catalogue.changed());
  const db = drizzlePglite(client, { schema });
  rawQueries.set(db, (text, params) => client.query(text, params));
  rawTransactions.set(db, (work) => client.transaction((tx) => work((text, params) => tx.query(text, params))));
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }).catch(migrationFailed),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    poolStats: () => null,
    onCatalogueChange: catalogue.add,
    observeQueries: (observer) => {
      queryObserver = observer;
    },
    traceQueries: tracers.add,
    // One process owns an embedded database: there is nobody to exclude.
    advisoryLock: async () => ({ held: () => !client.closed, release: async () => {} }),
  };
}
