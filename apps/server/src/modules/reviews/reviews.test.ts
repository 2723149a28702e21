import { type Review, reviewSchema, reviewStatesResponseSchema } from '@ustaz/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations, reservations, reviews, teacherProfiles } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp();

function post(headers: Record<string, string> | undefined, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/reviews', payload, ...(headers ? { headers } : {}) });
}

/** The body of `POST /api/reviews`: a review of the lesson `reservation` from the side `type`. */
function reviewBody(reservation: { id: number }, type: string, rating: number, comment: string) {
  return { reservationId: reservation.id, type, rating, comment };
}

/**
 * Moves a review's writing time back by `days` (the double-blind clock, ADR 015), and its lesson's
 * end to `endedDaysAgo` (by default so long before that the review deadline is not what holds it).
 */
async function writtenDaysAgo(id: number, days: number, endedDaysAgo = days + 7.5) {
  const [row] = await t.database.db
    .update(reviews)
    .set({ createdAt: sql`now() - make_interval(secs => ${days * 86_400})` })
    .where(eq(reviews.id, id))
    .returning({ reservationId: reviews.reservationId });
  await t.database.db
    .update(reservations)
    .set({ endTime: sql`now() - make_interval(secs => ${endedDaysAgo * 86_400})` })
    .where(eq(reservations.id, row?.reservationId ?? 0));
}

async function aggregatesOf(teacherId: number) {
  const [row] = await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return { averageRating: Number(row?.averageRating), ratingCount: row?.ratingCount };
}

