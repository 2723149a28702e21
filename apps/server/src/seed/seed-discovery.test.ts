import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  kwdToFils,
  MIN_PRICE_PER_HOUR_FILS,
  minSlotPriceFils,
  PAYOUT_MIN_KWD,
  REVIEW_WINDOW_MS,
  ROLE,
  reviewPublishesAt,
} from '@ustaz/contract';
import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { files, reservations, reviews, subjects, teacherProfiles, timeSlots, users } from '../db/schema.ts';
import { inspectImage } from '../modules/files/image-check.ts';
import { userBalance } from '../modules/ledger/ledger.service.ts';
import { createPayoutsService } from '../modules/payouts/payouts.service.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { expectLedgerConsistent } from '../test/money.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed.ts';
import { SEED_STUDENTS, SEED_SUBJECTS, SEED_TEACHERS } from './seed-discovery.ts';
import { EARNINGS_DEMO_PAYERS, EARNINGS_DEMO_TEACHER } from './seed-earnings.ts';
import { isOneLanguage, languageOf } from './seed-reviews.ts';

const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);

let database: Database;
const FEE_PERCENT = 10;
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-seed-'));
const silent = { info: () => {} } as unknown as Parameters<typeof seedDemoData>[1];

// The whole demo seed (as seed-coherence.test.ts): longer than a hook's default on a busy machine.
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, silent, { uploadsDir, platformFeePercent: FEE_PERCENT });
}, 300_000);
afterAll(() => database.close());

