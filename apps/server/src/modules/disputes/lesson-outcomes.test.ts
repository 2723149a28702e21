import { ROLE } from '@ustaz/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lessonDisputes, notifications, reservations, teacherProfiles } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { latestMailTo } from '../../test/helpers.ts';
import { attend, expectLedgerConsistent, fundWallet, walletOf } from '../../test/money.ts';
import { bookRequest, bookWithBalance, finishAtSandbox, purchaseRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { userBalance } from '../ledger/ledger.service.ts';
import { insertPackages } from '../subscriptions/subscriptions.repo.ts';
import { createDisputesService } from './disputes.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Issue 16, ADR 016: attendance decides a lesson's outcome, the earning waits a day after the end
 * (the report-a-problem window) and an open dispute; an admin resolves a dispute once. Every money
 * outcome is checked against the ledger invariants (RELIABILITY I1-I9).
 */
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });

let admin: TestUser;
let hourSlot = 0;
beforeAll(async () => {
  admin = await f.user({ roleId: ROLE.admin });
});

/** A lesson `price` fils from a fresh teacher, booked with the wallet by a fresh student; its start and id. */
async function bookedLesson(priceFils = 8_000, teacher?: TestTeacher, student?: TestUser) {
  const who = teacher ?? (await f.teacher());
  const buyer = student ?? (await f.student());
  if (!student) await fundWallet(t.database.db, buyer.user.id, priceFils);
  hourSlot += 3;
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + (48 + hourSlot) * HOUR);
  const slot = await f.slot(who.profile.id, start, { priceFils });
  const booked = await bookWithBalance(t.app, buyer.headers, slot);
  const id: number = booked.json().reservations[0].id;
  return { id, start, end: new Date(start.getTime() + HOUR), teacher: who, student: buyer };
}

const outcomesAt = (at: Date) => t.app.money.booking.lessonOutcomes(at);
const rowOf = async (id: number) => (await t.database.db.select().from(reservations).where(eq(reservations.id, id)))[0];
/** The no-shows counted on a teacher's profile. */
const noShowsOf = async (teacher: TestTeacher) =>
  (await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, teacher.profile.id)))[0]
    ?.noShowCount;
const earnings = (teacher: TestTeacher) => userBalance(t.database.db, 'earnings', teacher.user.id);
const typesFor = async (userId: number, reservationId: number) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId)))
    .filter((n) => (n.data as { reservationId?: number }).reservationId === reservationId)
    .map((n) => n.type);
/** The disputes service on the test database with its clock at `at`. */
const disputesAt = (at: Date) => createDisputesService({ db: t.database.db, platformFeePercent: 10, clock: () => at });
const report = (at: Date, userId: number, id: number, reason: 'teacherAbsent' | 'quality' = 'quality') =>
  disputesAt(at).report(userId, id, { reason, details: '' });
const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.code}`;
    throw error;
  }
};
const resolve = (id: number, body: Record<string, unknown>, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/disputes/${id}/resolve`, headers, payload: body });

