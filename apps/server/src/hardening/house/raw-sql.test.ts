import { describe, expect, it } from 'vitest';
import { countByFile } from './allow-list.ts';
import { sqlOutsideRepos } from './raw-sql.ts';
import { itKeepsTheAllowList } from './rule-tests.ts';
import { readSources, SERVER_SRC } from './sources.ts';

/**
 * Issue 31 item 5: SQL only in `*.repo.ts`, `src/db/` and the seeds, in every file of the server's src
 * (`ops/` too): no SQL text in a string or template, no `sql` tagged template, no statement sent or
 * query built on any variable (`pool.query(`, `conn.select(…).from(`). Test code may.
 */

/**
 * On main at e854b80 the three operator commands held 72 (backup 8, inventory 33, move-to-postgres
 * 31): they copy and inventory whole databases with catalogue queries. That SQL now lives in the db
 * layer (`db/inventory.ts`, `db/database-copy.ts`), and the list is empty.
 */
const ALLOWED: Record<string, number> = {};

const breaks = countByFile(sqlOutsideRepos(readSources([SERVER_SRC])));
const offencesIn = (file: string, text: string) =>
  sqlOutsideRepos([{ file, text }]).map((o) => `${o.file.replace(/^.*\//, '')}:${o.line} ${o.what}`);

describe('SQL only in repos, db/ and the seeds', () => {
  itKeepsTheAllowList(breaks, ALLOWED, {
    holds: 'no file outside the allow-list holds SQL',
    fix: 'move the query to a *.repo.ts',
  });

  it('sees planted SQL: strings, templates, sql`…`, statements and builders on any variable', () => {
    const planted = [
      "const a = 'select id, name from users where id = $1';",
      `const b = \`insert into notes (body) values (\${body})\`;`,
      "await client.query(`set timezone = 'UTC'`);",
      'await pool.query(text);',
      'const c = sql`select 1`;',
      'await conn.select({ id: users.id }).from(users);',
      'await store.update(users).set({ name }).where(eq(users.id, id));',
      'await trx2.delete(sessions).where(eq(sessions.id, id));',
      "const d = 'begin';",
      "const e = 'update time_slots set hold = null where id = 1';",
    ].join('\n');
    expect(offencesIn('apps/server/src/ops/x.ts', planted)).toEqual([
      'x.ts:1 holds SQL text: "select id, name from users where id = $1"',
      'x.ts:2 holds SQL text: "insert into notes (body) values ( x )"',
      'x.ts:3 sends a statement: client.query(',
      'x.ts:3 holds SQL text: "set timezone = \'UTC\'"',
      'x.ts:4 sends a statement: pool.query(',
      'x.ts:5 writes SQL in a sql`…` template',
      'x.ts:6 builds a query: conn.select(…).from(',
      'x.ts:7 builds a query: store.update(…).set(',
      'x.ts:8 builds a query: trx2.delete(…).where(',
      'x.ts:9 holds SQL text: "begin"',
      'x.ts:10 holds SQL text: "update time_slots set hold = null where id = 1"',
    ]);
    expect(offencesIn('apps/server/src/modules/x/x.service.ts', "const q = 'delete from users';")).toHaveLength(1);
  });

  it('is silent on names, sentences, other calls and the places SQL belongs', () => {
    const clean = [
      'const selectedSlot = slots.select;',
      "const text = 'Select one from the list, then update your profile';",
      "const cls = 'truncate text-sm text-slate-600';",
      "const ics = 'BEGIN:VCALENDAR';",
      'seen.delete(key);',
      "createHash('sha256').update(token).digest('hex');",
      "new Intl.PluralRules('ar').select(count);",
      'const where = request.query;',
      "import { sql } from './x.ts';",
    ].join('\n');
    expect(offencesIn('apps/server/src/modules/x/x.service.ts', clean)).toEqual([]);
    const sql = "await client.query('select 1'); const q = sql`select 1`;";
    for (const file of [
      'apps/server/src/modules/x/x.repo.ts',
      'apps/server/src/db/client.ts',
      'apps/server/src/seed/seed.ts',
      'apps/server/src/ops/x.test.ts',
      'apps/server/src/test/db.ts',
    ]) {
      expect(offencesIn(file, sql), file).toEqual([]);
    }
  });
});
