import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { CATALOGUE_CHANNEL, catalogueListeners } from './catalogue-channel.ts';
import type { AdvisoryLock, Database } from './database.ts';
import { type QueryObserver, queryTracers, timeQueries } from './query-tracing.ts';
import { pgQuery, setRawDoors } from './raw-sql.ts';
import * as schema from './schema.ts';

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

type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** PostgreSQL through a pool of POOL_SIZE connections; `openDatabase` adds the migrations. */
export function openPostgres(url: string): Omit<Database, 'db' | 'migrate'> & { db: PgDb } {
  const catalogue = catalogueListeners();
  const tracers = queryTracers();
  // pg-pool passes its options to each client it makes: ListeningClient reads onCatalogueChange.
  const poolConfig: pg.PoolConfig & { onCatalogueChange: () => void } = {
    connectionString: url,
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
  releaseOnEveryTransaction(db, pool);
  setRawDoors(db, (text, params, name) => pool.query(pgQuery(text, params, name)), pgRawTransaction(pool));
  return {
    db,
    kind: 'postgres',
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
    advisoryLock: (key) => advisoryLock(url, key),
  };
}

/**
 * Drizzle's pooled transaction() runs BEGIN outside the try/finally that releases the client
 * (drizzle-orm#6241): a BEGIN that fails, as on a connection the database just dropped, leaks
 * the client, and a few database restarts leave the pool empty. Each transaction runs on a
 * client checked out here and released here, whatever happens; pg-pool drops a dead one.
 */
function releaseOnEveryTransaction(db: PgDb, pool: pg.Pool): void {
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
}

/** The plain-SQL transaction door: BEGIN, the statements, COMMIT (ROLLBACK when `work` throws), on one pool client. */
function pgRawTransaction(pool: pg.Pool): Parameters<typeof setRawDoors>[2] {
  return async (work) => {
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
  };
}

/** Database.advisoryLock on PostgreSQL: the session lock `key` on a connection of its own, or null when taken. */
async function advisoryLock(url: string, key: number): Promise<AdvisoryLock | null> {
  const client = new pg.Client({ connectionString: url });
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
}
