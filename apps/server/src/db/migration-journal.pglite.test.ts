import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rawQueryOf } from './client.ts';

/*
 * Drizzle's migrator runs a migration only when its journal `when` is later than the `when` of the
 * last migration the database holds. A migration whose `when` is earlier than an older one's is
 * silently skipped on every database that already has the older one: an upgrade that never
 * happens. So `when` must grow with the index.
 *
 * 0021 is the one exception that stays: it landed together with 0020 (stop 25), so every database
 * holds both, and giving it a later `when` now would run it a second time on those databases.
 * 0023 was written with an earlier `when` than 0022's and is mended (its `when` is now 0022's + 1,
 * still before 0024's): a database migrated to 0022 alone gets 0023 on its next start.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
type Journal = { entries: { idx: number; tag: string; when: number }[] };
const journalOf = (folder: string) =>
  JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
const KEPT_EXCEPTIONS = ['0021_meeting_link'];

describe('the migrations journal', () => {
  it('numbers entries in order and gives each a later `when` than every entry before it (0021 excepted)', () => {
    const { entries } = journalOf(path.join(here, 'migrations'));
    expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_, index) => index));
    const late: string[] = [];
    let latest = 0;
    for (const entry of entries) {
      if (entry.when <= latest && !KEPT_EXCEPTIONS.includes(entry.tag)) late.push(`${entry.tag} (${entry.when})`);
      latest = Math.max(latest, entry.when);
    }
    expect(late).toEqual([]);
  });

  describe('a database migrated to 0022 (before 0023 existed)', () => {
    let dir: string;
    let database: Database;

    afterAll(async () => {
      await database?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('gets 0023 (payments.redirect_url) and the rest on its next start', async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-journal-'));
      const folder = path.join(dir, 'migrations');
      cpSync(path.join(here, 'migrations'), folder, { recursive: true });
      const full = journalOf(folder);
      const upTo = (tag: string) => {
        const end = full.entries.findIndex((entry) => entry.tag === tag);
        writeFileSync(
          path.join(folder, 'meta', '_journal.json'),
          JSON.stringify({ ...full, entries: full.entries.slice(0, end + 1) }),
        );
      };
      database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
      const db = database.db as unknown as Parameters<typeof migrate>[0];
      const columns = async () =>
        (
          await rawQueryOf(database.db)<{ column_name: string }>(
            `select column_name from information_schema.columns where table_name = 'payments'`,
            [],
          )
        ).rows.map((row) => row.column_name);

      upTo('0022_subject_synonyms');
      await migrate(db, { migrationsFolder: folder });
      expect(await columns()).not.toContain('redirect_url');

      writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(full));
      await migrate(db, { migrationsFolder: folder });
      expect(await columns()).toContain('redirect_url');
      const applied = await rawQueryOf(database.db)<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
        [],
      );
      expect(applied.rows[0]?.n).toBe(full.entries.length);
    });
  });
});
