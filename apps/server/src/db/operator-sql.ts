import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Sql } from '../db/inventory.ts';
import { type Db, rawQueryOf } from './client.ts';

/**
 * The database side of the operator commands (src/ops: backup, restore, move to PostgreSQL): they
 * work on whole databases as plain SQL, and that SQL access lives here, in the db layer (the
 * layers rule, hardening/layers.test.ts).
 */

/** An app database (opened by openDatabase) as the operator commands' `Sql`. */
export function operatorSqlOf(db: Db): Sql {
  return { query: (text, params = []) => rawQueryOf(db)(text, params) as never };
}

/** The server's migrations (beside the compiled code too: the build copies them to dist/db/migrations). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Runs the app's migrations on `sql` inside the transaction the caller has open, with Drizzle's own
 * migrator (the same statements and the same `drizzle.__drizzle_migrations` rows as at the app's
 * start), so a failure later in that transaction leaves the database as empty as it was.
 */
export async function migrateInTransaction(sql: Sql): Promise<void> {
  const dialect = new PgDialect();
  const run = (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return sql.query<Record<string, unknown>>(text, params);
  };
  // The part of a Drizzle session the migrator uses; its own transaction is the caller's.
  const session = {
    execute: run,
    all: async (query: SQL) => (await run(query)).rows,
    transaction: async (work: (tx: unknown) => Promise<void>) => work(session),
  };
  await dialect.migrate(readMigrationFiles({ migrationsFolder }), session as never, { migrationsFolder });
}
