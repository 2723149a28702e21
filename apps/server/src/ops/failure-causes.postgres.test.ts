import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { bareServerEnv, forgetLastMigrations } from '../test/entry.ts';
import { createPostgresDatabase } from '../test/helpers.ts';

/**
 * Issue 29: a failure of an operator command or of the server's start-up migration says why, on
 * PostgreSQL: the real command and the real entry as child processes. Before, a failed migration
 * printed `Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"` and nothing about why, and the
 * operator commands printed Drizzle's error without the database's reason.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-failure-causes-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function emptyDatabase() {
  const created = await createPostgresDatabase(inject('databaseUrl'), `ustaz_fail_${randomBytes(6).toString('hex')}`);
  cleanups.push(created.drop);
  return created;
}

const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('failures say why (issue 29)', () => {
  it('db:move-to-postgres whose source fails to migrate: the first line names the statement and the reason', async () => {
    const source = path.join(dir, 'half-migrated');
    await forgetLastMigrations(source);
    const target = await emptyDatabase();
    const run = spawnSync(
      process.execPath,
      ['scripts/ops.mjs', 'move-to-postgres', '--from', source, '--to', target.url],
      {
        cwd: serverRoot,
        encoding: 'utf8',
        env: { ...process.env, LOG_LEVEL: 'silent' },
      },
    );
    expect(run.status).toBe(1);
    const [first] = linesOf(run.stderr);
    expect(first).toMatch(
      /^Failed: The database migrations failed: Failed query: CREATE TRIGGER .*: trigger ".+" for relation ".+" already exists \(SQLSTATE 42710\)$/,
    );
    expect(run.stderr).not.toContain('[object Object]');
  }, 120_000);

  it("the server's start-up migration as a role without CREATE rights: one line with PostgreSQL's reason", async () => {
    const database = await emptyDatabase();
    const role = `ustaz_nocreate_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    await admin.query(`create role ${role} login`);
    await admin.end();
    cleanups.unshift(async () => {
      const dropper = new pg.Client({ connectionString: inject('databaseUrl') });
      await dropper.connect();
      await dropper.query(`drop role if exists ${role}`);
      await dropper.end();
    });
    const url = new URL(database.url);
    url.username = role;
    url.password = '';
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      encoding: 'utf8',
      env: bareServerEnv(dir, { DATABASE_URL: url.toString() }),
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(linesOf(run.stderr)).toEqual([
      `The database migrations failed: Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle": permission denied for database ${database.name} (SQLSTATE 42501)`,
    ]);
  }, 120_000);
});
