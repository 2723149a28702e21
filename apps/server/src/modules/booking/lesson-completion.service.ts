import {
  DEFAULT_LANGUAGE,
  isVerifiedLesson,
  judgeAttendance,
  type LessonAttendance,
  TEACHER_NO_SHOW_REASON,
  teacherTaught,
} from '@ustaz/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { ReservationRow } from '../../db/schema.ts';
import { renderReviewRequestMail } from '../../mail/templates.ts';
import { postTransfer, systemAccountId, userAccountId } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import {
  adjustBookingsCount,
  completeReservation,
  dueReservationIds,
  lockReservation,
  namesOf,
} from './booking.repo.ts';
import { cancelLocked } from './booking-cancellation.service.ts';
import type { BookingMail } from './booking-notices.ts';
import {
  addNoShow,
  closeDisputeAsRefunded,
  hasOpenDispute,
  lessonStays,
  markEarningSettled,
  NO_SHOW_GRACE_MS,
  noShowCandidateIds,
  releasableIds,
  setVerifiedLesson,
} from './lesson-outcomes.repo.ts';

/** How long after a lesson's end either party may report a problem; the earning is held until then (ADR 016). */
export const REPORT_WINDOW_MS = 24 * 60 * 60_000;

/** For the disputes module (ADR 011): it locks the reservation and an admin's decision settles its escrow. */
export { lockReservation } from './booking.repo.ts';
export { markEarningSettled } from './lesson-outcomes.repo.ts';

type Locked = ReservationRow & { teacherUserId: number };

/** How the two parties attended a lesson so far (at `at`), by the contract's rule (issue 29). */
export async function attendanceOf(
  tx: Executor,
  id: number,
  lesson: { startTime: Date; endTime: Date },
  at: Date,
): Promise<LessonAttendance> {
  return judgeAttendance(await lessonStays(tx, id), lesson, at);
}

/**
 * A completed lesson refunded in full is no longer paid: it stops counting toward the bookings count
 * and its review toward the rating (the caller refreshes the rating, under the profile's lock).
 * True when it counted before.
 */
export async function unverifyLesson(tx: Executor, row: ReservationRow): Promise<boolean> {
  if (!(await setVerifiedLesson(tx, row.id, false))) return false;
  await adjustBookingsCount(tx, row.teacherId, -1);
  return true;
}

/**
 * Marks one confirmed lesson completed in the caller's transaction and asks both parties to review
 * (notification, and a mail in each one's language when `mail` has a mailer). The earning stays in
 * escrow: `releaseEarning` moves it (ADR 016). False when it is not (or no longer) confirmed.
 */
export async function completeLesson(tx: Executor, id: number, now: Date, mail?: BookingMail): Promise<boolean> {
  const row = await completeReservation(tx, id, now);
  if (!row) return false;
  const teacher = await lockReservation(tx, id);
  if (!teacher) return false;
  if (row.startTime && row.endTime) {
    // Issue 29 (I11): only a paid lesson both parties attended counts toward the teacher's reputation.
    const lesson = { startTime: row.startTime, endTime: row.endTime };
    const attendance = await attendanceOf(tx, id, lesson, now);
    if (
      isVerifiedLesson(row.cashFils + row.hoursValueFils, lesson, attendance) &&
      (await setVerifiedLesson(tx, id, true))
    )
      await adjustBookingsCount(tx, row.teacherId, 1);
  }
  const people = await namesOf(tx, [row.studentId, teacher.teacherUserId]);
  const student = people.get(row.studentId);
  const teacherPerson = people.get(teacher.teacherUserId);
  // Each names the other party and the lesson's start (read in the reader's own zone, issue 17).
  const startTime = row.startTime?.toISOString() ?? null;
  // Each name in its reader's language where the person spelled it for it (ADR 020).
  const forTeacher = {
    reservationId: id,
    studentName: student?.name(teacherPerson?.language ?? DEFAULT_LANGUAGE) ?? '',
    startTime,
  };
  await insertNotifications(tx, [
    { userId: teacher.teacherUserId, type: 'lesson.completed', data: forTeacher },
    {
      userId: row.studentId,
      type: 'review.requested',
      data: {
        reservationId: id,
        teacherName: teacherPerson?.name(student?.language ?? DEFAULT_LANGUAGE) ?? '',
        startTime,
      },
    },
    { userId: teacher.teacherUserId, type: 'review.requested', data: forTeacher },
  ]);
  if (mail?.mailer && student && teacherPerson) {
    for (const [who, other, role] of [
      [student, teacherPerson, 'student'],
      [teacherPerson, student, 'teacher'],
    ] as const) {
      await mail.mailer.enqueue(tx, {
        to: who.email,
        ...renderReviewRequestMail(who.language, {
          name: who.firstName(who.language),
          otherName: other.name(who.language),
          role,
          url: `${mail.publicUrl}/${who.language}/reservations`,
        }),
      });
    }
  }
  return true;
}

