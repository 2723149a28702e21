import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { openPglite } from './open-pglite.ts';
import { openPostgres } from './open-postgres.ts';

// The database's types and doors live in files of their own; importers keep reading them from here.
export { CATALOGUE_CHANNEL } from './catalogue-channel.ts';
export type {
  AdvisoryLock,
  Database,
  Db,
  Executor,
  PoolStats,
  RawQuery,
  RawTransaction,
  Tx,
} from './database.ts';
export { rawQueryOf, rawTransactionOf } from './raw-sql.ts';

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
    const opened = openPostgres(database.url);
    return { ...opened, migrate: () => migratePg(opened.db, { migrationsFolder }).catch(migrationFailed) };
  }
  const opened = await openPglite(database.dataDir);
  return { ...opened, migrate: () => migratePglite(opened.db, { migrationsFolder }).catch(migrationFailed) };
}
