import { existsSync } from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { DemoRemovalRefused, type DemoRemovalReport, removeDemoData } from '../seed/remove-demo.ts';
import { type DatabaseLocation, refuseOpenEmbedded } from './backup.ts';
import { kwd, OperatorRefusal } from './inventory.ts';

/** The report's lines: rows per table, the ledger, the accounts kept, the files. */
function reportLines(report: DemoRemovalReport, uploadsDir: string): string[] {
  const rows = Object.entries(report.removed).map(([table, n]) => `${table} ${n}`);
  const moves = Object.entries(report.ledger.systemMoves).map(
    ([kind, fils]) => `${kind} ${fils > 0 ? '+' : ''}${kwd(fils)}`,
  );
  return [
    `rows: ${rows.join(', ')}`,
    `ledger: ${report.ledger.transfers} transfers (${report.ledger.entries} entries) of the demo data, whole; ` +
      `system accounts moved by ${moves.length > 0 ? moves.join(', ') : 'nothing'} (each still the sum of its entries)`,
    ...(report.kept.length > 0
      ? [
          `kept as deleted accounts, since real users' rows point to them (no sign-in, no personal data): ${report.kept.join(', ')}`,
        ]
      : []),
    report.dryRun
      ? `uploaded files to remove: ${report.removed.files ?? 0}`
      : `files removed from ${uploadsDir}: ${report.filesOnDisk}`,
  ];
}

/**
 * `npm run db:remove-demo` (ADR 023): migrates the database to this version's level (migration 0029
 * is the removal's one way into the ledger), then removes the demo accounts and their data in one
 * transaction and prints what went; `dryRun` prints it and keeps everything. An embedded database
 * must not be open in a running server. Refuses (OperatorRefusal, nothing changed) while real
 * users' lessons or money are tied to demo accounts, naming each.
 */
export async function removeDemoCommand(options: {
  where: DatabaseLocation;
  describe: string;
  uploadsDir: string;
  dryRun: boolean;
  say: (text: string) => void;
}): Promise<void> {
  const { where, say } = options;
  if (where.kind === 'pglite') {
    if (!existsSync(where.dataDir)) throw new OperatorRefusal(`No embedded database in ${where.dataDir}`);
    refuseOpenEmbedded(where.dataDir);
  }
  const database = await openDatabase(where);
  try {
    await database.migrate();
    let report: DemoRemovalReport;
    try {
      report = await removeDemoData(database.db, { uploadsDir: options.uploadsDir, dryRun: options.dryRun });
    } catch (error) {
      if (!(error instanceof DemoRemovalRefused)) throw error;
      throw new OperatorRefusal(
        `Refusing to remove the demo data from ${options.describe}: real users' rows would be touched; nothing was changed (ADR 023):\n  ${error.blockers.join('\n  ')}`,
      );
    }
    if (Object.keys(report.removed).length === 0 && report.kept.length === 0) {
      say(`No demo accounts in ${options.describe}: nothing to remove.`);
      return;
    }
    say(
      report.dryRun
        ? `Would remove the demo data from ${options.describe} (dry run: nothing was changed):`
        : `Removed the demo data from ${options.describe} in one transaction:`,
    );
    say(
      reportLines(report, options.uploadsDir)
        .map((line) => `  ${line}`)
        .join('\n'),
    );
  } finally {
    await database.close();
  }
}