/**
 * Pays a locked, completed lesson's teacher from escrow: `amountFils` of what was paid (all of it, or
 * what a partial refund left) less the platform's fee on that amount, never more than was paid
 * (RELIABILITY I9). Keyed `complete:<id>`, so at most once.
 */
export async function payTeacher(
  tx: Executor,
  row: Locked,
  amountFils: number,
  platformFeePercent: number,
  actorUserId: number | null = null,
): Promise<void> {
  const paid = Math.min(amountFils, row.cashFils + row.hoursValueFils);
  if (paid <= 0) return;
  const fee = Math.round((paid * platformFeePercent) / 100);
  await postTransfer(tx, {
    key: `complete:${row.id}`,
    kind: 'lesson_earning',
    reservationId: row.id,
    actorUserId,
    legs: [
      { accountId: await systemAccountId(tx, 'escrow'), amountFils: -paid },
      { accountId: await userAccountId(tx, 'earnings', row.teacherUserId), amountFils: paid - fee },
      { accountId: await systemAccountId(tx, 'revenue'), amountFils: fee },
    ],
  });
}

/**
 * Releases a completed lesson's earning (escrow -> teacher's earnings less the fee -> revenue) in the
 * caller's transaction, unless it was released already or a dispute is open for it. The seed and
 * the sweeper use it; an admin's dispute decision pays through `payTeacher` itself.
 */
export async function releaseEarning(
  tx: Executor,
  id: number,
  now: Date,
  platformFeePercent: number,
): Promise<boolean> {
  const row = await lockReservation(tx, id);
  if (row?.status !== 'completed' || row.earningReleasedAt !== null) return false;
  if (await hasOpenDispute(tx, id)) return false;
  await payTeacher(tx, row, row.cashFils + row.hoursValueFils, platformFeePercent);
  return markEarningSettled(tx, id, now);
}

/**
 * Cancels a locked confirmed lesson as a teacher no-show: full refund to the source, the count, both
 * told, each as the reader (issue 30): the student's notice names the teacher (and says the student
 * got the refund), the teacher's names the student who got it, each name in its reader's language.
 */
async function cancelAsNoShow(tx: Executor, row: Locked, now: Date): Promise<void> {
  await cancelLocked(tx, row, 'system', null, TEACHER_NO_SHOW_REASON, now);
  await addNoShow(tx, row.teacherId);
  await closeDisputeAsRefunded(tx, row.id, row.cashFils + row.hoursValueFils, now);
  const people = await namesOf(tx, [row.studentId, row.teacherUserId]);
  const nameFor = (userId: number, readerId: number) =>
    people.get(userId)?.name(people.get(readerId)?.language ?? DEFAULT_LANGUAGE) ?? '';
  const about = { reservationId: row.id, startTime: row.startTime?.toISOString() ?? null };
  await insertNotifications(tx, [
    {
      userId: row.studentId,
      type: 'lesson.teacherNoShow' as const,
      data: { ...about, teacherName: nameFor(row.teacherUserId, row.studentId) },
    },
    {
      userId: row.teacherUserId,
      type: 'lesson.teacherNoShow' as const,
      data: { ...about, studentName: nameFor(row.studentId, row.teacherUserId) },
    },
  ]);
}

