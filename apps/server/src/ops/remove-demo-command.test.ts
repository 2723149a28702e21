import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rawQueryOf } from '../db/client.ts';
import { countDemoAccounts } from '../seed/demo-accounts.ts';
import { createFactories } from '../test/factories.ts';
import { createPostgresDatabase } from '../test/helpers.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../test/money.ts';
import type { DatabaseLocation } from './backup.ts';

/**
 * Issue 29, `npm run db:remove-demo` as an operator runs it (scripts/ops.mjs, a child process) on the
 * database this project runs on: a dry run, the removal with its counts, a second run that finds
 * nothing, and a refusal (exit code 1, one message naming the lesson) that changes nothing.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const postgresUrl = inject('databaseUrl');
const dir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-remove-demo-command-'));
const uploads = path.join(dir, 'uploads');
const HOUR_MS = 60 * 60 * 1000;
let place: DatabaseLocation;
let where: string;
let realId: number;
let drop: (() => Promise<void>) | undefined;

const command = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/ops.mjs', 'remove-demo', '--database', where, '--uploads', uploads, ...args], {
    cwd: serverRoot,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });

/** Opens the database (closed again after `work`: an embedded one belongs to one process at a time). */
async function withDatabase<T>(work: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const database = await openDatabase(place);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** A demo teacher (an @ustaz.example address) with a lesson of a demo student, who has a demo wallet. */
async function addDemo(suffix: string, lesson: { studentId?: number; start?: Date } = {}) {
  return withDatabase(async (database) => {
    const f = createFactories(database);
    const teacher = await f.teacher();
    await rawQueryOf(database.db)('update users set email = $1 where id = $2', [
      `teacher${suffix}@ustaz.example`,
      teacher.user.id,
    ]);
    const student = await f.student({ email: `student${suffix}@ustaz.example` });
    await fundWallet(database.db, student.user.id, 50_000);
    await f.reservation({
      studentId: lesson.studentId ?? student.user.id,
      teacherId: teacher.profile.id,
      status: lesson.start ? 'confirmed' : 'completed',
      ...(lesson.start ? { start: lesson.start } : {}),
    });
  });
}

beforeAll(async () => {
  if (postgresUrl) {
    const created = await createPostgresDatabase(postgresUrl, `ustaz_rmdemo_${randomBytes(6).toString('hex')}`);
    drop = created.drop;
    place = { kind: 'postgres', url: created.url };
    where = created.url;
  } else {
    place = { kind: 'pglite', dataDir: path.join(dir, 'db') };
    where = place.dataDir;
  }
  realId = await withDatabase(async (database) => {
    await database.migrate();
    const real = await createFactories(database).student();
    await fundWallet(database.db, real.user.id, 10_000);
    return real.user.id;
  });
  await addDemo('');
}, 120_000);

afterAll(async () => {
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run db:remove-demo (the real command)', () => {
  it('prints what a dry run would remove and keeps it', async () => {
    const dry = command('--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^Would remove the demo data from .+ \(dry run: nothing was changed\):\n/);
    expect(dry.stdout).toMatch(/rows: .*reservations 1.*users 2/);
    expect(await withDatabase((database) => countDemoAccounts(database.db))).toBe(2);
  }, 60_000);

  it('removes the demo, prints the counts, and finds nothing the second time', async () => {
    const run = command();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Removed the demo data from .+ in one transaction:\n/);
    expect(run.stdout).toMatch(/rows: .*ledger_accounts 1.*reservations 1.*teacher_profiles 1.*users 2/);
    expect(run.stdout).toContain(
      // The demo wallet's top-up, and the lesson's (a test top-up, then its booking into escrow).
      'ledger: 3 transfers (6 entries) of the demo data, whole; system accounts moved by escrow -10.000 KWD, gateway +60.000 KWD',
    );
    const again = command();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout.trim()).toMatch(/^No demo accounts in .+: nothing to remove\.$/);
    await withDatabase(async (database) => {
      expect(await countDemoAccounts(database.db)).toBe(0);
      expect(await walletOf(database.db, realId)).toBe(10_000);
      await expectLedgerConsistent(database.db);
    });
  }, 90_000);

  it("refuses while a real user's lesson with a demo teacher is ahead: exit code 1, one message, nothing changed", async () => {
    await addDemo('2', { studentId: realId, start: new Date(Date.now() + 72 * HOUR_MS) });
    const refused = command();
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    const lines = refused.stderr.trim().split('\n');
    expect(lines[0]).toMatch(
      /^Refusing to remove the demo data from .+: real users' rows would be touched; nothing was changed/,
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^ {2}reservation #\d+ \(confirmed, starts .+\) of .+@example\.com with teacher2@ustaz\.example is not over/,
      ),
    ]);
    expect(await withDatabase((database) => countDemoAccounts(database.db))).toBe(2);
  }, 60_000);
});
