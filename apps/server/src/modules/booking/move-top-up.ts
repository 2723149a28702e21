import { BOOKING, filsToKwd, type GatewayProvider, holdMinutesFor, kwdToFils } from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/client.ts';
import type { MoveTopUpRow, PaymentRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { postPaymentTransfer, userBalance } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { keepTopUpInWallet } from '../payments/payment-credit.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { isListedTeacher } from '../teachers/teachers.service.ts';
import { minutesOf } from './booking.presenter.ts';
import {
  heldSlotCount,
  holdSlots,
  lockLiveUser,
  lockReservation,
  lockSlots,
  openSlots,
  releaseExpiredHolds,
} from './booking.repo.ts';
import type { BookingMail } from './booking-notices.ts';
import {
  hasWaitingMove,
  heldMoveSlotCount,
  insertMoveTopUp,
  moveTopUpOf,
  releaseMoveHold,
} from './move-top-up.repo.ts';
import { checkTarget, moveLesson, splitDifference } from './reschedule-move.ts';
import { assertMovable, assertStudentMayMove, tellRescheduled } from './reschedule-rules.ts';
import { assertTeacherHoldRoom, lockHoldsOfTeachers } from './teacher-holds.ts';

/**
 * A dearer move paid through a gateway (issue 32, ADR 033), the way a short wallet's booking is
 * (ADR 026): the balance cannot pay the new slot's difference, so the slot is held for a `top_up`
 * payment of exactly what the balance lacks, and the lesson keeps its time meanwhile. When the
 * payment is paid (webhook, return or the sweeper's recheck, once) the same transaction credits the
 * wallet and makes the move from the balance (`moveLesson`: hours first, then the wallet); a move
 * that can no longer be made (lesson moved, cancelled or started, hold lapsed, balance spent
 * meanwhile) rolls back to a savepoint, so the top-up stays in the wallet, the slot is freed and the
 * student is told. A failed or expired payment frees the slot.
 */

type Deps = { payments: PaymentsService; mail: BookingMail; clock: Clock };
type StartBody = { timeSlotId: number; expectedTotal: string; topUpWith: GatewayProvider; language: 'ar' | 'en' };

/** Why a paid move's top-up cannot make the move; the money stays in the wallet. */
class NotMovable extends Error {}

export function createMoveTopUp({ payments, mail, clock }: Deps) {
  /** Moves the lesson the paid top-up waited for, from the balance; throws (nothing of it kept) when it cannot. */
  async function moveHeld(tx: Executor, payment: PaymentRow, move: MoveTopUpRow) {
    const now = clock();
    const row = await lockReservation(tx, move.reservationId);
    if (!row || row.studentId !== payment.userId || row.revision !== move.revision) throw new NotMovable();
    assertMovable(row, now);
    if (!(await lockLiveUser(tx, payment.userId))) throw new NotMovable();
    // Both slots in id order, as every booking and move locks them.
    const locked = await lockSlots(
      tx,
      [row.timeSlotId, move.timeSlotId].filter((id): id is number => id !== null),
    );
    const slot = locked.find((candidate) => candidate.id === move.timeSlotId);
    const held =
      slot?.status === 'held' &&
      slot.holdPaymentId === payment.id &&
      (slot.holdExpiresAt?.getTime() ?? 0) > now.getTime();
    if (!slot || !held || !(await isListedTeacher(tx, slot.teacherId))) throw new NotMovable();
    await openSlots(tx, [slot.id]);
    const target = { timeSlotId: slot.id, expectedTotal: filsToKwd(move.priceFils) };
    const result = await moveLesson(tx, row, target, payment.userId, now);
    await tellRescheduled(tx, mail, row, result.moved, 'student');
  }

  return {
    /** Whether a move of this lesson still waits for its top-up: the lesson cannot move another way meanwhile. */
    waiting: (tx: Executor, reservationId: number, now: Date) => hasWaitingMove(tx, reservationId, now),

    /** The move a top-up payment is for, if any (the `top_up` purpose's handler asks first). */
    moveOf: (tx: Executor, paymentId: string) => moveTopUpOf(tx, paymentId),

    async paid(tx: Executor, payment: PaymentRow, move: MoveTopUpRow) {
      await postPaymentTransfer(tx, payment, 'top_up', 'wallet');
      try {
        // A savepoint: a move that fails half-way leaves only the top-up behind.
        await tx.transaction((savepoint) => moveHeld(savepoint, payment, move));
      } catch (error) {
        if (!(error instanceof NotMovable || error instanceof HttpError || error instanceof FieldValidationError))
          throw error;
        await releaseMoveHold(tx, payment.id);
        await keepTopUpInWallet(tx, payment);
      }
    },

    async failed(tx: Executor, payment: PaymentRow, move: MoveTopUpRow) {
      await releaseMoveHold(tx, payment.id);
      await insertNotifications(tx, [
        {
          userId: payment.userId,
          type: 'payment.failed',
          data: { paymentId: payment.id, purpose: 'move', reservationId: move.reservationId },
        },
      ]);
    },

    /**
     * Holds the new slot and starts a top-up of exactly what the balance lacks of the difference
     * through `topUpWith` (the lesson locked and checked again: its student, movable, not too late;
     * one waiting move per lesson; the slot open, same teacher, length and kind, at the price seen).
     */
    async start(userId: number, reservationId: number, body: StartBody, now: Date) {
      const holdUntil = new Date(now.getTime() + holdMinutesFor(1) * 60_000);
      let amountFils = 0;
      const { payment, paymentLink } = await payments.start({
        userId,
        provider: body.topUpWith,
        purpose: 'top_up',
        language: body.language,
        expiresAt: holdUntil,
        paymentType: '1',
        prepare: async (tx, paymentId) => {
          const row = assertStudentMayMove(await lockReservation(tx, reservationId), userId, now);
          if (await hasWaitingMove(tx, row.id, now)) {
            throw new HttpError(409, 'moveAwaitingPayment', "This lesson's move is waiting for its payment");
          }
          if (
            (await heldSlotCount(tx, userId, now)) + (await heldMoveSlotCount(tx, userId, now)) >=
            BOOKING.maxHeldSlots
          ) {
            throw new HttpError(429, 'tooManyPendingPayments', 'Pay for or release the slots you are holding first');
          }
          await lockHoldsOfTeachers(tx, [body.timeSlotId]);
          await releaseExpiredHolds(tx, now, [body.timeSlotId]);
          const [candidate] = await lockSlots(tx, [body.timeSlotId]);
          const target = checkTarget(row, candidate, now);
          if (kwdToFils(body.expectedTotal) !== target.priceFils) {
            throw new HttpError(
              409,
              'priceChanged',
              `The price of this slot is now ${filsToKwd(target.priceFils)} KWD`,
            );
          }
          const diff = target.priceFils - row.priceFils;
          const { cash } = diff > 0 ? await splitDifference(tx, row, minutesOf(target), diff, now) : { cash: 0 };
          amountFils = cash - (await userBalance(tx, 'wallet', userId));
          if (amountFils <= 0) {
            throw new HttpError(409, 'conflict', 'Your balance now pays this move: move the lesson with it');
          }
          payments.assertMinimum(body.topUpWith, amountFils, 'topUpWith');
          await assertTeacherHoldRoom(tx, [target], now);
          await holdSlots(tx, [target.id], paymentId, holdUntil);
          await insertMoveTopUp(tx, {
            paymentId,
            reservationId: row.id,
            timeSlotId: target.id,
            revision: row.revision,
            priceFils: target.priceFils,
          });
          return { amountFils };
        },
      });
      return {
        paymentId: payment.id,
        paymentLink,
        amount: filsToKwd(amountFils),
        holdExpiresAt: holdUntil.toISOString(),
      };
    },
  };
}

export type MoveTopUp = ReturnType<typeof createMoveTopUp>;
