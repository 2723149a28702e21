import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import {
  appTables,
  beginSnapshot,
  commit,
  type LedgerSummary,
  ledgerSummary,
  type MigrationLevel,
  migrationLevel,
  notEmptyReasons,
  pgliteSql,
  pgSql,
  rowCounts,
  type Sql,
  serverMajorVersion,
} from '../db/inventory.ts';
import { describeReasons, differences, OperatorRefusal, safeUrl } from './inventory.ts';

/** Where a database is: PostgreSQL by URL, or an embedded PGlite data directory. */
export type DatabaseLocation = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** What `backup` writes beside the database file and the uploads, and what `restore` checks against. */
export type BackupManifest = {
  format: 'ustaz-backup';
  version: 1;
  kind: DatabaseLocation['kind'];
  createdAt: string;
  migrations: MigrationLevel;
  /** `database.tar.gz` (PGlite's data directory dump) or `database.pgdump` (pg_dump's custom format). */
  database: { file: string; bytes: number; sha256: string };
  uploads: { dir: 'uploads'; files: number; bytes: number };
  rows: Record<string, number>;
  ledger: LedgerSummary;
};

const PGLITE_FILE = 'database.tar.gz';
const POSTGRES_FILE = 'database.pgdump';

/**
 * `work` on an embedded database, closed after it. It opens with the extensions the migrations
 * create loaded (as db/open-pglite.ts does).
 */
async function withPglite<T>(
  options: { dataDir: string; loadDataDir?: Blob },
  work: (client: PGlite) => Promise<T>,
): Promise<T> {
  const client = await PGlite.create({ ...options, extensions: { btree_gist, pg_trgm } });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

/** `work` on a connection to the PostgreSQL database at `url`, ended after it (an end that fails is let go). */
async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Every file under `dir` (recursively): how many and their bytes. */
function folderStats(dir: string): { files: number; bytes: number } {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * An embedded database belongs to one process: PGlite keeps `postmaster.pid` in its folder while it is
 * open (and removes it on close), so a server still running on it (or killed before it closed) is
 * refused rather than read or copied half-written.
 */
export function refuseOpenEmbedded(dataDir: string): void {
  if (existsSync(path.join(dataDir, 'postmaster.pid')))
    throw new OperatorRefusal(
      `The embedded database in ${dataDir} is open (postmaster.pid): stop the server first. If none runs (it was killed), start and stop it once to close the database cleanly.`,
    );
}

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * A backup holds every account's data (IBANs, e-mails, password hashes): readable by its owner only.
 * The folder and every folder in it 0700, every file 0600, whatever the umask and the modes the
 * uploads had.
 */
function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(full, 0o700);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new OperatorRefusal(
              `${command} is not installed: install the PostgreSQL client tools of the server's major version or newer (Debian: apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/** The URL without its password, and the password for PGPASSWORD (kept off the process list). */
function connectionForTools(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs pg_dump or pg_restore on the database at `url`: `args` name it by the URL without its password (see above). */
function runOnDatabase(
  tool: 'pg_dump' | 'pg_restore',
  url: string,
  args: (dbname: string) => string[],
): Promise<string> {
  const { dbname, env } = connectionForTools(url);
  return run(tool, args(dbname), env);
}

/** Refuses a pg_dump/pg_restore older than the server: it cannot read a newer server's catalog. */
async function checkToolVersion(tool: 'pg_dump' | 'pg_restore', client: pg.Client): Promise<void> {
  const version = await run(tool, ['--version']);
  const toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);
  const serverMajor = await serverMajorVersion(pgSql(client));
  if (toolMajor < serverMajor)
    throw new OperatorRefusal(
      `${tool} ${toolMajor} is older than the PostgreSQL ${serverMajor} server: install postgresql-client-${serverMajor} or newer`,
    );
}

async function summarise(sql: Sql) {
  const tables = await appTables(sql);
  return {
    migrations: await migrationLevel(sql),
    rows: await rowCounts(sql, tables),
    ledger: await ledgerSummary(sql),
  };
}

/**
 * A consistent backup of the database and the uploads folder into `outDir` (new or empty):
 * PGlite: its data directory dumped as a tarball (the embedded database must not be open in a running
 * server: stop it first); PostgreSQL: `pg_dump --format=custom` of the snapshot whose row counts and
 * ledger sums the manifest records (the server may keep running). Then the uploads folder. The
 * backup is its owner's only: the folder 0700, every file 0600.
 */
export async function backup(options: {
  database: DatabaseLocation;
  uploadsDir: string;
  outDir: string;
}): Promise<BackupManifest> {
  const { database, uploadsDir, outDir } = options;
  if (!isEmptyFolder(outDir)) throw new OperatorRefusal(`Refusing to write the backup into ${outDir}: it is not empty`);
  if (database.kind === 'pglite') {
    if (!existsSync(database.dataDir)) throw new OperatorRefusal(`No embedded database in ${database.dataDir}`);
    refuseOpenEmbedded(database.dataDir);
  }
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  chmodSync(outDir, 0o700);
  const { summary, file } =
    database.kind === 'pglite'
      ? await withPglite({ dataDir: database.dataDir }, async (client) => {
          const summary = await summarise(pgliteSql(client));
          const dump = await client.dumpDataDir('gzip');
          writeFileSync(path.join(outDir, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
          return { summary, file: PGLITE_FILE };
        })
      : await withPgClient(database.url, async (client) => {
          await checkToolVersion('pg_dump', client);
          // pg_dump dumps the very snapshot the manifest's counts were read in.
          const sql = pgSql(client);
          const snapshot = await beginSnapshot(sql);
          const summary = await summarise(sql);
          await runOnDatabase('pg_dump', database.url, (dbname) => [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${snapshot}`,
            `--file=${path.join(outDir, POSTGRES_FILE)}`,
            `--dbname=${dbname}`,
          ]);
          await commit(sql);
          return { summary, file: POSTGRES_FILE };
        });
  if (existsSync(uploadsDir)) cpSync(uploadsDir, path.join(outDir, 'uploads'), { recursive: true });
  else mkdirSync(path.join(outDir, 'uploads'));
  const bytes = readFileSync(path.join(outDir, file));
  const manifest: BackupManifest = {
    format: 'ustaz-backup',
    version: 1,
    kind: database.kind,
    createdAt: new Date().toISOString(),
    migrations: summary.migrations,
    database: { file, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    uploads: { dir: 'uploads', ...folderStats(path.join(outDir, 'uploads')) },
    rows: summary.rows,
    ledger: summary.ledger,
  };
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  ownerOnly(outDir);
  return manifest;
}

