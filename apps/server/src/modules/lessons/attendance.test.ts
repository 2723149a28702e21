import { type LessonRoom, ROLE } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lessonAttendance, reservations, teacherProfiles } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, stay, walletOf } from '../../test/money.ts';
import { bookWithBalance } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { userBalance } from '../ledger/ledger.service.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Issue 29 (RELIABILITY I11, I12): a teacher who missed the lesson is a no-show, link or not; a stay
 * counts from 2 minutes before the start, a party is present after 5 minutes in the room in all or
 * once both were in with the video connected; a lesson's meeting link is fixed when its room opens;
 * a dispute released early keeps the money in escrow. The app runs on a clock the tests move.
 */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
/** Moves the server's clock to `at`. */
const setClock = (at: Date) => {
  offsetMs = at.getTime() - Date.now();
};
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 }, { clock });

let admin: TestUser;
let hourSlot = 0;
beforeAll(async () => {
  admin = await f.user({ roleId: ROLE.admin });
});

/** A lesson `price` fils from a fresh teacher, booked from the wallet by a fresh student. */
async function bookedLesson(priceFils = 8_000, teacher?: TestTeacher) {
  offsetMs = 0;
  const who = teacher ?? (await f.teacher());
  const buyer = await f.student();
  await fundWallet(t.database.db, buyer.user.id, priceFils);
  hourSlot += 3;
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + (48 + hourSlot) * HOUR);
  const slot = await f.slot(who.profile.id, start, { priceFils });
  const booked = await bookWithBalance(t.app, buyer.headers, slot);
  const id: number = booked.json().reservations[0].id;
  return { id, start, end: new Date(start.getTime() + HOUR), teacher: who, student: buyer, priceFils };
}

