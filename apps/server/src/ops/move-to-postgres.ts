import { existsSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { alignSequences, copyTable, deferForeignKeys, dependencyOrder, truncateTables } from '../db/database-copy.ts';
import {
  appTables,
  begin,
  commit,
  type LedgerSummary,
  ledgerSummary,
  type MigrationLevel,
  migrationLevel,
  notEmptyReasons,
  pgSql,
  rollback,
  rowCounts,
  type Sql,
  tableFingerprints,
  useStableTextForms,
} from '../db/inventory.ts';
import { migrateInTransaction, operatorSqlOf } from '../db/operator-sql.ts';
import { describeFailure } from '../failure-text.ts';
import { refuseOpenEmbedded } from './backup.ts';
import { describeReasons, differences, OperatorRefusal, safeUrl } from './inventory.ts';

export type MoveSummary = {
  source: string;
  target: string;
  migrations: MigrationLevel;
  rows: Record<string, number>;
  sequences: Record<string, number>;
  ledger: LedgerSummary;
  seconds: number;
};

/**
 * Copies the embedded database in `dataDir` into the empty PostgreSQL database at `targetUrl`: in
 * one transaction on the target, the app's migrations, every table's rows in foreign-key order, the
 * sequences; then, still inside it, row counts, every row (a fingerprint per table), the ledger's
 * sums and every balance compared with the source; any difference rolls everything back. The source
 * is migrated to this code's level first (as the app's start would) and otherwise only read.
 * Refuses (OperatorRefusal) a target with migrations applied or any table with rows.
 */
export async function moveToPostgres(options: {
  dataDir: string;
  targetUrl: string;
  log?: (line: string) => void;
}): Promise<MoveSummary> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const target = new pg.Client({ connectionString: options.targetUrl });
  try {
    await target.connect();
  } catch (error) {
    throw new OperatorRefusal(`Cannot connect to the target ${safeUrl(options.targetUrl)}: ${describeFailure(error)}`);
  }
  const to = pgSql(target);
  try {
    const reasons = await notEmptyReasons(to);
    if (reasons.length > 0)
      throw new OperatorRefusal(
        `Refusing to copy into ${safeUrl(options.targetUrl)}: it is not empty (${describeReasons(reasons)}). Create a new, empty database for the move.`,
      );
    if (!existsSync(options.dataDir)) throw new OperatorRefusal(`No embedded database in ${options.dataDir}`);
    refuseOpenEmbedded(options.dataDir);
    const embedded = await openDatabase({ kind: 'pglite', dataDir: options.dataDir });
    try {
      log(`Source: PGlite in ${options.dataDir}; migrating it to this version's level first`);
      await embedded.migrate();
      const from: Sql = operatorSqlOf(embedded.db);
      await useStableTextForms(from);
      await useStableTextForms(to);
      const migrations = await migrationLevel(from);

      await begin(to);
      try {
        await migrateInTransaction(to);
        const targetMigrations = await migrationLevel(to);
        if (targetMigrations.applied !== migrations.applied || targetMigrations.lastHash !== migrations.lastHash)
          throw new Error(
            `migration levels differ after migrating: source ${JSON.stringify(migrations)}, target ${JSON.stringify(targetMigrations)}`,
          );
        const tables = await appTables(to);
        const tableDiff = differences('tables', await appTables(from), tables);
        if (tableDiff.length > 0) throw new Error(`the two databases have different tables: ${tableDiff.join('; ')}`);
        // Rows the migrations themselves insert (the system ledger accounts) come from the source like the rest.
        await truncateTables(to, tables);
        const { order, cyclic } = await dependencyOrder(to, tables);
        await deferForeignKeys(to, cyclic, true);
        for (const table of order) {
          const copied = await copyTable(from, to, table);
          if (copied > 0) log(`  ${table}: ${copied} rows`);
        }
        await deferForeignKeys(to, cyclic, false);
        const sequences = await alignSequences(from, to);

        const [sourceRows, targetRows] = [await rowCounts(from, tables), await rowCounts(to, tables)];
        const [sourcePrints, targetPrints] = [
          await tableFingerprints(from, tables),
          await tableFingerprints(to, tables),
        ];
        const [sourceLedger, targetLedger] = [await ledgerSummary(from), await ledgerSummary(to)];
        const problems = [
          ...differences('rows', sourceRows, targetRows),
          ...differences('contents', sourcePrints, targetPrints),
          ...differences('ledger', sourceLedger, targetLedger),
        ];
        if (problems.length > 0)
          throw new Error(`the copy differs from the source, nothing was kept:\n  ${problems.join('\n  ')}`);
        // The ledger's own deferred checks (every transfer sums to zero) run here.
        await commit(to);
        return {
          source: options.dataDir,
          target: safeUrl(options.targetUrl),
          migrations,
          rows: targetRows,
          sequences,
          ledger: targetLedger,
          seconds: (performance.now() - started) / 1000,
        };
      } catch (error) {
        await rollback(to);
        throw error;
      }
    } finally {
      await embedded.close();
    }
  } finally {
    await target.end().catch(() => {});
  }
}
