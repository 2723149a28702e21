import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { reviewsOfTeacher } from '../modules/reviews/reviews.repo.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { expectLedgerConsistent, walletOf } from '../test/money.ts';
import { seedDemoData } from './seed.ts';
import { languageOf } from './seed-reviews.ts';
import { HISTORY_STUDENT, HISTORY_TEACHER, openLessonSlotAfter } from './seed-student-history.ts';
import { TRIAL_TEACHERS } from './seed-trials.ts';

// Issue 30 item 6: the demo data is coherent, so no statement lists a taught lesson at 0.000.
let database: Database;
const silent = { info: () => {} } as unknown as Parameters<typeof seedDemoData>[1];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, silent, {
    uploadsDir: mkdtempSync(path.join(os.tmpdir(), 'ustaz-seed-')),
    platformFeePercent: 10,
  });
}, 300_000);
afterAll(() => database.close());

async function rows<T>(text: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

describe('demo data coherence', () => {
  it('every completed lesson is paid, and every review is on a paid lesson', async () => {
    const [unpaid] = await rows<{ n: number }>(
      `select count(*)::int as n from reservations where status = 'completed' and cash_fils + hours_value_fils <= 0`,
    );
    expect(unpaid?.n).toBe(0);
    const [reviewedUnpaid] = await rows<{ n: number }>(
      `select count(*)::int as n from reviews r join reservations x on x.id = r.reservation_id
        where x.status <> 'completed' or x.cash_fils + x.hours_value_fils <= 0`,
    );
    expect(reviewedUnpaid?.n).toBe(0);
    // Paid and attended by both: each review counts for a verified lesson (issue 29).
    const [unverified] = await rows<{ n: number }>(
      `select count(*)::int as n from reviews r join reservations x on x.id = r.reservation_id where not x.verified_lesson`,
    );
    expect(unverified?.n).toBe(0);
  });

  it('three demo teachers offer a trial: open 30-minute trial slots at their trial price; nobody else has trial slots (issue 32)', async () => {
    const trials = await rows<{ email: string; n: number; wrong: number }>(
      `select u.email, count(*)::int as n,
          count(*) filter (where s.price_fils <> tp.trial_price_fils or s.end_time - s.start_time <> interval '30 minutes')::int as wrong
        from time_slots s join teacher_profiles tp on tp.id = s.teacher_id join users u on u.id = tp.user_id
        where s.kind = 'trial' and s.status = 'open' and s.start_time > now() group by u.email order by u.email`,
    );
    expect(trials.map((row) => row.email)).toEqual(TRIAL_TEACHERS.map((teacher) => teacher.email));
    for (const row of trials) {
      expect(row.n, row.email).toBeGreaterThanOrEqual(5);
      expect(row.wrong, row.email).toBe(0);
    }
    const [offering] = await rows<{ n: number }>(
      `select count(*)::int as n from teacher_profiles where trial_price_fils is not null`,
    );
    expect(offering?.n).toBe(TRIAL_TEACHERS.length);
  });

  it('every demo person has a name in Arabic and one in English (ADR 020)', async () => {
    type Name = { email: string; first: string; ar: string | null; en: string | null };
    const people = await rows<Name>(
      `select email, first_name as first, first_name_ar as ar, first_name_en as en from users`,
    );
    expect(people.length).toBeGreaterThan(40);
    for (const person of people) {
      const arabic = person.ar ?? (languageOf(person.first) === 'ar' ? person.first : null);
      const english = person.en ?? (languageOf(person.first) === 'en' ? person.first : null);
      expect(arabic && languageOf(arabic), person.email).toBe('ar');
      expect(english && languageOf(english), person.email).toBe('en');
    }
  });

  it('every review text is written in one language (the list shows the page language’s first)', async () => {
    const texts = await rows<{ comment: string }>(`select comment from reviews where comment <> ''`);
    expect(texts.length).toBeGreaterThan(100);
    const languages = new Set(texts.map((row) => languageOf(row.comment)));
    expect(languages).toEqual(new Set(['ar', 'en']));
  });

  it("each demo teacher's first page of reviews shows only the page's language, in Arabic and in English", async () => {
    const teachers = await rows<{ id: number; email: string }>(
      `select tp.id, u.email from teacher_profiles tp join users u on u.id = tp.user_id
        where u.email in ('teacher@ustaz.example', 'teacher2@ustaz.example', 'teacher3@ustaz.example')`,
    );
    expect(teachers).toHaveLength(3);
    const now = new Date();
    for (const { id, email } of teachers) {
      for (const language of ['ar', 'en'] as const) {
        // The teacher page's first page: the API's default limit.
        const page = await reviewsOfTeacher(database.db, id, 10, { userId: null, now }, language);
        expect(page.length, `${email} ${language}`).toBe(10);
        expect(
          page.map((review) => languageOf(review.comment)),
          `${email} ${language}`,
        ).toEqual(Array(10).fill(language));
      }
    }
  });

  it('the demo student has lessons paid with an hour and 2.500 KWD: taught, a teacher no-show and one cancelled, each notice dated (issue 30 items 9, 10)', async () => {
    type Lesson = { status: string; reason: string | null; hours: number; cash: number; refunded: boolean };
    const lessons = await rows<Lesson>(
      `select r.status, r.cancel_reason as reason, r.hours_value_fils::int as hours, r.cash_fils::int as cash,
         exists (select 1 from ledger_transfers t where t.key = 'refund:' || r.id) as refunded
       from reservations r join users u on u.id = r.student_id
       where u.email = '${HISTORY_STUDENT}' and r.subscription_minutes > 0 order by r.start_time`,
    );
    expect(lessons).toEqual([
      { status: 'completed', reason: null, hours: 9000, cash: 2500, refunded: false },
      { status: 'cancelled', reason: 'teacherNoShow', hours: 9000, cash: 2500, refunded: true },
      { status: 'cancelled', reason: '', hours: 9000, cash: 2500, refunded: true },
    ]);
    type Notice = { type: string; data: Record<string, unknown>; late: boolean };
    const notices = await rows<Notice>(
      `select n.type, n.data, n.created_at > now() - interval '1 hour' as late from notifications n
       join users u on u.id = n.user_id where u.email = '${HISTORY_STUDENT}'
       and n.type in ('lesson.teacherNoShow', 'booking.refunded') order by n.type`,
    );
    expect(notices.map((notice) => notice.type)).toEqual(['booking.refunded', 'lesson.teacherNoShow']);
    // The refund names both sources; the no-show notice the teacher (the reader is the student).
    expect(notices[0]?.data).toMatchObject({ to: 'subscription', amount: '2.500', hours: 1 });
    expect(notices[1]?.data.teacherName).toEqual(expect.any(String));
    expect(notices.every((notice) => !notice.late)).toBe(true);
    // The demo wallet ends where it was, the package with its 4 unspent hours; the ledger holds.
    const [student] = await rows<{ id: number }>(`select id from users where email = '${HISTORY_STUDENT}'`);
    expect(await walletOf(database.db, student?.id ?? 0)).toBe(50_000);
    const [hours] = await rows<{ minutes: number }>(
      `select remaining_minutes as minutes from user_subscriptions where user_id = ${student?.id ?? 0}`,
    );
    expect(hours?.minutes).toBe(240);
    await expectLedgerConsistent(database.db);
  });

  it("the student's cancelled lesson is a lesson slot even when the teacher's next open slot is a trial (the Kuwait evening)", async () => {
    // Seeded in the evening, "3 days from now" fell after that day's last lesson slot and before the
    // next day's 15:00 trial slot of the same teacher: the cancelled lesson was a trial (CI stop 41).
    const [trial] = await rows<{ teacher: number; start: Date }>(
      `select s.teacher_id as teacher, s.start_time as start from time_slots s
         join teacher_profiles tp on tp.id = s.teacher_id join users u on u.id = tp.user_id
        where u.email = '${HISTORY_TEACHER}' and s.kind = 'trial' and s.status = 'open' and s.start_time > now()
        order by s.start_time limit 1`,
    );
    expect(trial).toBeDefined();
    const from = new Date(trial?.start ?? 0).getTime() - 60_000;
    const slot = await openLessonSlotAfter(database.db, trial?.teacher ?? 0, from);
    expect(slot?.kind).toBe('lesson');
    expect(slot?.startTime.getTime()).toBeGreaterThan(from);
  });
});
