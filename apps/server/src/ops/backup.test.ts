import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, rawQueryOf } from '../db/client.ts';
import {
  appTables,
  ledgerSummary,
  rowCounts,
  type Sql,
  tableFingerprints,
  useStableTextForms,
} from '../db/inventory.ts';
import { createFactories } from '../test/factories.ts';
import { createPostgresDatabase } from '../test/helpers.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../test/money.ts';
import { backup, type DatabaseLocation, readManifest, restore } from './backup.ts';

/**
 * npm run db:backup, then db:restore into a new place, on the database this project runs on (PGlite's
 * data directory dump, or pg_dump of a database `ustaz_backup_<random>` on DATABASE_URL's server):
 * the restored database has the same rows in every table, the same ledger, and the uploaded file's bytes.
 */
const postgresUrl = inject('databaseUrl');
const dir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-backup-'));
const uploadsDir = path.join(dir, 'uploads');
const restoredUploads = path.join(dir, 'restored-uploads');
const photo = randomBytes(4096);
const dropLater: Array<() => Promise<void>> = [];

async function newPlace(name: string): Promise<DatabaseLocation> {
  if (!postgresUrl) return { kind: 'pglite', dataDir: path.join(dir, name) };
  const created = await createPostgresDatabase(postgresUrl, `ustaz_backup_${randomBytes(6).toString('hex')}`);
  dropLater.push(created.drop);
  return { kind: 'postgres', url: created.url };
}

const sqlOf = (database: Database): Sql => ({
  query: (text, params = []) => rawQueryOf(database.db)(text, params) as never,
});

/** Everything the comparison looks at, read from a closed database (opened, read, closed). */
async function contents(where: DatabaseLocation) {
  const database = await openDatabase(where);
  try {
    const sql = sqlOf(database);
    await useStableTextForms(sql);
    const tables = await appTables(sql);
    return {
      rows: await rowCounts(sql, tables),
      fingerprints: await tableFingerprints(sql, tables),
      ledger: await ledgerSummary(sql),
    };
  } finally {
    await database.close();
  }
}

let source: DatabaseLocation;
let studentId: number;

beforeAll(async () => {
  source = await newPlace('db');
  const database = await openDatabase(source);
  await database.migrate();
  const f = createFactories(database);
  const teacher = await f.teacher();
  const student = await f.student();
  studentId = student.user.id;
  await fundWallet(database.db, studentId, 42_500);
  await f.reservation({ studentId, teacherId: teacher.user.id, status: 'completed' });
  await database.close();
  mkdirSync(path.join(uploadsDir, 'avatars'), { recursive: true });
  writeFileSync(path.join(uploadsDir, 'avatars', 'photo.webp'), photo);
}, 120_000);

afterAll(async () => {
  for (const drop of dropLater) await drop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`db:backup and db:restore (${postgresUrl ? 'PostgreSQL, pg_dump' : 'PGlite, data directory dump'})`, () => {
  it('restores into a new place the same rows, ledger and uploaded bytes, checked against the manifest', async () => {
    const outDir = path.join(dir, 'backup');
    if (source.kind === 'pglite') {
      // The embedded database while a server has it open: refused, nothing written.
      const open = await openDatabase(source);
      await expect(backup({ database: source, uploadsDir, outDir })).rejects.toThrow(
        `The embedded database in ${source.dataDir} is open (postmaster.pid): stop the server first.`,
      );
      await open.close();
      expect(existsSync(outDir)).toBe(false);
    }
    const manifest = await backup({ database: source, uploadsDir, outDir });
    expect(manifest).toMatchObject({
      format: 'ustaz-backup',
      kind: source.kind,
      uploads: { files: 1, bytes: photo.length },
      database: { file: source.kind === 'pglite' ? 'database.tar.gz' : 'database.pgdump' },
    });
    expect(manifest.migrations.applied).toBeGreaterThan(20);
    expect(manifest.rows.users).toBe(2);
    expect(manifest.rows.reservations).toBe(1);
    expect(readManifest(outDir)).toEqual(manifest);

    const target = await newPlace('restored-db');
    await restore({ backupDir: outDir, database: target, uploadsDir: restoredUploads });
    const [before, after] = [await contents(source), await contents(target)];
    expect(after.rows).toEqual(before.rows);
    expect(after.fingerprints).toEqual(before.fingerprints);
    expect(after.ledger).toEqual(before.ledger);
    expect(readFileSync(path.join(restoredUploads, 'avatars', 'photo.webp')).equals(photo)).toBe(true);

    // The restored database is the app's: migrations have nothing left to do, money is where it was.
    const restored = await openDatabase(target);
    try {
      await restored.migrate();
      expect(await walletOf(restored.db, studentId)).toBe(42_500);
      await expectLedgerConsistent(restored.db);
    } finally {
      await restored.close();
    }

    // A place that is not empty is refused, and stays as it was.
    await expect(
      restore({ backupDir: outDir, database: target, uploadsDir: path.join(dir, 'other-uploads') }),
    ).rejects.toThrow(/Refusing to restore into .*: it is not empty/);
    await expect(restore({ backupDir: outDir, database: await newPlace('third-db'), uploadsDir })).rejects.toThrow(
      `Refusing to restore the uploads into ${uploadsDir}: it is not empty`,
    );
    expect((await contents(target)).rows).toEqual(before.rows);
  }, 180_000);

  it('writes a backup its owner alone can read: the folder and its folders 0700, every file 0600 (issue 29)', async () => {
    const outDir = path.join(dir, 'backup-modes');
    await backup({ database: source, uploadsDir, outDir });
    const modes = [
      outDir,
      ...readdirSync(outDir, { recursive: true }).map((name) => path.join(outDir, String(name))),
    ].map((file) => [path.relative(dir, file), (statSync(file).mode & 0o777).toString(8)]);
    const file = source.kind === 'pglite' ? 'database.tar.gz' : 'database.pgdump';
    expect(Object.fromEntries(modes)).toEqual({
      'backup-modes': '700',
      [`backup-modes/${file}`]: '600',
      'backup-modes/manifest.json': '600',
      'backup-modes/uploads': '700',
      'backup-modes/uploads/avatars': '700',
      'backup-modes/uploads/avatars/photo.webp': '600',
    });
  }, 120_000);
});
