import { BOOKING, type GatewayProvider, holdMinutesFor, type PaymentPurchase } from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { PaymentRow, ReservationRow, TimeSlotRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { nameIn } from '../../http/language.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { postPaymentTransfer, userBalance } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { keepTopUpInWallet, topUpHandler } from '../payments/payment-credit.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { usableSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { isListedTeacher } from '../teachers/teachers.service.ts';
import { type BalanceSplit, chargeBalance, paidPart, spendSplitHours } from './balance-charge.ts';
import { minutesOf } from './booking.presenter.ts';
import {
  confirmPaidReservations,
  heldSlotCount,
  lockLiveUser,
  lockSlots,
  lockSlotsHeldBy,
  pendingReservationsOf,
  setSlotsBooked,
} from './booking.repo.ts';
import { releaseHold } from './booking-cancellation.service.ts';
import { notifyBooked } from './booking-notices.ts';
import { splitPayment } from './hours-split.ts';
import type { MoveTopUp } from './move-top-up.ts';
import { holdForPayment } from './payment-holds.ts';
import { reservationIdsOfPayment, reservationViews } from './reservations.repo.ts';
import { type BookInput, idsOf, takeSlots } from './slot-taking.ts';
import { lockHoldsOfTeachers } from './teacher-holds.ts';

type Deps = {
  db: Db;
  payments: PaymentsService;
  /** A top-up can also be a dearer move's (ADR 033): its handler goes first. */
  moveTopUp: MoveTopUp;
  mail: { mailer?: Mailer | undefined; publicUrl: string };
  clock: Clock;
};

/** The lessons a payment was for (issue 17: the result page names the teacher and the times). */
export async function lessonsOfPayment(
  db: Executor,
  payment: PaymentRow,
  language: 'ar' | 'en',
): Promise<PaymentPurchase> {
  return lessonsOf(db, await reservationIdsOfPayment(db, payment.id), language);
}

/** These lessons as a payment's purchase: a booking's, or the one lesson a move's top-up moves. */
async function lessonsOf(db: Executor, ids: number[], language: 'ar' | 'en'): Promise<PaymentPurchase> {
  const views = await reservationViews(db, ids);
  const lessons = views
    .filter((view) => view.reservation.startTime && view.reservation.endTime)
    .map((view) => ({
      reservationId: view.reservation.id,
      // The teacher's name in the page's language where they spelled it for it (ADR 020).
      teacher: { id: view.teacherUser.id, ...nameIn(language, view.teacherUser) },
      startTime: (view.reservation.startTime as Date).toISOString(),
      endTime: (view.reservation.endTime as Date).toISOString(),
    }))
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.reservationId - b.reservationId);
  return { purpose: 'booking', lessons };
}

/** Why the held booking of a paid top-up cannot be made; the caller keeps the money in the wallet. */
class NotBookable extends Error {}

/**
 * A short wallet (issue 30, ADR 026): the booking is paid from the balance, the missing part
 * topped up first through a gateway. Starting holds the slots (pending reservations, like a
 * gateway booking) for a `top_up` payment of exactly the shortfall. When that payment is paid
 * (webhook, return or the sweeper's recheck, once by compare-and-swap) the same transaction
 * credits the wallet and books from the balance; a booking that can no longer be made (slot gone,
 * price changed, hold lapsed, balance spent meanwhile) rolls back to a savepoint, so the top-up
 * stays in the wallet, the slots are freed and the student is told.
 */
export function createTopUpBooking({ db, payments, moveTopUp, mail, clock }: Deps) {
  async function walletShortfall(tx: Executor, userId: number, slots: TimeSlotRow[], now: Date, lock: boolean) {
    const split = splitPayment(
      slots.map((slot) => ({ minutes: minutesOf(slot), priceFils: slot.priceFils })),
      await usableSubscriptions(tx, userId, now, { lock }),
    );
    return { split, shortfallFils: split.cashFils - (await userBalance(tx, 'wallet', userId)) };
  }

  /** Books the slots a paid top-up held, from the balance; throws NotBookable (nothing of it kept) when it cannot. */
  async function bookHeld(tx: Executor, payment: PaymentRow, held: TimeSlotRow[], pending: ReservationRow[]) {
    const now = clock();
    const slotOf = new Map(held.map((slot) => [slot.id, slot]));
    const intact =
      held.length > 0 &&
      held.length === pending.length &&
      pending.every((row) => {
        const slot = row.timeSlotId === null ? undefined : slotOf.get(row.timeSlotId);
        return (
          slot !== undefined &&
          slot.priceFils === row.priceFils &&
          (slot.holdExpiresAt?.getTime() ?? 0) > now.getTime() &&
          slot.startTime.getTime() > now.getTime()
        );
      });
    if (!intact || !(await lockLiveUser(tx, payment.userId))) throw new NotBookable();
    for (const teacherId of new Set(held.map((slot) => slot.teacherId))) {
      if (!(await isListedTeacher(tx, teacherId))) throw new NotBookable();
    }
    const slots = pending.map((row) => slotOf.get(row.timeSlotId as number) as TimeSlotRow);
    const split = await chargeBalance(tx, payment.userId, slots, payment.id, now);
    await setSlotsBooked(tx, idsOf(slots));
    const rows = await confirmPaidReservations(
      tx,
      pending.map((row, index) => ({ id: row.id, ...paidPart(split, index, row.priceFils) })),
    );
    await spendSplitHours(tx, split, rows);
    await notifyBooked(tx, mail, payment.userId, rows, await lockSlots(tx, idsOf(slots)), now);
  }

  payments.registerPurpose('top_up', {
    async paid(tx, payment) {
      const move = await moveTopUp.moveOf(tx, payment.id);
      if (move) return moveTopUp.paid(tx, payment, move);
      const held = await lockSlotsHeldBy(tx, payment.id);
      const pending = await pendingReservationsOf(tx, payment.id);
      // A plain top-up (no booking waits on it).
      if ((await reservationIdsOfPayment(tx, payment.id)).length === 0) return topUpHandler.paid(tx, payment);
      await postPaymentTransfer(tx, payment, 'top_up', 'wallet');
      try {
        // A savepoint: a booking that fails half-way leaves only the top-up behind.
        await tx.transaction((savepoint) => bookHeld(savepoint, payment, held, pending));
      } catch (error) {
        if (!(error instanceof NotBookable || error instanceof HttpError || error instanceof FieldValidationError))
          throw error;
        await releaseHold(tx, held, pending, 'holdExpired', clock());
        await keepTopUpInWallet(tx, payment);
      }
    },
    async failed(tx, payment) {
      const move = await moveTopUp.moveOf(tx, payment.id);
      if (move) return moveTopUp.failed(tx, payment, move);
      if ((await reservationIdsOfPayment(tx, payment.id)).length === 0) return topUpHandler.failed(tx, payment);
      const held = await lockSlotsHeldBy(tx, payment.id);
      await releaseHold(tx, held, await pendingReservationsOf(tx, payment.id), 'paymentFailed', clock());
      await insertNotifications(tx, [
        { userId: payment.userId, type: 'payment.failed', data: { paymentId: payment.id, purpose: 'booking' } },
      ]);
    },
    async purchase(reader, payment, language) {
      const move = await moveTopUp.moveOf(reader, payment.id);
      if (move) return { ...(await lessonsOf(reader, [move.reservationId], language)), move: true };
      if ((await reservationIdsOfPayment(reader, payment.id)).length === 0)
        return topUpHandler.purchase(reader, payment, language);
      return lessonsOfPayment(reader, payment, language);
    },
  });

  return {
    /** Whether the balance alone pays these slots now (then the caller books with it). */
    async balanceSuffices(userId: number, slots: TimeSlotRow[], now: Date): Promise<boolean> {
      return (await walletShortfall(db, userId, slots, now, false)).shortfallFils <= 0;
    },

    /** Holds the slots and starts a top-up of exactly the wallet's shortfall through `provider` (KNET on Payzah). */
    async start(userId: number, provider: GatewayProvider, input: BookInput, now: Date) {
      const holdUntil = new Date(now.getTime() + holdMinutesFor(input.slotIds.length) * 60_000);
      let reservationIds: number[] = [];
      let amountFils = 0;
      let split: BalanceSplit | undefined;
      const { payment, paymentLink } = await payments.start({
        userId,
        provider,
        purpose: 'top_up',
        language: input.language,
        expiresAt: holdUntil,
        paymentType: '1',
        prepare: async (tx, paymentId) => {
          if ((await heldSlotCount(tx, userId, now)) + input.slotIds.length > BOOKING.maxHeldSlots) {
            throw new HttpError(429, 'tooManyPendingPayments', 'Pay for or release the slots you are holding first');
          }
          await lockHoldsOfTeachers(tx, input.slotIds);
          const slots = await takeSlots(tx, userId, input, now);
          ({ split, shortfallFils: amountFils } = await walletShortfall(tx, userId, slots, now, true));
          if (amountFils <= 0) {
            throw new HttpError(409, 'conflict', 'Your balance now pays this booking: book with it');
          }
          payments.assertMinimum(provider, amountFils, 'topUpWith');
          // How the balance pays is decided when the top-up is paid; until then the wallet's, unpaid.
          const hold = { studentId: userId, note: input.note, paymentId, holdUntil, now };
          reservationIds = await holdForPayment(tx, slots, hold, 'wallet');
          return { amountFils };
        },
      });
      return { payment, paymentLink, reservationIds, amountFils, holdUntil, split: split as BalanceSplit };
    },
  };
}
