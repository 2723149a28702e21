import type { Db, Executor } from '../../db/client.ts';
import { postTransfer, systemAccountId, userAccountId } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { completeReservation, dueReservationIds, lockReservation } from './booking.repo.ts';

/**
 * Completes one confirmed lesson in the caller's transaction (ADR 011): the money paid for it moves
 * from escrow to the teacher's earnings, less the platform's fee, and the teacher is told. False when
 * the reservation is not (or no longer) confirmed.
 */
export async function completeLesson(
  tx: Executor,
  id: number,
  now: Date,
  platformFeePercent: number,
): Promise<boolean> {
  const row = await completeReservation(tx, id, now);
  if (!row) return false;
  const teacher = await lockReservation(tx, id);
  if (!teacher) return false;
  // What was paid for this lesson, in money and in hours, is all in escrow: the teacher gets
  // it less the platform's fee, and nothing more (RELIABILITY I9).
  const paid = row.cashFils + row.hoursValueFils;
  const fee = Math.round((paid * platformFeePercent) / 100);
  if (paid > 0) {
    await postTransfer(tx, {
      key: `complete:${id}`,
      kind: 'lesson_earning',
      reservationId: id,
      legs: [
        { accountId: await systemAccountId(tx, 'escrow'), amountFils: -paid },
        { accountId: await userAccountId(tx, 'earnings', teacher.teacherUserId), amountFils: paid - fee },
        { accountId: await systemAccountId(tx, 'revenue'), amountFils: fee },
      ],
    });
  }
  await insertNotifications(tx, [
    { userId: teacher.teacherUserId, type: 'lesson.completed', data: { reservationId: id } },
  ]);
  return true;
}

/** Lesson completion, run by the money sweeper (`src/jobs/money-sweeper.ts`). */
export function createLessonCompletion({ db, platformFeePercent }: { db: Db; platformFeePercent: number }) {
  return {
    /** Lessons that have ended: the money moves from escrow to the teacher's earnings (minus the platform's share). */
    async completeDue(now = new Date()): Promise<number> {
      let done = 0;
      for (const id of await dueReservationIds(db, now)) {
        if (await db.transaction((tx) => completeLesson(tx, id, now, platformFeePercent))) done += 1;
      }
      return done;
    },
  };
}