async function countOf(
  table: typeof subjects | typeof teacherProfiles | typeof timeSlots | typeof reviews | typeof users | typeof files,
) {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe('demo data for discovery', () => {
  it('adds the subjects, teachers with profiles and photos, students, open slots and reviews', async () => {
    expect(await countOf(subjects)).toBe(SEED_SUBJECTS.length);
    expect(await countOf(teacherProfiles)).toBe(SEED_TEACHERS.length);
    expect(await countOf(users)).toBe(DEMO_ACCOUNTS.length + SEED_TEACHERS.length - 3 + SEED_STUDENTS.length);
    const teachersWithoutPhoto = await database.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.roleId, ROLE.teacher), sql`${users.photoFileId} is null`));
    expect(teachersWithoutPhoto[0]?.n).toBe(0);
    const open = await database.db
      .select({ n: count() })
      .from(timeSlots)
      .where(and(eq(timeSlots.status, 'open'), gt(timeSlots.startTime, sql`now()`)));
    expect(open[0]?.n).toBeGreaterThan(300);
    expect(await countOf(reviews)).toBeGreaterThan(100);
  });

  it('stores real WebP photos through the files service, a few KB each', async () => {
    const [file] = await database.db.select().from(files).limit(1);
    expect(file?.mimeType).toBe('image/webp');
    const bytes = readFileSync(path.join(uploadsDir, file?.storageKey ?? ''));
    expect(inspectImage(bytes)).toMatchObject({ mime: 'image/webp', width: 192, height: 192 });
    expect(bytes.length).toBeLessThan(5_000);
  });

  it('keeps every aggregate equal to the rows it counts (published reviews of verified lessons only)', async () => {
    // Double-blind (ADR 015): a review counts once the other side reviewed the lesson too or 7 days after
    // it was written and the lesson's review deadline passed (14 days after it, issue 30); and only for
    // a verified lesson, paid and attended by both (issue 29).
    const published =
      sql.raw(`((select greatest(r.created_at + interval '7 days', coalesce(l.end_time, l.completed_at) + interval '14 days')
        from reservations l where l.id = r.reservation_id) <= now() or exists (select 1 from reviews o
      where o.reservation_id = r.reservation_id and o.type <> r.type))
      and exists (select 1 from reservations v where v.id = r.reservation_id and v.verified_lesson)`);
    const rows = await database.db.execute(sql`
      select tp.id, tp.average_rating::float as avg, tp.rating_count as n, tp.bookings_count as b,
        coalesce((select round(avg(rating), 2)::float from reviews r where r.teacher_id = tp.id and r.type = 'student_to_teacher' and ${published}), 0) as real_avg,
        (select count(*)::int from reviews r where r.teacher_id = tp.id and r.type = 'student_to_teacher' and ${published}) as real_n,
        (select count(*)::int from reservations x where x.teacher_id = tp.id and x.verified_lesson) as real_b
      from teacher_profiles tp`);
    // Both drivers answer raw SQL with `{ rows }`.
    type Row = { avg: number; n: number; b: number; real_avg: number; real_n: number; real_b: number };
    const list = (rows as unknown as { rows: Row[] }).rows;
    expect(list.length).toBe(SEED_TEACHERS.length);
    for (const row of list) {
      expect([row.avg, row.n, row.b]).toEqual([row.real_avg, row.real_n, row.real_b]);
    }
    expect(list.filter((row) => row.n > 0).length).toBeGreaterThan(20);
  });

  it('gives completed lessons a booked slot in the past and ratings of 2 to 5, mostly 4 and 5', async () => {
    const [future] = await database.db
      .select({ n: count() })
      .from(reservations)
      .innerJoin(timeSlots, eq(timeSlots.id, reservations.timeSlotId))
      .where(and(eq(reservations.status, 'completed'), gt(timeSlots.startTime, sql`now()`)));
    expect(future?.n).toBe(0);
    const [outside] = await database.db
      .select({ n: count() })
      .from(reviews)
      .where(sql`${reviews.rating} < 2 or ${reviews.comment} = ''`);
    expect(outside?.n).toBe(0);
    const [both] = await database.db.select({ n: count() }).from(reviews).where(eq(reviews.type, 'teacher_to_student'));
    expect(both?.n).toBeGreaterThan(0);
    const ratings = await database.db
      .select({ rating: reviews.rating, n: count() })
      .from(reviews)
      .where(eq(reviews.type, 'student_to_teacher'))
      .groupBy(reviews.rating);
    const share = (r: number) => (ratings.find((row) => row.rating === r)?.n ?? 0) / sum(ratings.map((row) => row.n));
    expect(share(4) + share(5)).toBeGreaterThan(0.7);
    expect(share(3)).toBeGreaterThan(0);
    expect(share(2)).toBeGreaterThan(0);
    expect(share(2)).toBeLessThan(share(3));
  });

  it("writes dozens of different review texts, each in its writer's language, none twice on a teacher page", async () => {
    const rows = await database.db
      .select({
        teacherId: reviews.teacherId,
        type: reviews.type,
        comment: reviews.comment,
        replyText: reviews.replyText,
        createdAt: reviews.createdAt,
        studentFirstName: users.firstName,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.studentId));
    const ofStudents = rows.filter((row) => row.type === 'student_to_teacher');
    expect(new Set(ofStudents.map((row) => row.comment)).size).toBeGreaterThanOrEqual(40);
    const arabic = ofStudents.filter((row) => languageOf(row.comment) === 'ar');
    expect(arabic.length).toBeGreaterThan(20);
    expect(ofStudents.length - arabic.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(isOneLanguage(row.comment), row.comment).toBe(true);
      if (row.replyText) {
        expect(isOneLanguage(row.replyText), row.replyText).toBe(true);
        // A reply answers in the review's language.
        expect(languageOf(row.replyText), row.replyText).toBe(languageOf(row.comment));
      }
    }
    // A student writes in their own language: Arabic for an Arabic name, English for a Latin one.
    for (const row of ofStudents) {
      expect(languageOf(row.comment), row.comment).toBe(languageOf(row.studentFirstName));
    }
    // One teacher's page never shows the same review or reply twice.
    for (const teacherId of new Set(ofStudents.map((row) => row.teacherId))) {
      const page = ofStudents.filter((row) => row.teacherId === teacherId);
      expect(new Set(page.map((row) => row.comment)).size).toBe(page.length);
      const replies = page.flatMap((row) => row.replyText ?? []);
      expect(new Set(replies).size).toBe(replies.length);
    }
    // Written over the past months, not all last week.
    const oldest = Math.min(...ofStudents.map((row) => row.createdAt.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(60 * 24 * 3600_000);
  });

  it('has teachers reply to some published reviews, after publication and before now', async () => {
    const replies = await database.db.execute(sql`
      select r.id, r.rating, r.created_at as "createdAt", r.replied_at as "repliedAt",
        (select min(o.created_at) from reviews o where o.reservation_id = r.reservation_id and o.type <> r.type) as "otherAt",
        (select coalesce(l.end_time, l.completed_at) from reservations l where l.id = r.reservation_id) as "endedAt"
      from reviews r where r.reply_text is not null`);
    type Row = {
      rating: number;
      createdAt: string | Date;
      repliedAt: string | Date;
      otherAt: string | Date | null;
      endedAt: string | Date;
    };
    const list = (replies as unknown as { rows: Row[] }).rows;
    expect(list.length).toBeGreaterThan(10);
    expect(list.some((row) => row.rating <= 3)).toBe(true);
    for (const row of list) {
      const written = new Date(row.createdAt).getTime();
      // Published (ADR 015): the other side reviewed too, or 7 days after it was written and after the deadline.
      const published = Math.min(
        reviewPublishesAt(new Date(written), new Date(new Date(row.endedAt).getTime() + REVIEW_WINDOW_MS)).getTime(),
        row.otherAt ? Math.max(written, new Date(row.otherAt).getTime()) : Number.POSITIVE_INFINITY,
      );
      expect(new Date(row.repliedAt).getTime()).toBeGreaterThan(published);
      expect(new Date(row.repliedAt).getTime()).toBeLessThan(Date.now());
    }
  });

  it('gives every teacher a bio in Arabic and one in English, each in its own script', async () => {
    const bios = await database.db
      .select({ bioAr: teacherProfiles.bioAr, bioEn: teacherProfiles.bioEn })
      .from(teacherProfiles);
    expect(bios.length).toBe(SEED_TEACHERS.length);
    for (const { bioAr, bioEn } of bios) {
      expect(languageOf(bioAr), bioAr).toBe('ar');
      expect(bioEn.trim().length).toBeGreaterThan(20);
      expect(languageOf(bioEn), bioEn).toBe('en');
      // Arabic texts write Arabic-Indic digits (the web's i18n README).
      expect(bioAr).not.toMatch(/[0-9]/);
    }
  });

  it('prices every demo rate and slot at least at the minimum (0.500 KWD an hour, issue 29)', async () => {
    const [rates] = await database.db
      .select({ n: count() })
      .from(teacherProfiles)
      .where(sql`${teacherProfiles.hourlyRateFils} < ${MIN_PRICE_PER_HOUR_FILS}`);
    expect(rates?.n).toBe(0);
    const slots = await database.db
      .select({
        priceFils: timeSlots.priceFils,
        minutes: sql<number>`extract(epoch from (${timeSlots.endTime} - ${timeSlots.startTime})) / 60`,
      })
      .from(timeSlots);
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.filter((slot) => slot.priceFils < minSlotPriceFils(Number(slot.minutes)))).toEqual([]);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await Promise.all([subjects, teacherProfiles, timeSlots, reviews, users, files].map(countOf));
    await seedDemoData(database.db, silent, { uploadsDir, platformFeePercent: FEE_PERCENT });
    const after = await Promise.all([subjects, teacherProfiles, timeSlots, reviews, users, files].map(countOf));
    expect(after).toEqual(before);
    const [withVideo] = await database.db
      .select({ n: count() })
      .from(teacherProfiles)
      .where(isNotNull(teacherProfiles.videoUrl));
    expect(withVideo?.n).toBeGreaterThan(20);
  });

  it('gives every subject synonyms in both languages; an older database gets them on the next start', async () => {
    const rows = await database.db.select().from(subjects);
    for (const row of rows) {
      expect(row.synonymsAr.length, row.nameEn).toBeGreaterThan(0);
      expect(row.synonymsEn.length, row.nameEn).toBeGreaterThan(0);
    }
    const math = rows.find((row) => row.nameEn === 'Mathematics');
    expect(math?.searchText.split(' ')).toEqual(expect.arrayContaining(['maths', 'algebra', 'رياضيات', 'حساب']));
    if (!math) throw new Error('no Mathematics');

    // As a database seeded before migration 0022: no synonyms, teachers indexed without them.
    await database.db
      .update(subjects)
      .set({ synonymsAr: [], synonymsEn: [], searchText: 'x' })
      .where(eq(subjects.id, math.id));
    const teaching = sql`${teacherProfiles.id} in (select teacher_id from teacher_subjects where subject_id = ${math.id})`;
    await database.db.update(teacherProfiles).set({ searchText: 'x' }).where(teaching);
    await seedDemoData(database.db, silent, { uploadsDir, platformFeePercent: FEE_PERCENT });
    const [filled] = await database.db.select().from(subjects).where(eq(subjects.id, math.id));
    expect(filled).toMatchObject({
      synonymsEn: math.synonymsEn,
      synonymsAr: math.synonymsAr,
      searchText: math.searchText,
    });
    const reindexed = await database.db
      .select({ text: teacherProfiles.searchText })
      .from(teacherProfiles)
      .where(teaching);
    expect(reindexed.length).toBeGreaterThan(3);
    for (const row of reindexed) expect(row.text.split(' ')).toEqual(expect.arrayContaining(['maths', 'algebra']));
  });

  it('gives every demo teacher and student a name for Arabic and for English pages (ADR 020)', async () => {
    const arabic = /^[\p{Script=Arabic}\s-]+$/u;
    const latin = /^[A-Za-z\s'-]+$/;
    const people = await database.db.select().from(users).where(sql`${users.roleId} in (2, 3)`);
    expect(people.length).toBe(SEED_TEACHERS.length + SEED_STUDENTS.length + 2);
    for (const person of people) {
      const written = `${person.firstName} ${person.lastName}`;
      // The page's language gets a spelling in its script, or the written name is already in it.
      const ar = person.firstNameAr ? `${person.firstNameAr} ${person.lastNameAr}` : written;
      const en = person.firstNameEn ? `${person.firstNameEn} ${person.lastNameEn}` : written;
      expect(ar, written).toMatch(arabic);
      expect(en, written).toMatch(latin);
    }
    const teacher = people.find((person) => person.email === 'teacher@ustaz.example');
    expect(teacher).toMatchObject({ firstNameEn: 'Sarah', lastNameEn: 'Al-Enezi' });
    const [profile] = await database.db
      .select({ text: teacherProfiles.searchText })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.userId, teacher?.id ?? 0));
    expect(profile?.text.split(' ')).toEqual(expect.arrayContaining(['sarah', 'al', 'enezi']));
  });

  it("fills the spellings of an older database on the next start, never over a person's own", async () => {
    const student = await database.db.select().from(users).where(eq(users.email, 'student@ustaz.example'));
    const teacher3 = await database.db.select().from(users).where(eq(users.email, 'teacher3@ustaz.example'));
    const [studentId, teacherId] = [student[0]?.id ?? 0, teacher3[0]?.id ?? 0];
    await database.db.update(users).set({ firstNameEn: null, lastNameEn: null }).where(eq(users.id, studentId));
    await database.db
      .update(users)
      .set({ firstNameEn: 'Nora', lastNameEn: 'Alrashidi' })
      .where(eq(users.id, teacherId));
    await seedDemoData(database.db, silent, { uploadsDir, platformFeePercent: FEE_PERCENT });
    const [filled] = await database.db.select().from(users).where(eq(users.id, studentId));
    expect(filled).toMatchObject({ firstNameEn: 'Fahad', lastNameEn: 'Al-Kandari' });
    const [kept] = await database.db.select().from(users).where(eq(users.id, teacherId));
    expect(kept).toMatchObject({ firstNameEn: 'Nora', lastNameEn: 'Alrashidi' });
  });
});