type Lesson = Awaited<ReturnType<typeof bookedLesson>>;
const at = (lesson: Lesson, ms: number) => new Date(lesson.start.getTime() + ms);
const outcomesAt = (when: Date) => t.app.money.booking.lessonOutcomes(when);
const rowOf = async (id: number) => (await t.database.db.select().from(reservations).where(eq(reservations.id, id)))[0];
const earnings = (teacher: TestTeacher) => userBalance(t.database.db, 'earnings', teacher.user.id);
const roomOf = async (lesson: Lesson, who: TestUser): Promise<LessonRoom> => {
  const response = await t.app.inject({ url: `/api/v1/lessons/${lesson.id}`, headers: who.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const putLink = (lesson: Lesson, url: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/lessons/${lesson.id}/meeting-link`,
    headers: lesson.teacher.headers,
    payload: { url },
  });
const patchProfileLink = (teacher: TestTeacher, meetingLink: string | null) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/teachers/profiles/${teacher.profile.id}`,
    headers: teacher.headers,
    payload: { meetingLink },
  });
/** `who` reports a quality problem with the lesson (201), and the admin releases the dispute: that answer. */
async function reportedThenReleased(lesson: Lesson, who: TestUser) {
  const reported = await t.app.inject({
    method: 'POST',
    url: `/api/v1/lessons/${lesson.id}/problem`,
    headers: who.headers,
    payload: { reason: 'quality', details: '' },
  });
  expect(reported.statusCode).toBe(201);
  const disputeId: number = reported.json().dispute.id;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/disputes/${disputeId}/resolve`,
    headers: admin.headers,
    payload: { outcome: 'release', note: 'Fine' },
  });
}
/** Ends the lesson for the sweeper: outcomes at the end + 1 minute, then the status and the student's wallet. */
async function settle(lesson: Lesson) {
  await outcomesAt(at(lesson, 15 * MINUTE));
  await outcomesAt(new Date(lesson.end.getTime() + MINUTE));
  const row = await rowOf(lesson.id);
  return { row, wallet: await walletOf(t.database.db, lesson.student.user.id) };
}
const ZOOM = 'https://us02web.zoom.us/j/123456789';

describe('attendance in the room (a stay counts from 2 minutes before the start)', () => {
  it('a one-second visit 9 minutes before the start is not attendance: a no-show at start + 15 min, refunded', async () => {
    const lesson = await bookedLesson();
    await stay(t.database.db, lesson.id, 'teacher', at(lesson, -9 * MINUTE), at(lesson, -9 * MINUTE + SECOND));
    await stay(t.database.db, lesson.id, 'student', lesson.start, lesson.end);
    await outcomesAt(at(lesson, 15 * MINUTE));
    expect(await rowOf(lesson.id)).toMatchObject({ status: 'cancelled', cancelReason: 'teacherNoShow' });
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(lesson.priceFils);
    await expectLedgerConsistent(t.database.db);
  });

  it('a one-second visit just before the start is seen, but is not a lesson: a no-show at the end, refunded', async () => {
    const lesson = await bookedLesson();
    await stay(t.database.db, lesson.id, 'teacher', at(lesson, -MINUTE), at(lesson, -MINUTE + SECOND));
    await stay(t.database.db, lesson.id, 'student', lesson.start, lesson.end);
    await outcomesAt(at(lesson, 15 * MINUTE));
    expect((await rowOf(lesson.id))?.status).toBe('confirmed');
    const { row, wallet } = await settle(lesson);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'teacherNoShow', verifiedLesson: false });
    expect(wallet).toBe(lesson.priceFils);
    expect(await earnings(lesson.teacher)).toBe(0);
    await expectLedgerConsistent(t.database.db);
  });

  it('5 minutes in all (3 + 2) is present; 4 minutes is not', async () => {
    const taught = await bookedLesson();
    await stay(t.database.db, taught.id, 'teacher', at(taught, 0), at(taught, 3 * MINUTE));
    await stay(t.database.db, taught.id, 'teacher', at(taught, 10 * MINUTE), at(taught, 12 * MINUTE));
    await stay(t.database.db, taught.id, 'student', taught.start, taught.end);
    expect((await settle(taught)).row).toMatchObject({ status: 'completed', verifiedLesson: true });

    const short = await bookedLesson();
    await stay(t.database.db, short.id, 'teacher', at(short, 0), at(short, 4 * MINUTE));
    await stay(t.database.db, short.id, 'student', short.start, short.end);
    const { row, wallet } = await settle(short);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'teacherNoShow' });
    expect(wallet).toBe(short.priceFils);
    await expectLedgerConsistent(t.database.db);
  });

  it('counts a stay from 2 minutes before the start, not from when the room opened', async () => {
    // In from 10 minutes before to 3 minutes after the start: 5 minutes count.
    const counted = await bookedLesson();
    await stay(t.database.db, counted.id, 'teacher', at(counted, -10 * MINUTE), at(counted, 3 * MINUTE));
    await stay(t.database.db, counted.id, 'student', counted.start, counted.end);
    expect((await settle(counted)).row?.status).toBe('completed');
    // In from 10 minutes before to 2 minutes after: 12 minutes in the room, 4 counted.
    const early = await bookedLesson();
    await stay(t.database.db, early.id, 'teacher', at(early, -10 * MINUTE), at(early, 2 * MINUTE));
    await stay(t.database.db, early.id, 'student', early.start, early.end);
    expect((await settle(early)).row).toMatchObject({ status: 'cancelled', cancelReason: 'teacherNoShow' });
    await expectLedgerConsistent(t.database.db);
  });

  it('both in the room with the video connected: present after less than 5 minutes', async () => {
    const lesson = await bookedLesson();
    const joined = at(lesson, 0);
    const connected = at(lesson, 30 * SECOND);
    await stay(t.database.db, lesson.id, 'teacher', joined, at(lesson, 3 * MINUTE), { mediaConnectedAt: connected });
    await stay(t.database.db, lesson.id, 'student', joined, at(lesson, 3 * MINUTE), { mediaConnectedAt: connected });
    expect((await settle(lesson)).row).toMatchObject({ status: 'completed', verifiedLesson: true });
    // One side's call connected is not both.
    const oneSided = await bookedLesson();
    await stay(t.database.db, oneSided.id, 'teacher', at(oneSided, 0), at(oneSided, 3 * MINUTE), {
      mediaConnectedAt: at(oneSided, 30 * SECOND),
    });
    await stay(t.database.db, oneSided.id, 'student', at(oneSided, 0), at(oneSided, 3 * MINUTE));
    expect((await settle(oneSided)).row?.status).toBe('cancelled');
    await expectLedgerConsistent(t.database.db);
  });

  it('the room answers whether each party counts as present so far', async () => {
    const lesson = await bookedLesson();
    await stay(t.database.db, lesson.id, 'teacher', at(lesson, -MINUTE), at(lesson, -MINUTE + SECOND));
    await stay(t.database.db, lesson.id, 'student', at(lesson, 0), null);
    setClock(at(lesson, 6 * MINUTE));
    const room = await roomOf(lesson, lesson.student);
    expect(room.attendance.teacher).toMatchObject({ present: false });
    expect(room.attendance.student).toMatchObject({ present: true });
    offsetMs = 0;
  });
});

describe('a lesson is verified only when paid and attended by both (I11)', () => {
  it('student absent: completed and paid out, but not verified, not in the bookings count', async () => {
    const lesson = await bookedLesson();
    await stay(t.database.db, lesson.id, 'teacher', lesson.start, lesson.end);
    const before = (
      await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, lesson.teacher.profile.id))
    )[0];
    expect((await settle(lesson)).row).toMatchObject({ status: 'completed', verifiedLesson: false });
    const after = (
      await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, lesson.teacher.profile.id))
    )[0];
    expect(after?.bookingsCount).toBe(before?.bookingsCount);
    const both = await bookedLesson(8_000, lesson.teacher);
    await stay(t.database.db, both.id, 'teacher', both.start, both.end);
    await stay(t.database.db, both.id, 'student', both.start, both.end);
    expect((await settle(both)).row).toMatchObject({ status: 'completed', verifiedLesson: true });
    const counted = (
      await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, lesson.teacher.profile.id))
    )[0];
    expect(counted?.bookingsCount).toBe((before?.bookingsCount ?? 0) + 1);
    await expectLedgerConsistent(t.database.db);
  });
});

describe('the meeting link is fixed when the room opens', () => {
  it("the lesson's own link can change until 10 minutes before the start, then 409 meetingLinkFixed", async () => {
    const lesson = await bookedLesson();
    setClock(at(lesson, -11 * MINUTE));
    expect((await putLink(lesson, ZOOM)).statusCode).toBe(200);
    setClock(at(lesson, -10 * MINUTE));
    const late = await putLink(lesson, null);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('meetingLinkFixed');
    setClock(at(lesson, 42 * SECOND));
    expect((await putLink(lesson, 'https://meet.google.com/abc-defg-hij')).json().code).toBe('meetingLinkFixed');
    expect((await roomOf(lesson, lesson.student)).externalLink?.url).toBe(ZOOM);
    offsetMs = 0;
  });

  it('the reported attack: a teacher who never came sets a Zoom link 42 s after the start: still a no-show, refunded', async () => {
    const lesson = await bookedLesson();
    await stay(t.database.db, lesson.id, 'student', at(lesson, -2 * MINUTE), lesson.end);
    setClock(at(lesson, 42 * SECOND));
    expect((await putLink(lesson, ZOOM)).json().code).toBe('meetingLinkFixed');
    expect((await patchProfileLink(lesson.teacher, ZOOM)).statusCode).toBe(200);
    // The profile's new link is for later lessons: this one keeps the room it had when the room opened.
    const room = await roomOf(lesson, lesson.student);
    expect(room).toMatchObject({ externalLink: null, joinUrl: null, linkFixed: true });
    offsetMs = 0;
    await outcomesAt(at(lesson, 15 * MINUTE));
    expect(await rowOf(lesson.id)).toMatchObject({ status: 'cancelled', cancelReason: 'teacherNoShow' });
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(lesson.priceFils);
    expect(await earnings(lesson.teacher)).toBe(0);
    // A lesson whose room had not opened yet takes the new profile link.
    const next = await bookedLesson(8_000, lesson.teacher);
    expect((await roomOf(next, next.student)).externalLink?.url).toBe(ZOOM);
    await expectLedgerConsistent(t.database.db);
  });

  it('a lesson on a link whose teacher never opened it through the app is a no-show, link or not', async () => {
    const teacher = await f.teacher();
    expect((await patchProfileLink(teacher, ZOOM)).statusCode).toBe(200);
    const lesson = await bookedLesson(8_000, teacher);
    expect((await roomOf(lesson, lesson.student)).externalLink?.url).toBe(ZOOM);
    const { row, wallet } = await settle(lesson);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'teacherNoShow' });
    expect(wallet).toBe(lesson.priceFils);
    await expectLedgerConsistent(t.database.db);
  });
});

describe('attendance on an external link: opened through the lesson page', () => {
  it('records each opening inside the window and redirects to the meeting; the lesson completes, verified', async () => {
    const teacher = await f.teacher();
    expect((await patchProfileLink(teacher, ZOOM)).statusCode).toBe(200);
    const lesson = await bookedLesson(8_000, teacher);
    // Before the room opens: the join link leads back to the lesson page and records nothing.
    setClock(at(lesson, -30 * MINUTE));
    const early = await roomOf(lesson, lesson.teacher);
    expect(early.joinUrl).toMatch(new RegExp(`^/api/v1/lessons/${lesson.id}/join-link\\?ticket=`));
    const tooEarly = await t.app.inject({ url: early.joinUrl ?? '' });
    expect(tooEarly.statusCode).toBe(302);
    expect(tooEarly.headers.location).toBe(`/lessons/${lesson.id}`);
    for (const [who, when] of [
      [lesson.teacher, at(lesson, -MINUTE)],
      [lesson.student, at(lesson, 2 * MINUTE)],
    ] as const) {
      setClock(when);
      const room = await roomOf(lesson, who);
      const opened = await t.app.inject({ url: room.joinUrl ?? '' });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(ZOOM);
      expect(opened.headers['cache-control']).toBe('no-store');
    }
    const rows = await t.database.db
      .select()
      .from(lessonAttendance)
      .where(eq(lessonAttendance.reservationId, lesson.id));
    expect(rows.map((row) => [row.role, row.via])).toEqual([
      ['teacher', 'link'],
      ['student', 'link'],
    ]);
    offsetMs = 0;
    expect((await settle(lesson)).row).toMatchObject({ status: 'completed', verifiedLesson: true });
    await expectLedgerConsistent(t.database.db);
  });

  it("refuses a forged, edited or another lesson's ticket (404) and records nothing", async () => {
    const teacher = await f.teacher();
    expect((await patchProfileLink(teacher, ZOOM)).statusCode).toBe(200);
    const lesson = await bookedLesson(8_000, teacher);
    const other = await bookedLesson(8_000, teacher);
    setClock(at(lesson, 0));
    const room = await roomOf(lesson, lesson.student);
    const ticket = new URL(room.joinUrl ?? '', 'http://x').searchParams.get('ticket') ?? '';
    const [user, until, signature] = ticket.split('.');
    for (const url of [
      `/api/v1/lessons/${other.id}/join-link?ticket=${ticket}`,
      `/api/v1/lessons/${lesson.id}/join-link?ticket=${lesson.teacher.user.id}.${until}.${signature}`,
      `/api/v1/lessons/${lesson.id}/join-link?ticket=${user}.${Number(until) + DAY}.${signature}`,
      `/api/v1/lessons/${lesson.id}/join-link?ticket=${user}.${until}.x${signature?.slice(1)}`,
      `/api/v1/lessons/${lesson.id}/join-link?ticket=nonsense`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ url: `/api/v1/lessons/${lesson.id}/join-link` })).statusCode).toBe(422);
    const rows = await t.database.db
      .select()
      .from(lessonAttendance)
      .where(eq(lessonAttendance.reservationId, lesson.id));
    expect(rows).toEqual([]);
    offsetMs = 0;
  });
});

describe('a dispute released before the end keeps the money in escrow until 24 hours after the end', () => {
  it('released during the lesson: nothing moves; the lesson completes by attendance and pays out at end + 24 h', async () => {
    const lesson = await bookedLesson();
    await stay(t.database.db, lesson.id, 'teacher', lesson.start, lesson.end);
    await stay(t.database.db, lesson.id, 'student', lesson.start, lesson.end);
    setClock(at(lesson, 10 * MINUTE));
    const released = await reportedThenReleased(lesson, lesson.student);
    expect(released.statusCode).toBe(200);
    expect(released.json().dispute.status).toBe('released');
    expect(await earnings(lesson.teacher)).toBe(0);
    expect((await rowOf(lesson.id))?.status).toBe('confirmed');
    offsetMs = 0;
    await outcomesAt(new Date(lesson.end.getTime() + MINUTE));
    expect(await rowOf(lesson.id)).toMatchObject({ status: 'completed', earningReleasedAt: null });
    await outcomesAt(new Date(lesson.end.getTime() + DAY - MINUTE));
    expect(await earnings(lesson.teacher)).toBe(0);
    await outcomesAt(new Date(lesson.end.getTime() + DAY));
    expect(await earnings(lesson.teacher)).toBe(7_200);
    await expectLedgerConsistent(t.database.db);
  });

  it('released during the lesson, then the teacher leaves at once: a no-show after all, refunded', async () => {
    const lesson = await bookedLesson();
    await stay(t.database.db, lesson.id, 'teacher', lesson.start, at(lesson, MINUTE));
    setClock(at(lesson, 2 * MINUTE));
    await reportedThenReleased(lesson, lesson.teacher);
    offsetMs = 0;
    const { row, wallet } = await settle(lesson);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'teacherNoShow' });
    expect(wallet).toBe(lesson.priceFils);
    expect(await earnings(lesson.teacher)).toBe(0);
    await expectLedgerConsistent(t.database.db);
  });
});
