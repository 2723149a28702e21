import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import type { LedgerSummary } from '../db/inventory.ts';
import { describeFailure } from '../failure-text.ts';
import { type BackupManifest, backup, type DatabaseLocation, restore } from './backup.ts';
import { kwd, OperatorRefusal, safeUrl } from './inventory.ts';
import { moveToPostgres } from './move-to-postgres.ts';
import { removeDemoCommand } from './remove-demo-command.ts';

/**
 * The operator's database commands (`npm run db:move-to-postgres | db:backup | db:restore | db:remove-demo -- ...`),
 * run by scripts/ops.mjs: from the TypeScript source in a development checkout, from dist/ in a
 * production install. The database and the uploads folder default to the app's own configuration
 * (DATABASE_URL or PGLITE_DIR, UPLOADS_DIR), so the same environment as the server's is enough.
 */
/** One line (or several) on stdout: the command's report. */
const say = (text: string) => process.stdout.write(`${text}\n`);

const USAGE = `Usage:
  npm run db:move-to-postgres -- --to postgres://user:pass@host/db [--from <PGlite data dir>]
  npm run db:backup -- [--out <new folder>] [--from <postgres URL | PGlite data dir>] [--uploads <folder>]
  npm run db:restore -- <backup folder> [--to <postgres URL | PGlite data dir>] [--uploads <folder>]
  npm run db:remove-demo -- [--dry-run] [--database <postgres URL | PGlite data dir>] [--uploads <folder>]`;

const location = (value: string): DatabaseLocation =>
  /^postgres(ql)?:\/\//.test(value)
    ? { kind: 'postgres', url: value }
    : { kind: 'pglite', dataDir: path.resolve(value) };

const describe = (where: DatabaseLocation) =>
  where.kind === 'postgres' ? `PostgreSQL ${safeUrl(where.url)}` : `PGlite in ${where.dataDir}`;

function ledgerLines(ledger: LedgerSummary): string[] {
  return [
    `ledger: ${ledger.transfers} transfers, ${ledger.entries} entries summing to ${kwd(ledger.entriesSum)}, ` +
      `${ledger.unbalancedTransfers} unbalanced transfers, ${ledger.driftingAccounts} accounts off their entries`,
    `balances by kind: ${Object.entries(ledger.byKind)
      .map(([kind, total]) => `${kind} ${kwd(total)}`)
      .join(', ')} (${Object.keys(ledger.balances).length} accounts, each compared)`,
  ];
}

function rowLines(rows: Record<string, number>): string[] {
  const filled = Object.entries(rows).filter(([, n]) => n > 0);
  const total = filled.reduce((sum, [, n]) => sum + n, 0);
  return [
    `${total} rows in ${filled.length} of ${Object.keys(rows).length} tables: ${filled.map(([t, n]) => `${t} ${n}`).join(', ')}`,
  ];
}

function manifestLines(manifest: BackupManifest): string[] {
  return [
    `kind ${manifest.kind}, made ${manifest.createdAt}, ${manifest.migrations.applied} migrations`,
    `database file ${manifest.database.file} (${manifest.database.bytes} bytes, sha256 ${manifest.database.sha256.slice(0, 16)}...)`,
    `uploads: ${manifest.uploads.files} files, ${manifest.uploads.bytes} bytes`,
    ...rowLines(manifest.rows),
    ...ledgerLines(manifest.ledger),
  ];
}

const parseOptions = (args: string[]) =>
  parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      out: { type: 'string' },
      uploads: { type: 'string' },
      database: { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(rest);
  } catch (error) {
    throw new OperatorRefusal(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    say(USAGE);
    return;
  }
  const config = loadConfig();
  const own: DatabaseLocation = config.database;
  const uploadsDir = path.resolve(values.uploads ?? config.uploadsDir);
  const print = (lines: string[]) => say(lines.map((line) => `  ${line}`).join('\n'));

  if (command === 'move-to-postgres') {
    if (!values.to || location(values.to).kind !== 'postgres')
      throw new OperatorRefusal(`--to postgres://... is required (a new, empty database)\n${USAGE}`);
    const from = values.from ? location(values.from) : own;
    if (from.kind !== 'pglite')
      throw new OperatorRefusal(
        'The source is the embedded database: unset DATABASE_URL, or name its folder with --from <PGlite data dir>',
      );
    const summary = await moveToPostgres({ dataDir: from.dataDir, targetUrl: values.to, log: say });
    say(`Moved PGlite in ${summary.source} to ${summary.target} in ${summary.seconds.toFixed(1)} s:`);
    print([
      `${summary.migrations.applied} migrations applied on the target`,
      ...rowLines(summary.rows),
      `${Object.keys(summary.sequences).length} sequences set to the source's positions`,
      ...ledgerLines(summary.ledger),
      'verified: row counts, every row (per-table fingerprints), ledger sums and every balance are equal',
      `next: start the app with DATABASE_URL=${summary.target} (the uploads stay in ${uploadsDir})`,
    ]);
    return;
  }
  if (command === 'backup') {
    const from = values.from ? location(values.from) : own;
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const outDir = path.resolve(values.out ?? path.join('backups', `ustaz-${from.kind}-${stamp}`));
    const manifest = await backup({ database: from, uploadsDir, outDir });
    say(`Backed up ${describe(from)} and ${uploadsDir} to ${outDir}:`);
    print(manifestLines(manifest));
    return;
  }
  if (command === 'restore') {
    const [backupDir] = positionals;
    if (!backupDir) throw new OperatorRefusal(`The backup folder is required\n${USAGE}`);
    const to = values.to ? location(values.to) : own;
    const manifest = await restore({ backupDir: path.resolve(backupDir), database: to, uploadsDir });
    say(`Restored ${path.resolve(backupDir)} into ${describe(to)} and ${uploadsDir}; checked against its manifest:`);
    print(manifestLines(manifest));
    return;
  }
  if (command === 'remove-demo') {
    const where = values.database ? location(values.database) : own;
    await removeDemoCommand({ where, describe: describe(where), uploadsDir, dryRun: !!values['dry-run'], say });
    return;
  }
  throw new OperatorRefusal(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // A refusal is one message. Anything else is a failure: first one line saying what failed and
  // why (each cause: the database's own reason under Drizzle's "Failed query"), then its stack
  // for whoever investigates.
  if (error instanceof OperatorRefusal) process.stderr.write(`${error.message}\n`);
  else {
    const stack = error instanceof Error && error.stack ? `\n${error.stack.split('\n').slice(1).join('\n')}` : '';
    process.stderr.write(`Failed: ${describeFailure(error)}${stack}\n`);
  }
  process.exit(1);
});