describe('demo earnings of the demo teacher (issue 15)', () => {
  async function userIdOf(email: string) {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    return user.id;
  }

  it("has lessons paid from the students' wallets and taught, each paying out what was paid (I9)", async () => {
    const teacherUserId = await userIdOf(EARNINGS_DEMO_TEACHER);
    const payouts = createPayoutsService({ db: database.db, platformFeePercent: FEE_PERCENT, publicUrl: '' });
    const summary = await payouts.summary(teacherUserId);
    expect(kwdToFils(summary.available)).toBeGreaterThanOrEqual(kwdToFils(String(PAYOUT_MIN_KWD)));
    expect([summary.requested, summary.paidOut]).toEqual(['0.000', '0.000']);
    const earned = (await payouts.statement(teacherUserId, { page: 1, limit: 100 }, 'ar')).data.filter(
      (line) => line.kind === 'lesson' && kwdToFils(line.amount) > 0,
    );
    // The payers' noon lessons, and the teacher's past lessons of the discovery seed (paid too, issue 29).
    const completed = await database.db
      .select({ n: count() })
      .from(reservations)
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
      .where(and(eq(teacherProfiles.userId, teacherUserId), eq(reservations.status, 'completed')));
    expect(earned.length).toBeGreaterThan(EARNINGS_DEMO_PAYERS.length);
    expect(earned.length).toBe(completed[0]?.n);
    for (const line of earned) {
      expect(line.status).toBe('earned');
      expect(kwdToFils(line.amount) + kwdToFils(line.fee ?? '0')).toBe(kwdToFils(line.gross ?? '0'));
      expect(kwdToFils(line.fee ?? '0')).toBe(Math.round((kwdToFils(line.gross ?? '0') * FEE_PERCENT) / 100));
    }
    const available = earned.reduce((sum, line) => sum + kwdToFils(line.amount), 0);
    expect(kwdToFils(summary.available)).toBe(available);
    // Each payer paid one lesson from the demo top-up; the demo students keep their 50 KWD.
    for (const email of EARNINGS_DEMO_PAYERS) {
      const gross = kwdToFils(earned[0]?.gross ?? '0');
      expect(await userBalance(database.db, 'wallet', await userIdOf(email))).toBe(50_000 - gross);
    }
    for (const account of DEMO_ACCOUNTS.filter((a) => a.roleId === ROLE.student)) {
      expect(await userBalance(database.db, 'wallet', await userIdOf(account.email))).toBe(50_000);
    }
  });

  it('keeps the whole ledger consistent after seeding twice (I1-I11)', async () => {
    await expectLedgerConsistent(database.db);
  });

  it('has every past lesson paid, attended by both and verified, so its review counts (issue 29)', async () => {
    const lessons = await database.db
      .select({ id: reservations.id, cash: reservations.cashFils, verified: reservations.verifiedLesson })
      .from(reservations)
      .where(eq(reservations.status, 'completed'));
    expect(lessons.length).toBeGreaterThan(100);
    expect(lessons.filter((lesson) => lesson.cash <= 0 || !lesson.verified)).toEqual([]);
    // Every counted review is on such a lesson, and the teachers' ratings are not empty.
    const [rated] = await database.db
      .select({ n: count() })
      .from(teacherProfiles)
      .where(sql`${teacherProfiles.ratingCount} > 0`);
    expect(rated?.n ?? 0).toBeGreaterThan(20);
  });
});
