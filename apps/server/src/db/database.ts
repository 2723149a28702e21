import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

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