describe('attendance decides the outcome', () => {
  it('both attended: completed at the end, both asked to review, the earning released 24 h after the end', async () => {
    const lesson = await bookedLesson();
    await attend(t.database.db, lesson.id, 'teacher');
    await attend(t.database.db, lesson.id, 'student', new Date(lesson.start.getTime() + 3 * MINUTE));
    expect((await outcomesAt(new Date(lesson.start.getTime() + 20 * MINUTE))).noShows).toBe(0);
    await outcomesAt(new Date(lesson.end.getTime() + MINUTE));
    const row = await rowOf(lesson.id);
    expect(row?.status).toBe('completed');
    expect(row?.earningReleasedAt).toBeNull();
    expect(await earnings(lesson.teacher)).toBe(0);
    expect(await typesFor(lesson.student.user.id, lesson.id)).toContain('review.requested');
    expect(await typesFor(lesson.teacher.user.id, lesson.id)).toEqual(
      expect.arrayContaining(['review.requested', 'lesson.completed']),
    );
    // Issue 17: each names the other party and the lesson's start (shown in the reader's zone).
    const told = await t.database.db.select().from(notifications);
    const startTime = lesson.start.toISOString();
    const nameOf = (who: typeof lesson.student) => `${who.user.firstName} ${who.user.lastName}`;
    const teacherCopy = { reservationId: lesson.id, studentName: nameOf(lesson.student), startTime };
    expect(told.filter((n) => n.userId === lesson.teacher.user.id).map((n) => [n.type, n.data])).toEqual(
      expect.arrayContaining([
        ['lesson.completed', teacherCopy],
        ['review.requested', teacherCopy],
      ]),
    );
    expect(told.find((n) => n.userId === lesson.student.user.id && n.type === 'review.requested')?.data).toEqual({
      reservationId: lesson.id,
      teacherName: nameOf(lesson.teacher),
      startTime,
    });
    // And a mail to each, in their language, to the reservations page.
    for (const who of [lesson.student, lesson.teacher]) {
      const mail = await latestMailTo(t.database, who.user.email);
      expect(['How was your lesson?', 'كيف كان درسك؟']).toContain(mail?.subject);
      expect(mail?.links.map((link) => link.pathname)).toContain(`/${who.user.language}/reservations`);
    }
    // Pending on the earnings page until released.
    const summary = await t.app.inject({ url: '/api/v1/earnings', headers: lesson.teacher.headers });
    expect(summary.json()).toMatchObject({ pending: '7.200', available: '0.000' });
    await expectLedgerConsistent(t.database.db);
    await outcomesAt(new Date(lesson.end.getTime() + DAY - MINUTE));
    expect(await earnings(lesson.teacher)).toBe(0);
    await outcomesAt(new Date(lesson.end.getTime() + DAY));
    expect(await earnings(lesson.teacher)).toBe(7_200);
    expect((await rowOf(lesson.id))?.earningReleasedAt).not.toBeNull();
    await outcomesAt(new Date(lesson.end.getTime() + 2 * DAY));
    expect(await earnings(lesson.teacher)).toBe(7_200);
    await expectLedgerConsistent(t.database.db);
  });

  it('student absent: completed (the teacher was there); completeDue at end + 24 h completes and releases', async () => {
    const lesson = await bookedLesson();
    await attend(t.database.db, lesson.id, 'teacher', new Date(lesson.start.getTime() + 15 * MINUTE));
    expect(await t.app.money.booking.completeDue(new Date(lesson.end.getTime() + DAY))).toBeGreaterThanOrEqual(1);
    expect((await rowOf(lesson.id))?.status).toBe('completed');
    expect(await earnings(lesson.teacher)).toBe(7_200);
    await expectLedgerConsistent(t.database.db);
  });

  it('teacher absent (wallet): cancelled as a no-show 15 min after the start, refunded in full, counted, both told', async () => {
    const lesson = await bookedLesson();
    await attend(t.database.db, lesson.id, 'student');
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(0);
    await outcomesAt(new Date(lesson.start.getTime() + 14 * MINUTE));
    expect((await rowOf(lesson.id))?.status).toBe('confirmed');
    await outcomesAt(new Date(lesson.start.getTime() + 15 * MINUTE));
    const row = await rowOf(lesson.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'system', cancelReason: 'teacherNoShow' });
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(8_000);
    expect(await noShowsOf(lesson.teacher)).toBe(1);
    expect(await typesFor(lesson.student.user.id, lesson.id)).toContain('lesson.teacherNoShow');
    expect(await typesFor(lesson.teacher.user.id, lesson.id)).toContain('lesson.teacherNoShow');
    const list = await t.app.inject({ url: '/api/v1/reservations?scope=cancelled', headers: lesson.student.headers });
    expect(list.json().data.find((r: { id: number }) => r.id === lesson.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: 'teacherNoShow',
      dispute: null,
    });
    // Swept again, and by two processes at once: nothing more moves.
    await outcomesAt(new Date(lesson.end.getTime() + DAY));
    await Promise.all([
      outcomesAt(new Date(lesson.end.getTime() + 2 * DAY)),
      outcomesAt(new Date(lesson.end.getTime() + 2 * DAY)),
    ]);
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(8_000);
    expect(await earnings(lesson.teacher)).toBe(0);
    await expectLedgerConsistent(t.database.db);
  });

  it('two concurrent sweeps of the same no-show refund it once', async () => {
    const lesson = await bookedLesson(5_000);
    const at = new Date(lesson.start.getTime() + 16 * MINUTE);
    const [a, b] = await Promise.all([outcomesAt(at), outcomesAt(at)]);
    expect(a.noShows + b.noShows).toBeGreaterThanOrEqual(1);
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(5_000);
    expect(await noShowsOf(lesson.teacher)).toBe(1);
    await expectLedgerConsistent(t.database.db);
  });

  it('a teacher who joined late (after start + 15 min) is a no-show', async () => {
    const lesson = await bookedLesson();
    await attend(t.database.db, lesson.id, 'teacher', new Date(lesson.start.getTime() + 16 * MINUTE));
    await outcomesAt(new Date(lesson.end.getTime() + MINUTE));
    expect(await rowOf(lesson.id)).toMatchObject({ status: 'cancelled', cancelReason: 'teacherNoShow' });
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(8_000);
    await expectLedgerConsistent(t.database.db);
  });

  it('teacher absent on a subscription lesson: the hours go back to the subscription', async () => {
    const student = await f.student();
    const [pkg] = await insertPackages(t.database.db, [
      { nameAr: 'ساعتان', nameEn: 'Two', hours: 2, priceFils: 16_000, validityDays: 30 },
    ]);
    if (!pkg) throw new Error('package');
    await fundWallet(t.database.db, student.user.id, 16_000);
    expect(
      (await purchaseRequest(t.app, student.headers, { packageId: pkg.id, paymentMethod: 'balance' })).statusCode,
    ).toBe(200);
    const lesson = await bookedLesson(8_000, undefined, student);
    const hoursLeft = async () =>
      (await t.app.inject({ url: '/api/v1/subscriptions/balance', headers: student.headers })).json().remainingHours;
    expect(await hoursLeft()).toBe(1);
    await outcomesAt(new Date(lesson.start.getTime() + 20 * MINUTE));
    expect((await rowOf(lesson.id))?.cancelReason).toBe('teacherNoShow');
    expect(await hoursLeft()).toBe(2);
    expect(await walletOf(t.database.db, student.user.id)).toBe(0);
    await expectLedgerConsistent(t.database.db);
  });

  it('teacher absent on a gateway-paid lesson: the money goes to the wallet', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    hourSlot += 3;
    const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + (48 + hourSlot) * HOUR);
    const slot = await f.slot(teacher.profile.id, start, { priceFils: 6_000 });
    const held = await bookRequest(t.app, student.headers, {
      timeSlotId: slot.id,
      paymentMethod: 'payzah',
      expectedTotal: totalOf(slot),
    });
    expect(held.statusCode).toBe(200);
    const paid = await finishAtSandbox(t.app, held.json().paymentLink, 'pay');
    expect(paid.statusCode).toBeLessThan(400);
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.timeSlotId, slot.id));
    expect(row).toMatchObject({ status: 'confirmed', paidWith: 'payzah', cashFils: 6_000 });
    await outcomesAt(new Date(start.getTime() + 20 * MINUTE));
    expect((await rowOf(row?.id ?? 0))?.cancelReason).toBe('teacherNoShow');
    expect(await walletOf(t.database.db, student.user.id)).toBe(6_000);
    await expectLedgerConsistent(t.database.db);
  });
});

