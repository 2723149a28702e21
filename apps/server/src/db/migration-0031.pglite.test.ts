import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { textLanguage } from '@ustaz/contract';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOldUser } from '../test/old-rows.ts';
import { type Database, openDatabase, rawQueryOf } from './client.ts';

/*
 * Migration 0031 on a database that already holds reviews: each gets the language its comment is
 * written in, by the same rule the server applies on every write (the contract's textLanguage), and
 * the column is required from then on. Runs on PGlite (the same SQL runs on PostgreSQL at start).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const HOUR = 3600_000;
let database: Database;
let dir: string;

function writeJournalUpTo(folder: string, tag: string | null) {
  const source = JSON.parse(readFileSync(path.join(here, 'migrations', 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = tag === null ? source.entries.length - 1 : source.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...source, entries: source.entries.slice(0, end + 1) }),
  );
}

async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await rawQueryOf(database.db)<T>(text, params)).rows;
}

const migrateWith = (folder: string) =>
  // openDatabase chose PGlite, so its drizzle handle is PGlite's (the Db type is the drivers' common one).
  migrate(database.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: folder });

/** Comments as users write them: Arabic, English, mixed, none, Arabic digits and punctuation only, Persian. */
const COMMENTS = ['شرح ممتاز', 'Great lesson', 'Great lesson, شكراً', '', '٥/٥ ، ؟', 'خیلی خوب بود گ'];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-migration-'));
  cpSync(path.join(here, 'migrations'), path.join(dir, 'migrations'), { recursive: true });
  database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  writeJournalUpTo(path.join(dir, 'migrations'), '0030_bilingual_brand');
  await migrateWith(path.join(dir, 'migrations'));
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0031: the language of the reviews written before it', () => {
  it("backfills each review's language by script, as textLanguage does, and requires it from then on", async () => {
    // Rows as they were at 0030 (the factories speak today's schema).
    const person = (email: string, roleId: number) => insertOldUser(database.db, email, roleId);
    const studentId = await person('old-student@example.com', 3);
    const [profile] = await sql<{ id: number }>('insert into teacher_profiles (user_id) values ($1) returning id', [
      await person('old-teacher@example.com', 2),
    ]);
    const teacherId = profile?.id as number;
    // Two reviews a lesson (one each way): three lessons for the six comments.
    for (let lesson = 0; lesson < COMMENTS.length / 2; lesson++) {
      const start = new Date(Date.now() - (lesson + 1) * 24 * HOUR);
      const [slot] = await sql<{ id: number }>(
        `insert into time_slots (teacher_id, start_time, end_time, price_fils, status)
         values ($1, $2, $3, 10000, 'booked') returning id`,
        [teacherId, start, new Date(start.getTime() + HOUR)],
      );
      const [reservation] = await sql<{ id: number }>(
        `insert into reservations (student_id, teacher_id, time_slot_id, status, start_time, end_time, price_fils)
         values ($1, $2, $3, 'completed', $4, $5, 10000) returning id`,
        [studentId, teacherId, slot?.id, start, new Date(start.getTime() + HOUR)],
      );
      for (const [side, type] of ['student_to_teacher', 'teacher_to_student'].entries()) {
        await sql(
          `insert into reviews (reservation_id, type, rating, comment, teacher_id, student_id)
           values ($1, $2, 5, $3, $4, $5)`,
          [reservation?.id, type, COMMENTS[lesson * 2 + side], teacherId, studentId],
        );
      }
    }

    writeJournalUpTo(path.join(dir, 'migrations'), null);
    await migrateWith(path.join(dir, 'migrations'));

    const rows = await sql<{ comment: string; language: string }>('select comment, language from reviews');
    expect(rows).toHaveLength(COMMENTS.length);
    for (const row of rows) expect(row.language, row.comment).toBe(textLanguage(row.comment));
    expect(new Map(rows.map((row) => [row.comment, row.language]))).toEqual(
      new Map([
        ['شرح ممتاز', 'ar'],
        ['Great lesson', 'en'],
        ['Great lesson, شكراً', 'ar'],
        ['', 'en'],
        ['٥/٥ ، ؟', 'en'],
        ['خیلی خوب بود گ', 'ar'],
      ]),
    );
    // A write without a language, or with another one, is refused.
    const [any] = await sql<{ reservation_id: number }>('select reservation_id from reviews limit 1');
    await expect(
      sql('update reviews set language = null where reservation_id = $1', [any?.reservation_id]),
    ).rejects.toThrow();
    await expect(
      sql(`update reviews set language = 'fr' where reservation_id = $1`, [any?.reservation_id]),
    ).rejects.toThrow();
  });
});
