import {
  BOOKING,
  type CancelReservationResponse,
  cancellationTerms,
  DEFAULT_LANGUAGE,
  filsToKwd,
} from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { ReservationRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { postTransfer, systemAccountId, userAccountId } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { expireAbandonedPayment } from '../payments/payment-abandon.ts';
import { refundUsages } from '../subscriptions/subscriptions.service.ts';
import { hoursOf, reservationsAsSeenBy } from './booking.presenter.ts';
import {
  cancelReservations,
  lockReservation,
  lockTeacherFutureReservations,
  namesOf,
  openSlots,
  pendingReservationsOf,
} from './booking.repo.ts';

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

/** Only a live reservation that has not ended can be cancelled (409 otherwise). */
function assertCancellable(row: ReservationRow, now: Date) {
  if (row.status !== 'pending' && row.status !== 'confirmed') {
    throw new HttpError(409, 'conflict', 'This reservation can no longer be cancelled');
  }
  if ((row.endTime ?? now).getTime() <= now.getTime()) {
    throw new HttpError(409, 'cancellationClosed', 'This lesson has already ended');
  }
}

/**
 * Refunds a locked, confirmed (or completed, not yet paid out) reservation in full to where it was
 * paid from, in the caller's transaction: its subscription hours go back with their value (escrow ->
 * prepaid; hours of a subscription that has ended since cannot be used again, so their value goes to
 * the wallet), money to the wallet (wallet and gateway payments). Keyed `refund:<id>`: at most once.
 */
export async function refundToSource(
  tx: Executor,
  row: ReservationRow,
  actorUserId: number | null,
  now: Date,
): Promise<CancelReservationResponse['refund']> {
  const hours =
    row.subscriptionMinutes > 0
      ? await refundUsages(tx, row.id, now)
      : { minutes: 0, valueFils: 0, lapsedValueFils: 0 };
  const toPrepaid = Math.min(hours.valueFils, row.hoursValueFils);
  const toWallet = row.cashFils + row.hoursValueFils - toPrepaid;
  if (row.cashFils + row.hoursValueFils > 0) {
    await postTransfer(tx, {
      key: `refund:${row.id}`,
      kind: 'booking_refund',
      reservationId: row.id,
      actorUserId,
      legs: [
        { accountId: await systemAccountId(tx, 'escrow'), amountFils: -(row.cashFils + row.hoursValueFils) },
        { accountId: await systemAccountId(tx, 'prepaid'), amountFils: toPrepaid },
        { accountId: await userAccountId(tx, 'wallet', row.studentId), amountFils: toWallet },
      ],
    });
  }
  const to = hours.minutes > 0 ? 'subscription' : toWallet > 0 ? 'wallet' : 'none';
  return { to, amount: filsToKwd(toWallet), hours: hoursOf(hours.minutes) };
}

/**
 * Cancels a locked, live reservation: the slot opens again (a gateway hold is released; its
 * payment, if it is paid later, goes to the wallet), and a confirmed one is refunded in full to
 * where it was paid from (`refundToSource`). The last pending reservation of a gateway payment
 * cancelled ends that payment too (issue 30: expired at once, in this transaction, so the limit of
 * payments waiting lifts). The system cancels a teacher no-show this way too.
 */
export async function cancelLocked(
  tx: Executor,
  row: ReservationRow,
  by: 'student' | 'teacher' | 'admin' | 'system',
  actorUserId: number | null,
  reason: string,
  now: Date,
): Promise<CancelReservationResponse['refund']> {
  await cancelReservations(tx, [row.id], by, reason, now);
  await openSlots(tx, [row.timeSlotId]);
  if (row.status === 'pending' && row.paymentId && (await pendingReservationsOf(tx, row.paymentId)).length === 0) {
    await expireAbandonedPayment(tx, row.paymentId);
  }
  if (row.status !== 'confirmed') return { to: 'none', amount: '0.000', hours: 0 };
  return refundToSource(tx, row, actorUserId, now);
}

/** A payment's hold ends without a booking: its slots open again, its reservations are cancelled. */
export async function releaseHold(
  tx: Executor,
  slots: { id: number }[],
  pending: ReservationRow[],
  reason: 'holdExpired' | 'paymentFailed',
  now: Date,
) {
  await openSlots(tx, idsOf(slots));
  await cancelReservations(tx, idsOf(pending), 'system', reason, now);
}

/**
 * Tells `recipients` that a lesson was cancelled (`booking.cancelled`), naming the teacher, the
 * student and the start, so each reads it in their own zone (issue 17); a refund also tells the
 * student what came back and where (`booking.refunded`: money to the wallet or hours to the
 * subscription).
 */
async function tellCancelled(
  tx: Executor,
  row: ReservationRow & { teacherUserId: number },
  by: 'student' | 'teacher' | 'admin',
  refund: CancelReservationResponse['refund'],
  recipients: number[],
) {
  const people = await namesOf(tx, [row.studentId, row.teacherUserId]);
  const startTime = row.startTime?.toISOString() ?? null;
  // Each reader sees the other party's name: the student the teacher's, the teacher the student's.
  // In the reader's language where the named person spelled their name for it (ADR 020).
  const nameOf = (userId: number, readerId: number) =>
    people.get(userId)?.name(people.get(readerId)?.language ?? DEFAULT_LANGUAGE) ?? '';
  const about = (userId: number) =>
    userId === row.studentId
      ? { reservationId: row.id, teacherName: nameOf(row.teacherUserId, userId), startTime }
      : { reservationId: row.id, studentName: nameOf(row.studentId, userId), startTime };
  // The refund first: the list shows newest first, so the cancellation reads above what came back.
  await insertNotifications(tx, [
    ...(refund.to === 'none'
      ? []
      : [
          {
            userId: row.studentId,
            type: 'booking.refunded' as const,
            // Every source named (issue 30): hours and money together, and the gateway it was paid with.
            data: {
              ...about(row.studentId),
              to: refund.to,
              amount: refund.amount,
              hours: refund.hours,
              paidWith: row.paidWith,
            },
          },
        ]),
    ...recipients.map((userId) => ({ userId, type: 'booking.cancelled' as const, data: { ...about(userId), by } })),
  ]);
}

/**
 * Cancellation (ARCHITECTURE "Server rules"): by the student or the teacher in their own
 * transaction, by an admin in the admin's (so the audit row commits with it). Each refunds in full,
 * to where the lesson was paid from, in the transaction that cancels it.
 */
export function createCancellationService({ db, clock = () => new Date() }: { db: Db; clock?: Clock }) {
  /**
   * An admin cancels any pending or confirmed reservation that has not ended (no 24-hour rule),
   * inside the caller's transaction (so its audit row commits with it): full refund to where it
   * was paid from, a gateway hold released, the slot open again, student and teacher both told.
   */
  async function cancelAsAdmin(
    tx: Executor,
    adminId: number,
    reservationId: number,
    reason: string,
    now = clock(),
  ): Promise<{ before: ReservationRow; refund: CancelReservationResponse['refund'] }> {
    const row = await lockReservation(tx, reservationId);
    if (!row) throw new HttpError(404, 'notFound', 'Reservation not found');
    assertCancellable(row, now);
    const refund = await cancelLocked(tx, row, 'admin', adminId, reason, now);
    await tellCancelled(tx, row, 'admin', refund, [row.studentId, row.teacherUserId]);
    const { teacherUserId: _teacherUserId, ...before } = row;
    return { before, refund };
  }

  return {
    /** Student until 24 h before the start, teacher any time before the end; full refund to the source. */
    async cancel(
      userId: number,
      reservationId: number,
      reason: string,
      now = clock(),
    ): Promise<CancelReservationResponse> {
      const refund = await db.transaction(async (tx) => {
        const row = await lockReservation(tx, reservationId);
        const isStudent = row?.studentId === userId;
        const isTeacher = row?.teacherUserId === userId;
        if (!row || (!isStudent && !isTeacher)) throw new HttpError(404, 'notFound', 'Reservation not found');
        assertCancellable(row, now);
        const start = row.startTime ?? now;
        // A declined proposal (issue 32) frees the student to cancel with a full refund whatever the time.
        if (!isTeacher && row.status === 'confirmed' && !row.freeCancel && !cancellationTerms(start, now).cancellable) {
          throw new HttpError(
            409,
            'cancellationClosed',
            `A lesson can be cancelled until ${BOOKING.studentCancelHours} hours before it starts`,
          );
        }
        const by = isTeacher ? 'teacher' : 'student';
        const result = await cancelLocked(tx, row, by, userId, reason, now);
        await tellCancelled(tx, row, by, result, [isTeacher ? row.studentId : row.teacherUserId]);
        return result;
      });
      const [reservation] = await reservationsAsSeenBy(db, [reservationId], userId, now);
      if (!reservation) throw new HttpError(404, 'notFound', 'Reservation not found');
      return { reservation, refund };
    },

    cancelAsAdmin,

    /**
     * A teacher who can no longer teach (suspended): every lesson of theirs that has not started is
     * cancelled in the caller's transaction, refunded in full to where it was paid from, and both
     * sides are told. Answers how many were cancelled.
     */
    async cancelTeacherFuture(tx: Executor, adminId: number, teacherUserId: number, reason: string, now = clock()) {
      const ids = await lockTeacherFutureReservations(tx, teacherUserId, now);
      for (const id of ids) await cancelAsAdmin(tx, adminId, id, reason, now);
      return ids.length;
    },
  };
}