describe('report a problem', () => {
  it('is open from the start until 24 h after the end, to the two parties only, once', async () => {
    const lesson = await bookedLesson();
    await attend(t.database.db, lesson.id, 'teacher');
    const sid = lesson.student.user.id;
    expect(await codeOf(report(new Date(lesson.start.getTime() - 1), sid, lesson.id))).toBe('409 problemWindowClosed');
    expect(await codeOf(report(new Date(lesson.end.getTime() + DAY), sid, lesson.id))).toBe('409 problemWindowClosed');
    const stranger = await f.student();
    expect(await codeOf(report(lesson.start, stranger.user.id, lesson.id))).toBe('404 notFound');
    // Over HTTP too: a stranger and an admin get 404; a bad body 422.
    const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/lessons/${lesson.id}/problem`, headers, payload });
    expect((await post(stranger.headers, { reason: 'quality', details: '' })).statusCode).toBe(404);
    expect((await post(admin.headers, { reason: 'quality', details: '' })).statusCode).toBe(404);
    const other = await post(lesson.student.headers, { reason: 'other', details: '  ' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ details: 'required' });
    expect((await post(lesson.student.headers, { reason: 'quality', details: 'x'.repeat(1001) })).statusCode).toBe(422);
    // Before the start by the real clock: closed.
    expect((await post(lesson.student.headers, { reason: 'quality' })).json()).toMatchObject({
      status: 409,
      code: 'problemWindowClosed',
    });
    await outcomesAt(new Date(lesson.end.getTime() + MINUTE));
    const last = new Date(lesson.end.getTime() + DAY - 1);
    const made = await report(last, lesson.teacher.user.id, lesson.id);
    expect(made.dispute).toMatchObject({
      reservationId: lesson.id,
      reportedBy: 'teacher',
      status: 'open',
      reason: 'quality',
    });
    expect(await codeOf(report(last, sid, lesson.id))).toBe('409 problemAlreadyReported');
    const list = await t.app.inject({ url: '/api/v1/reservations?scope=past', headers: lesson.student.headers });
    expect(list.json().data.find((r: { id: number }) => r.id === lesson.id).dispute).toEqual({
      id: made.dispute.id,
      status: 'open',
    });
    expect(await typesFor(admin.user.id, lesson.id)).toContain('dispute.opened');
  });

  it('is refused for a cancelled lesson (lessonNotReportable) and once the earning is released', async () => {
    const noShow = await bookedLesson();
    await outcomesAt(new Date(noShow.start.getTime() + 16 * MINUTE));
    expect(
      await codeOf(report(new Date(noShow.start.getTime() + 20 * MINUTE), noShow.student.user.id, noShow.id)),
    ).toBe('409 lessonNotReportable');
    const taught = await bookedLesson();
    await attend(t.database.db, taught.id, 'teacher');
    await outcomesAt(new Date(taught.end.getTime() + DAY));
    expect(await codeOf(report(new Date(taught.end.getTime() + DAY - 1), taught.student.user.id, taught.id))).toBe(
      '409 problemWindowClosed',
    );
  });
});

describe('admin disputes', () => {
  /** A taught lesson (teacher present) reported by its student during it; answers the dispute id. */
  async function disputed(priceFils = 8_000) {
    const lesson = await bookedLesson(priceFils);
    await attend(t.database.db, lesson.id, 'teacher');
    const { dispute } = await report(new Date(lesson.start.getTime() + 30 * MINUTE), lesson.student.user.id, lesson.id);
    await outcomesAt(new Date(lesson.end.getTime() + MINUTE));
    return { ...lesson, disputeId: dispute.id };
  }

  it('an open dispute holds the earning; release pays it once (409 the second time), audited, both told', async () => {
    const lesson = await disputed();
    await outcomesAt(new Date(lesson.end.getTime() + 3 * DAY));
    expect(await earnings(lesson.teacher)).toBe(0);
    const lateAdmin = createDisputesService({
      db: t.database.db,
      platformFeePercent: 10,
      clock: () => new Date(lesson.end.getTime() + 3 * DAY),
    });
    expect((await rowOf(lesson.id))?.status).toBe('completed');
    const one = await t.app.inject({ url: `/api/v1/admin/disputes/${lesson.disputeId}`, headers: admin.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json().dispute).toMatchObject({
      id: lesson.disputeId,
      status: 'open',
      paid: '8.000',
      paidWith: 'wallet',
      attendance: { student: false, teacher: true },
      teacherId: lesson.teacher.profile.id,
      studentId: lesson.student.user.id,
    });
    const open = await t.app.inject({ url: '/api/v1/admin/disputes?status=open&limit=100', headers: admin.headers });
    expect(open.json().data.map((d: { id: number }) => d.id)).toContain(lesson.disputeId);
    // Decided 3 days after the end (the report window is over): paid at once.
    const first = await lateAdmin.resolve(admin.user.id, lesson.disputeId, {
      outcome: 'release',
      note: 'The teacher was there',
    });
    expect(first.dispute).toMatchObject({
      status: 'released',
      refundAmount: null,
      resolutionNote: 'The teacher was there',
    });
    expect(await earnings(lesson.teacher)).toBe(7_200);
    const again = await resolve(lesson.disputeId, { outcome: 'refund', note: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('disputeAlreadyResolved');
    expect(await earnings(lesson.teacher)).toBe(7_200);
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(0);
    expect(await typesFor(lesson.student.user.id, lesson.id)).toContain('dispute.resolved');
    expect(await typesFor(lesson.teacher.user.id, lesson.id)).toContain('dispute.resolved');
    const audit = await t.app.inject({ url: '/api/v1/admin/audit?action=dispute.release', headers: admin.headers });
    expect(audit.json().data.some((e: { entityId: string }) => e.entityId === String(lesson.disputeId))).toBe(true);
    const resolved = await t.app.inject({ url: '/api/v1/admin/disputes?status=resolved', headers: admin.headers });
    expect(resolved.json().data.map((d: { id: number }) => d.id)).toContain(lesson.disputeId);
    await expectLedgerConsistent(t.database.db);
  });

  it('a full refund returns what was paid to the wallet; the lesson stays completed and nothing is earned', async () => {
    const lesson = await disputed();
    const res = await resolve(lesson.disputeId, { outcome: 'refund', note: 'No lesson happened' });
    expect(res.statusCode).toBe(200);
    expect(res.json().dispute).toMatchObject({ status: 'refunded', refundAmount: '8.000' });
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(8_000);
    expect(await earnings(lesson.teacher)).toBe(0);
    expect(await rowOf(lesson.id)).toMatchObject({ status: 'completed' });
    await outcomesAt(new Date(lesson.end.getTime() + 3 * DAY));
    expect(await earnings(lesson.teacher)).toBe(0);
    await expectLedgerConsistent(t.database.db);
  });

  it('a partial refund: X to the wallet, the rest to the teacher less the fee on the rest; more than paid is 422', async () => {
    const lesson = await disputed(10_000);
    const tooMuch = await resolve(lesson.disputeId, { outcome: 'refund', amount: '10.001', note: 'Too much' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ amount: 'refundTooLarge' });
    const res = await resolve(lesson.disputeId, { outcome: 'refund', amount: '4.000', note: 'Half the lesson' });
    expect(res.statusCode).toBe(200);
    expect(res.json().dispute).toMatchObject({ status: 'refunded', refundAmount: '4.000' });
    expect(await walletOf(t.database.db, lesson.student.user.id)).toBe(4_000);
    // 6.000 left: 10% fee 0.600, the teacher 5.400.
    expect(await earnings(lesson.teacher)).toBe(5_400);
    await expectLedgerConsistent(t.database.db);
  });

  it('is admin-only: 403 for a student or a teacher; 404 for an unknown dispute', async () => {
    const lesson = await disputed();
    for (const who of [lesson.student, lesson.teacher]) {
      expect((await resolve(lesson.disputeId, { outcome: 'release', note: 'x' }, who.headers)).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/v1/admin/disputes', headers: who.headers })).statusCode).toBe(403);
    }
    expect((await resolve(2_000_000_000, { outcome: 'release', note: 'x' })).statusCode).toBe(404);
    expect((await resolve(lesson.disputeId, { outcome: 'release', amount: '1.000', note: 'x' })).statusCode).toBe(422);
    expect((await resolve(lesson.disputeId, { outcome: 'release', note: '' })).statusCode).toBe(422);
    const [row] = await t.database.db.select().from(lessonDisputes).where(eq(lessonDisputes.id, lesson.disputeId));
    expect(row?.status).toBe('open');
  });

  it('one person with a student and a teacher account cannot make money with no-shows or disputes', async () => {
    // The same person: their student account pays their teacher account.
    const teacher = await f.teacher();
    const student = await f.student();
    await fundWallet(t.database.db, student.user.id, 20_000);
    const total = async () => (await walletOf(t.database.db, student.user.id)) + (await earnings(teacher));
    expect(await total()).toBe(20_000);
    // A no-show: the student gets back exactly what was paid, the teacher nothing.
    const a = await bookedLesson(10_000, teacher, student);
    await outcomesAt(new Date(a.start.getTime() + 16 * MINUTE));
    expect(await total()).toBe(20_000);
    // A taught lesson, reported by the student and "refunded" for more than was paid: refused;
    // the largest refund and the release together never give back more than was paid.
    const b = await bookedLesson(10_000, teacher, student);
    await attend(t.database.db, b.id, 'teacher');
    const { dispute } = await report(new Date(b.start.getTime() + 5 * MINUTE), student.user.id, b.id, 'teacherAbsent');
    expect(await codeOf(report(new Date(b.start.getTime() + 6 * MINUTE), teacher.user.id, b.id))).toBe(
      '409 problemAlreadyReported',
    );
    expect((await resolve(dispute.id, { outcome: 'refund', amount: '20.000', note: 'x' })).statusCode).toBe(422);
    expect((await resolve(dispute.id, { outcome: 'refund', amount: '9.999', note: 'x' })).statusCode).toBe(200);
    await outcomesAt(new Date(b.end.getTime() + 3 * DAY));
    // 20.000 - 10.000 paid + 9.999 back + 0.001 less the fee (0) to the teacher: at most what they had.
    expect(await total()).toBeLessThanOrEqual(20_000);
    const n = await t.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.studentId, student.user.id), eq(reservations.status, 'completed')));
    expect(n).toHaveLength(1);
    await expectLedgerConsistent(t.database.db);
  });
});