/**
 * Lesson outcomes, run by the money sweeper (ADR 016): 15 minutes after the start a lesson whose
 * teacher is not in the room is cancelled as a teacher no-show; at the end a confirmed lesson is
 * completed (the teacher came; the student may not have); 24 hours after the end, with no open
 * dispute, the teacher's earning leaves escrow. One transaction per lesson, each on the locked
 * reservation after re-checking its state, so several processes may sweep at once.
 */
export function createLessonCompletion({
  db,
  platformFeePercent,
  mail,
}: {
  db: Db;
  platformFeePercent: number;
  mail?: BookingMail;
}) {
  /**
   * A confirmed lesson 15 minutes past its start whose teacher has not appeared (in the room from
   * 2 minutes before the start, or through the lesson's link; issue 29): cancelled as a no-show.
   */
  async function settleNoShow(tx: Executor, id: number, now: Date): Promise<boolean> {
    const row = await lockReservation(tx, id);
    if (row?.status !== 'confirmed' || !row.startTime || !row.endTime) return false;
    if (row.startTime.getTime() + NO_SHOW_GRACE_MS > now.getTime()) return false;
    const attendance = await attendanceOf(tx, id, { startTime: row.startTime, endTime: row.endTime }, now);
    if (attendance.teacher.appearedInTime) return false;
    await cancelAsNoShow(tx, row, now);
    return true;
  }

  /**
   * A confirmed lesson that has ended: completed when the teacher taught by the attendance rule
   * (appeared in time and present: 5 minutes in the room, both connected, or the link opened through
   * the app), else a teacher no-show, link or not.
   */
  async function settleEnded(tx: Executor, id: number, now: Date): Promise<'completed' | 'noShow' | null> {
    const row = await lockReservation(tx, id);
    if (row?.status !== 'confirmed' || (row.endTime ?? now).getTime() > now.getTime()) return null;
    if (row.startTime && row.endTime) {
      const attendance = await attendanceOf(tx, id, { startTime: row.startTime, endTime: row.endTime }, now);
      if (!teacherTaught(attendance)) {
        await cancelAsNoShow(tx, row, now);
        return 'noShow';
      }
    }
    return (await completeLesson(tx, id, now, mail)) ? 'completed' : null;
  }

  async function releaseUpTo(endedBy: Date, now: Date): Promise<number> {
    let released = 0;
    for (const id of await releasableIds(db, endedBy)) {
      if (await db.transaction((tx) => releaseEarning(tx, id, now, platformFeePercent))) released += 1;
    }
    return released;
  }

  async function outcomes(now: Date) {
    let noShows = 0;
    let completed = 0;
    for (const id of await noShowCandidateIds(db, now)) {
      if (await db.transaction((tx) => settleNoShow(tx, id, now))) noShows += 1;
    }
    for (const id of await dueReservationIds(db, now)) {
      const outcome = await db.transaction((tx) => settleEnded(tx, id, now));
      if (outcome === 'completed') completed += 1;
      if (outcome === 'noShow') noShows += 1;
    }
    const released = await releaseUpTo(new Date(now.getTime() - REPORT_WINDOW_MS), now);
    return { noShows, completed, released };
  }

  return {
    /**
     * Releases the held earnings of completed lessons that ended by `endedBy` (no open dispute), without
     * waiting for the report window: for tests and demos that make a lesson end with a moved clock.
     */
    releaseEndedBy: (endedBy: Date, now = new Date()) => releaseUpTo(endedBy, now),
    /** No-shows cancelled, lessons completed and earnings released by `now`. */
    lessonOutcomes: (now = new Date()) => outcomes(now),
    /**
     * The same steps, answering how many lessons completed: called with `now` at least 24 hours
     * after a lesson's end it both completes the lesson and releases its earning.
     */
    async completeDue(now = new Date()): Promise<number> {
      return (await outcomes(now)).completed;
    },
  };
}