export function readManifest(backupDir: string): BackupManifest {
  const file = path.join(backupDir, 'manifest.json');
  if (!existsSync(file)) throw new OperatorRefusal(`${backupDir} is not a backup: no manifest.json`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'ustaz-backup' || manifest.version !== 1)
    throw new OperatorRefusal(`${file}: not an Ustaz backup manifest of version 1`);
  return manifest;
}

/**
 * Restores a backup into an empty place: a PGlite data directory that does not exist or is empty, or
 * a PostgreSQL database with no migrations and no rows (`pg_restore` in one transaction); the uploads
 * into an empty folder. The database kind must be the backup's (to go from the embedded database to
 * PostgreSQL, restore it, then `db:move-to-postgres`). Then checks the restored row counts, ledger sums
 * and balances, and the uploads' count and bytes against the manifest.
 */
export async function restore(options: {
  backupDir: string;
  database: DatabaseLocation;
  uploadsDir: string;
}): Promise<BackupManifest> {
  const { backupDir, database, uploadsDir } = options;
  const manifest = readManifest(backupDir);
  if (manifest.kind !== database.kind)
    throw new OperatorRefusal(
      `This backup is of a ${manifest.kind} database; the target is ${database.kind}. Restore it into the same kind (an embedded backup into a PGLITE_DIR, then npm run db:move-to-postgres).`,
    );
  const bytes = readFileSync(path.join(backupDir, manifest.database.file));
  if (createHash('sha256').update(bytes).digest('hex') !== manifest.database.sha256)
    throw new OperatorRefusal(
      `${manifest.database.file} does not match the manifest's checksum: the backup is damaged`,
    );
  if (!isEmptyFolder(uploadsDir))
    throw new OperatorRefusal(`Refusing to restore the uploads into ${uploadsDir}: it is not empty`);
  let restored: Awaited<ReturnType<typeof summarise>>;
  if (database.kind === 'pglite') {
    if (!isEmptyFolder(database.dataDir))
      throw new OperatorRefusal(`Refusing to restore into ${database.dataDir}: it is not empty`);
    mkdirSync(database.dataDir, { recursive: true });
    restored = await withPglite({ dataDir: database.dataDir, loadDataDir: new Blob([bytes]) }, (client) =>
      summarise(pgliteSql(client)),
    );
  } else {
    restored = await withPgClient(database.url, async (client) => {
      const reasons = await notEmptyReasons(pgSql(client));
      if (reasons.length > 0)
        throw new OperatorRefusal(
          `Refusing to restore into ${safeUrl(database.url)}: it is not empty (${describeReasons(reasons)}). Create a new, empty database.`,
        );
      await checkToolVersion('pg_restore', client);
      await runOnDatabase('pg_restore', database.url, (dbname) => [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        path.join(backupDir, manifest.database.file),
      ]);
      return summarise(pgSql(client));
    });
  }
  cpSync(path.join(backupDir, 'uploads'), uploadsDir, { recursive: true });
  const problems = [
    ...differences('migrations', manifest.migrations, restored.migrations),
    ...differences('rows', manifest.rows, restored.rows),
    ...differences('ledger', manifest.ledger, restored.ledger),
    ...differences(
      'uploads',
      { files: manifest.uploads.files, bytes: manifest.uploads.bytes },
      folderStats(uploadsDir),
    ),
  ];
  if (problems.length > 0)
    throw new Error(`The restored data differs from the backup's manifest:\n  ${problems.join('\n  ')}`);
  return manifest;
}