describe('POST /api/reviews', () => {
  let teacher: TestTeacher;
  let otherTeacher: TestTeacher;
  let student: TestUser;
  let otherStudent: TestUser;
  let completed: { id: number };
  let confirmed: { id: number };
  let otherCompleted: { id: number };

  beforeAll(async () => {
    teacher = await f.teacher({ firstName: 'Layla', lastName: 'Saleh' });
    otherTeacher = await f.teacher();
    student = await f.student({ firstName: 'Fahad', lastName: 'Ali' });
    otherStudent = await f.student();
    completed = await f.reservation({ studentId: student.user.id, teacherId: teacher.profile.id, status: 'completed' });
    confirmed = await f.reservation({ studentId: student.user.id, teacherId: teacher.profile.id, status: 'confirmed' });
    otherCompleted = await f.lessonBetween(otherStudent, teacher, 'completed');
  });

  it('401 for a guest', async () => {
    const res = await post(undefined, { reservationId: completed.id, type: 'student_to_teacher', rating: 5 });
    expect(res.statusCode).toBe(401);
  });

  it('the student of a completed reservation reviews the teacher; blind: unpublished, not yet in the rating', async () => {
    const res = await post(student.headers, reviewBody(completed, 'student_to_teacher', 5, '  شرح ممتاز  '));
    expect(res.statusCode, res.body).toBe(201);
    expect(reviewSchema.parse(res.json())).toMatchObject({
      type: 'student_to_teacher',
      rating: 5,
      comment: 'شرح ممتاز',
      teacherId: teacher.profile.id,
      studentId: student.user.id,
      teacherName: 'Layla Saleh',
      studentName: 'Fahad Ali',
      teacherPhotoUrl: null,
      studentPhotoUrl: null,
      published: false,
      verifiedLesson: true,
    });
    expect(await aggregatesOf(teacher.profile.id)).toEqual({ averageRating: 0, ratingCount: 0 });
    const told = await t.app.inject({ url: '/api/notifications', headers: teacher.headers });
    expect(told.json().data[0]).toMatchObject({ type: 'review.new', data: { reservationId: completed.id } });
    expect(told.json().data[0].data.rating).toBeUndefined();
  });

  it('once per reservation and direction: 409 the second time', async () => {
    const res = await post(student.headers, { reservationId: completed.id, type: 'student_to_teacher', rating: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, code: 'reviewAlreadyExists' });
    expect(await aggregatesOf(teacher.profile.id)).toEqual({ averageRating: 0, ratingCount: 0 });
  });

  it('403 for anyone but the participant of the right side', async () => {
    const cases: [TestUser, string][] = [
      [otherStudent, 'student_to_teacher'],
      [otherTeacher, 'teacher_to_student'],
      [otherTeacher, 'student_to_teacher'],
      [student, 'teacher_to_student'], // the student cannot write the teacher's side
      [teacher, 'student_to_teacher'],
    ];
    for (const [who, type] of cases) {
      const res = await post(who.headers, { reservationId: completed.id, type, rating: 4 });
      expect(res.statusCode, `${who.user.id} ${type}`).toBe(403);
    }
  });

  it('409 lessonNotCompleted for a lesson that is not completed, from either side', async () => {
    const notDone = await post(student.headers, { reservationId: confirmed.id, type: 'student_to_teacher', rating: 4 });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json()).toMatchObject({ status: 409, code: 'lessonNotCompleted' });
    const back = await post(teacher.headers, { reservationId: confirmed.id, type: 'teacher_to_student', rating: 4 });
    expect(back.json()).toMatchObject({ status: 409, code: 'lessonNotCompleted' });
  });

  it('409 reviewWindowClosed more than 14 days after the lesson ended; 13 days is still open', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = await f.lessonBetween(student, teacher, 'completed', { start: new Date(Date.now() - 15 * day) });
    for (const [who, type] of [
      [student, 'student_to_teacher'],
      [teacher, 'teacher_to_student'],
    ] as const) {
      const res = await post(who.headers, { reservationId: old.id, type, rating: 4 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, code: 'reviewWindowClosed' });
    }
    const recent = await f.lessonBetween(student, teacher, 'completed', { start: new Date(Date.now() - 13 * day) });
    const res = await post(teacher.headers, { reservationId: recent.id, type: 'teacher_to_student', rating: 4 });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('422 for a reservation that does not exist', async () => {
    const missing = await post(student.headers, { reservationId: 999_999, type: 'student_to_teacher', rating: 4 });
    expect(missing.json()).toEqual({ status: 422, errors: { reservationId: 'notFound' } });
  });

  it('422 for a bad body', async () => {
    for (const payload of [
      { reservationId: completed.id, type: 'student_to_teacher', rating: 6 },
      { reservationId: completed.id, type: 'student_to_teacher', rating: 4.5 },
      { reservationId: completed.id, type: 'anyone', rating: 4 },
      { reservationId: '1', type: 'student_to_teacher', rating: 4 },
      { reservationId: completed.id, type: 'student_to_teacher', rating: 4, comment: 'x'.repeat(1001) },
    ]) {
      expect((await post(student.headers, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('the rating counts a review once published: the other side reviewed, or 7 days passed', async () => {
    const second = await post(otherStudent.headers, reviewBody(otherCompleted, 'student_to_teacher', 2, 'OK'));
    expect(second.statusCode).toBe(201);
    expect(await aggregatesOf(teacher.profile.id)).toEqual({ averageRating: 0, ratingCount: 0 });

    const back = await post(teacher.headers, reviewBody(completed, 'teacher_to_student', 4, 'Hard-working student'));
    expect(back.statusCode).toBe(201);
    // Both sides of `completed` reviewed: both published, the student's 5 counts.
    expect(back.json()).toMatchObject({ type: 'teacher_to_student', teacherId: teacher.profile.id, published: true });
    expect(await aggregatesOf(teacher.profile.id)).toEqual({ averageRating: 5, ratingCount: 1 });

    // The second student's review (no answer from the teacher) is published 7 days after it was written.
    await writtenDaysAgo(second.json().id, 6);
    await t.app.money.teachers.refreshMaturedRatings(new Date());
    expect(await aggregatesOf(teacher.profile.id)).toEqual({ averageRating: 5, ratingCount: 1 });
    await writtenDaysAgo(second.json().id, 7.1);
    await t.app.money.teachers.refreshMaturedRatings(new Date());
    expect(await aggregatesOf(teacher.profile.id)).toEqual({ averageRating: 3.5, ratingCount: 2 });

    const profile = await t.app.inject({ url: `/api/teachers/profiles/${teacher.profile.id}` });
    expect(profile.json()).toMatchObject({ averageRating: 3.5, ratingCount: 2 });
  });

  it('concurrent reviews: every one counted, a duplicate refused exactly once', async () => {
    const target = await f.teacher();
    const students = await Promise.all([1, 2, 3, 4, 5].map(() => f.student()));
    const reservations: { id: number }[] = [];
    for (const s of students) {
      reservations.push(
        await f.reservation({ studentId: s.user.id, teacherId: target.profile.id, status: 'completed' }),
      );
    }
    // The teacher reviewed each lesson first (written directly: the route's rate limit is per minute),
    // so each student's review is published on arrival.
    await t.database.db.insert(reviews).values(
      reservations.map((r, i) => ({
        reservationId: r.id,
        type: 'teacher_to_student' as const,
        rating: 4,
        language: 'en' as const,
        teacherId: target.profile.id,
        studentId: students[i]?.user.id ?? 0,
      })),
    );
    const results = await Promise.all([
      ...students.map((s, i) =>
        post(s.headers, { reservationId: reservations[i]?.id ?? 0, type: 'student_to_teacher', rating: i + 1 }),
      ),
      post(students[0]?.headers, { reservationId: reservations[0]?.id ?? 0, type: 'student_to_teacher', rating: 5 }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409]);
    const aggregates = await aggregatesOf(target.profile.id);
    expect(aggregates.ratingCount).toBe(5);
    // Ratings 1..5, except that either of the two writes for the first reservation won.
    expect([3, 3.8]).toContain(aggregates.averageRating);
  });
});

describe('GET /api/reviews, for-teacher, for-student', () => {
  let teacher: TestTeacher;
  let stranger: TestTeacher;
  let student: TestUser;
  let other: TestUser;
  let secondId: number;

  beforeAll(async () => {
    teacher = await f.teacher();
    stranger = await f.teacher();
    student = await f.student();
    other = await f.student();
    const first = await f.lessonBetween(student, teacher, 'completed');
    const second = await f.lessonBetween(other, teacher, 'completed');
    expect((await post(student.headers, reviewBody(first, 'student_to_teacher', 4, 'first'))).statusCode).toBe(201);
    const body = { reservationId: second.id, type: 'student_to_teacher', rating: 5, comment: 'second' };
    const secondReview = await post(other.headers, body);
    expect(secondReview.statusCode).toBe(201);
    secondId = secondReview.json().id;
    expect((await post(teacher.headers, reviewBody(first, 'teacher_to_student', 3, 'to student'))).statusCode).toBe(
      201,
    );
  });

  it('GET /api/reviews: the newest published student reviews of teachers, at most `limit`', async () => {
    const res = await t.app.inject({
      url: '/api/reviews?limit=2',
      headers: { ...other.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as unknown[]).map((x) => reviewSchema.parse(x));
    // 'second' is not published yet (the teacher has not reviewed that lesson): not even its author sees it here.
    expect(list.map((r) => r.comment)[0]).toBe('first');
    expect(list.map((r) => r.comment)).not.toContain('second');
    expect(list.every((r) => r.type === 'student_to_teacher' && r.published && r.verifiedLesson)).toBe(true);
    for (const query of ['limit=0', 'limit=51', 'limit=x', 'limit=1&limit=2']) {
      expect((await t.app.inject({ url: `/api/reviews?${query}` })).statusCode).toBe(422);
    }
  });

  it("GET /api/reviews: the page language's reviews first (Arabic script for ar), then the others, newest first", async () => {
    const [writer, reviewed] = await Promise.all([f.student(), f.teacher()]);
    const lesson = await f.lessonBetween(writer, reviewed, 'completed');
    const written = await post(
      writer.headers,
      reviewBody(lesson, 'student_to_teacher', 5, 'شرح واضح وصبر على الأسئلة'),
    );
    expect(written.statusCode).toBe(201);
    // Published by the 7 days, and so older than every English review this file wrote.
    await writtenDaysAgo(written.json().id, 8);
    const first = async (language: string) => {
      const res = await t.app.inject({ url: '/api/reviews?limit=1', headers: { 'accept-language': language } });
      expect(res.statusCode).toBe(200);
      return (res.json() as Review[])[0]?.comment ?? '';
    };
    // The newest review overall is an English one ('first' and later): Arabic readers still get Arabic.
    expect(await first('ar')).toMatch(/[\u0600-\u06FF]/);
    expect(await first('en')).not.toMatch(/[\u0600-\u06FF]/);
    expect(await first('en')).not.toBe('');
  });

  it('for-teacher, double-blind: only the author sees an unpublished review, until 7 days have passed', async () => {
    const url = `/api/reviews/for-teacher/${teacher.profile.id}`;
    const seen = async (headers?: Record<string, string>) =>
      ((await t.app.inject({ url, ...(headers ? { headers } : {}) })).json() as Review[]).map((r) => [
        r.comment,
        r.published,
      ]);
    expect(await seen()).toEqual([['first', true]]);
    expect(await seen(teacher.headers)).toEqual([['first', true]]);
    expect(await seen(student.headers)).toEqual([['first', true]]);
    expect(await seen(other.headers)).toEqual([
      ['second', false],
      ['first', true],
    ]);
    await writtenDaysAgo(secondId, 6.9);
    expect(await seen()).toEqual([['first', true]]);
    await writtenDaysAgo(secondId, 7.1);
    expect(await seen()).toEqual([
      ['first', true],
      ['second', true],
    ]);
  });

  it("issue 30 item 7: 7 days after writing, still blind until the other side's review deadline has passed", async () => {
    const url = `/api/reviews/for-teacher/${teacher.profile.id}`;
    const published = async () =>
      ((await t.app.inject({ url })).json() as Review[]).some((r) => r.comment === 'second' && r.published);
    // Written 1 day after the lesson, 8 days ago: 7 days have passed, but the teacher may still
    // review until the lesson's end plus 14 days (in 5 days), so the student's review stays blind.
    await writtenDaysAgo(secondId, 8, 9);
    expect(await published()).toBe(false);
    await writtenDaysAgo(secondId, 8, 13.9);
    expect(await published()).toBe(false);
    await writtenDaysAgo(secondId, 8, 14.1);
    expect(await published()).toBe(true);
  });

  it("issue 30 item 6, for-teacher: the request language's reviews first, then the others, newest first in each, page by page", async () => {
    const reviewed = await f.teacher();
    const comments = ['شرح واضح ومفيد', 'Clear and patient', 'Great lesson, شكراً', 'Well prepared'];
    const ids: number[] = [];
    for (const comment of comments) {
      const writer = await f.student();
      const lesson = await f.lessonBetween(writer, reviewed, 'completed');
      const res = await post(writer.headers, reviewBody(lesson, 'student_to_teacher', 5, comment));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    // Written in the order above, a day apart, and published by time.
    for (const [k, id] of ids.entries()) await writtenDaysAgo(id, 20 - k, 21);
    const stored = await t.database.db
      .select({ comment: reviews.comment, language: reviews.language })
      .from(reviews)
      .where(eq(reviews.teacherId, reviewed.profile.id));
    // Set on the write, by script: an Arabic letter anywhere makes it Arabic.
    expect(new Map(stored.map((row) => [row.comment, row.language]))).toEqual(
      new Map([
        ['شرح واضح ومفيد', 'ar'],
        ['Clear and patient', 'en'],
        ['Great lesson, شكراً', 'ar'],
        ['Well prepared', 'en'],
      ]),
    );
    const list = async (query: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ url: `/api/reviews/for-teacher/${reviewed.profile.id}?${query}`, headers });
      expect(res.statusCode).toBe(200);
      return (res.json() as Review[]).map((review) => review.comment);
    };
    const arabicFirst = ['Great lesson, شكراً', 'شرح واضح ومفيد', 'Well prepared', 'Clear and patient'];
    const englishFirst = ['Well prepared', 'Clear and patient', 'Great lesson, شكراً', 'شرح واضح ومفيد'];
    expect(await list('lang=ar')).toEqual(arabicFirst);
    expect(await list('lang=en')).toEqual(englishFirst);
    // The language the server uses for every other text: Accept-Language, else Arabic.
    expect(await list('', { 'accept-language': 'en-GB,en;q=0.9' })).toEqual(englishFirst);
    expect(await list('')).toEqual(arabicFirst);
    // A shorter page is the start of the same order.
    expect(await list('lang=en&limit=3')).toEqual(englishFirst.slice(0, 3));
    expect(await list('lang=ar&limit=1')).toEqual(arabicFirst.slice(0, 1));
  });

  it('for-teacher: 404 for an unknown teacher', async () => {
    const none = await t.app.inject({ url: `/api/reviews/for-teacher/${stranger.profile.id}` });
    expect(none.json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/reviews/for-teacher/999999' })).statusCode).toBe(404);
  });

  it('for-student: the student, their teachers and admins may read it; others 403, guests 401', async () => {
    const url = `/api/reviews/for-student/${student.user.id}`;
    const admin = await f.user({ roleId: 1 });
    for (const who of [student, teacher, admin]) {
      const res = await t.app.inject({ url, headers: who.headers });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { comment: string; type: string }[]).map((r) => [r.type, r.comment])).toEqual([
        ['teacher_to_student', 'to student'],
      ]);
    }
    // The teacher's review of a lesson the student has not reviewed: blind, its author alone sees it.
    const third = await f.lessonBetween(student, teacher, 'completed');
    const blind = await post(teacher.headers, { reservationId: third.id, type: 'teacher_to_student', rating: 2 });
    expect(blind.json()).toMatchObject({ published: false, verifiedLesson: true });
    const own = await t.app.inject({ url, headers: teacher.headers });
    expect((own.json() as Review[]).map((r) => r.published)).toEqual([false, true]);
    for (const who of [student, admin]) {
      const res = await t.app.inject({ url, headers: who.headers });
      expect((res.json() as Review[]).map((r) => r.comment)).toEqual(['to student']);
    }
    for (const who of [other, stranger]) {
      expect((await t.app.inject({ url, headers: who.headers })).statusCode).toBe(403);
    }
    // A teacher the student has written to (no reservation yet) may read them too.
    await t.database.db.insert(conversations).values({ studentId: student.user.id, teacherId: stranger.user.id });
    expect((await t.app.inject({ url, headers: stranger.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('POST /api/reviews/:id/reply', () => {
  it('the reviewed teacher replies once to a published review; others 403, unpublished 404', async () => {
    const [teacher, otherTeacher, student] = [await f.teacher(), await f.teacher(), await f.student()];
    const parties = { studentId: student.user.id, teacherId: teacher.profile.id };
    const lesson = await f.reservation({ ...parties, status: 'completed' });
    const review = await post(student.headers, { reservationId: lesson.id, type: 'student_to_teacher', rating: 4 });
    const replyTo = (id: number, who: TestUser, text: string) =>
      t.app.inject({ method: 'POST', url: `/api/reviews/${id}/reply`, headers: who.headers, payload: { text } });
    const reply = (who: TestUser, text: string) => replyTo(review.json().id, who, text);
    // Not published yet (blind): the teacher cannot see it, so cannot reply.
    expect((await reply(teacher, 'Thanks')).statusCode).toBe(404);
    const back = await post(teacher.headers, { reservationId: lesson.id, type: 'teacher_to_student', rating: 5 });
    expect(back.statusCode).toBe(201);
    for (const who of [otherTeacher, student]) expect((await reply(who, 'Hi')).statusCode).toBe(403);
    expect((await reply(teacher, '   ')).statusCode).toBe(422);
    // Replying to the teacher's own review of the student is not a reply to a review of them.
    const toStudent = await replyTo(back.json().id, teacher, 'x');
    expect(toStudent.statusCode).toBe(403);

    const first = await reply(teacher, '  Thank you, Fahad!  ');
    expect(first.statusCode, first.body).toBe(200);
    expect(reviewSchema.parse(first.json()).reply).toMatchObject({ text: 'Thank you, Fahad!' });
    const twice = await Promise.all([reply(teacher, 'again'), reply(teacher, 'and again')]);
    expect(twice.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(twice[0]?.json()).toMatchObject({ code: 'replyAlreadyExists' });
    const shown = await t.app.inject({ url: `/api/reviews/for-teacher/${teacher.profile.id}` });
    expect((shown.json() as Review[]).map((r) => r.reply?.text)).toEqual(['Thank you, Fahad!']);
  });

  it('a guest gets 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reviews/1/reply', payload: { text: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the lesson subject on reviews', () => {
  it("the teacher's first subject by order, named in the request language; null without subjects", async () => {
    const [later, first] = [
      await f.subject({ nameAr: 'فيزياء', nameEn: 'Physics', sortOrder: 9 }),
      await f.subject({ nameAr: 'رياضيات', nameEn: 'Mathematics', sortOrder: 1 }),
    ];
    const teacher = await f.teacher({ subjects: [later, first] });
    const bare = await f.teacher();
    const student = await f.student();
    for (const who of [teacher, bare]) {
      const lesson = await f.lessonBetween(student, who, 'completed');
      const res = await post(student.headers, { reservationId: lesson.id, type: 'student_to_teacher', rating: 5 });
      expect(res.statusCode, res.body).toBe(201);
      const expected = who === teacher ? { id: first.id, name: 'رياضيات' } : null;
      expect(reviewSchema.parse(res.json()).subject).toEqual(expected);
    }
    const url = `/api/reviews/for-teacher/${teacher.profile.id}`;
    const inEnglish = await t.app.inject({ url, headers: { ...student.headers, 'accept-language': 'en' } });
    expect((inEnglish.json() as Review[])[0]?.subject).toEqual({ id: first.id, name: 'Mathematics' });
    const byQuery = await t.app.inject({ url: `${url}?lang=en`, headers: student.headers });
    expect((byQuery.json() as Review[])[0]?.subject?.name).toBe('Mathematics');
    const inArabic = await t.app.inject({ url, headers: student.headers });
    expect((inArabic.json() as Review[])[0]?.subject?.name).toBe('رياضيات');
  });
});

describe('GET /api/reviews/mine', () => {
  it("each party's own state: none/written, may review within 14 days of a completed lesson, strangers' ids left out", async () => {
    const [teacher, student, stranger] = [await f.teacher(), await f.student(), await f.student()];
    const parties = { studentId: student.user.id, teacherId: teacher.profile.id };
    const done = await f.reservation({ ...parties, status: 'completed' });
    const upcoming = await f.reservation({ ...parties, status: 'confirmed', start: new Date(Date.now() + 86_400_000) });
    const old = await f.reservation({ ...parties, status: 'completed', start: new Date(Date.now() - 20 * 86_400_000) });
    const foreign = await f.lessonBetween(stranger, teacher, 'completed');
    const ids = [done.id, upcoming.id, old.id, foreign.id].join(',');
    const states = async (who: TestUser) => {
      const res = await t.app.inject({ url: `/api/reviews/mine?reservationIds=${ids}`, headers: who.headers });
      expect(res.statusCode, res.body).toBe(200);
      return reviewStatesResponseSchema.parse(res.json());
    };
    const before = await states(student);
    expect(before.map((s) => [s.reservationId, s.mine, s.canReview])).toEqual([
      [done.id, 'none', true],
      [upcoming.id, 'none', false],
      [old.id, 'none', false],
    ]);
    const end = Date.parse(before[0]?.reviewDeadline ?? '') - 14 * 86_400_000;
    expect(end).toBeLessThan(Date.now());
    expect(before[1]?.reviewDeadline).toBeNull();
    expect(before[2]?.reviewDeadline).not.toBeNull();

    expect(
      (await post(student.headers, { reservationId: done.id, type: 'student_to_teacher', rating: 4 })).statusCode,
    ).toBe(201);
    expect((await states(student))[0]).toMatchObject({ mine: 'written', canReview: false });
    // The teacher's own side is still to write; the other student's lesson is theirs too.
    expect((await states(teacher)).map((s) => [s.reservationId, s.mine, s.canReview])).toEqual([
      [done.id, 'none', true],
      [upcoming.id, 'none', false],
      [old.id, 'none', false],
      [foreign.id, 'none', true],
    ]);
    expect((await states(stranger)).map((s) => s.reservationId)).toEqual([foreign.id]);

    // Issue 30 item 8: what the other side wrote about me, only once published (both reviewed).
    expect((await states(teacher))[0]?.aboutMe).toBeNull();
    expect((await states(student))[0]?.aboutMe).toBeNull();
    expect((await post(teacher.headers, reviewBody(done, 'teacher_to_student', 5, 'Always prepared'))).statusCode).toBe(
      201,
    );
    expect((await states(student))[0]?.aboutMe).toEqual({ rating: 5, comment: 'Always prepared' });
    expect((await states(teacher))[0]?.aboutMe).toEqual({ rating: 4, comment: null });
    expect((await states(stranger))[0]?.aboutMe).toBeNull();
  });

  it('no ids: an empty list; bad ids 422; guests 401', async () => {
    const student = await f.student();
    const empty = await t.app.inject({ url: '/api/reviews/mine', headers: student.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    for (const query of ['reservationIds=x', 'reservationIds=1,,2', 'reservationIds=0', `reservationIds=${many}`]) {
      const res = await t.app.inject({ url: `/api/reviews/mine?${query}`, headers: student.headers });
      expect(res.statusCode, query).toBe(422);
    }
    expect((await t.app.inject({ url: '/api/reviews/mine?reservationIds=1' })).statusCode).toBe(401);
  });
});

describe('double-blind by the server clock (TEST_CLOCK_OFFSET_SECONDS)', () => {
  // The server's clock runs 8 days ahead: a review stamped with the wall clock would look 8 days
  // old to the publication rule and be published at once.
  const shifted = useTestApp({ clockOffsetSeconds: 8 * 86_400 });

  it('a review is written at the server time, so it stays blind until the other side reviews', async () => {
    const { t: app, f: make } = shifted;
    const teacher = await make.teacher();
    const student = await make.student();
    const lesson = await make.reservation({
      studentId: student.user.id,
      teacherId: teacher.profile.id,
      status: 'completed',
    });
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: student.headers,
      payload: { reservationId: lesson.id, type: 'student_to_teacher', rating: 5, comment: 'shifted' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await app.database.db.select().from(reviews).where(eq(reviews.reservationId, lesson.id));
    expect(row?.createdAt.getTime()).toBeGreaterThan(Date.now() + 7 * 86_400_000);
    const guest = await app.app.inject({ url: `/api/reviews/for-teacher/${teacher.profile.id}` });
    expect((guest.json() as Review[]).map((review) => review.comment)).toEqual([]);
  });
});
