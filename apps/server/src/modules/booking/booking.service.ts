import { randomBytes } from 'node:crypto';
import {
  BOOKING,
  type BookingQuoteResponse,
  type BookingResponse,
  cancellationTerms,
  filsToKwd,
  type GatewayProvider,
  holdMinutesFor,
  type Language,
  type PaidWith,
  type ReservationScope,
  toPage,
} from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { failpoints } from '../../failpoints.ts';
import { HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { postPaymentTransfer, userBalance } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { creditPaymentToWallet } from '../payments/payment-credit.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { activeTotals, usableSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { findProfileIdOfUser } from '../teachers/teachers.service.ts';
import { chargeBalance, paidPart, spendSplitHours } from './balance-charge.ts';
import { breakdownOf, hoursOf, minutesOf, reservationsAsSeenBy, toReservation } from './booking.presenter.ts';
import {
  confirmReservations,
  heldSlotCount,
  holdSlots,
  lockSlots,
  lockSlotsHeldBy,
  pendingReservationsOf,
  readSlots,
  releaseExpiredHolds,
  setSlotsBooked,
} from './booking.repo.ts';
import { createCancellationService, releaseHold } from './booking-cancellation.service.ts';
import { notifyBooked } from './booking-notices.ts';
import { splitPayment } from './hours-split.ts';
import { createLessonCompletion } from './lesson-completion.service.ts';
import { bookedLessonsSince, listReservations } from './reservations.repo.ts';
import { type BookInput, checkSlots, idsOf, reserveSlots, takeSlots } from './slot-taking.ts';
import { assertTeacherHoldRoom, lockHoldsOfTeachers } from './teacher-holds.ts';
import { createTopUpBooking, lessonsOfPayment } from './top-up-booking.ts';

type Deps = {
  db: Db;
  payments: PaymentsService;
  /** The server's clock (TEST_CLOCK_OFFSET_SECONDS): what is bookable, upcoming or cancellable follows it. */
  clock?: Clock;
  /** The booking confirmation mail goes through the outbox (none in tests that do not need it). */
  mailer?: Mailer;
  publicUrl?: string;
  /** The platform's share of a lesson, percent (the rest goes to the teacher's earnings). */
  platformFeePercent: number;
};

export type { BookInput } from './slot-taking.ts';

/**
 * Booking (ARCHITECTURE "Server rules"): the quote, booking with the balance or through a gateway,
 * and the list of a user's reservations; with cancellation (`booking-cancellation.service.ts`) and
 * lesson completion (`lesson-completion.service.ts`) it is the service the routes, the admin and
 * the money sweeper use. Every change of slots, reservations, subscription hours and the ledger
 * for one request happens in one transaction: all slots or none, charged once.
 */
export function createBookingService({
  db,
  payments,
  platformFeePercent,
  mailer,
  publicUrl = '',
  clock = () => new Date(),
}: Deps) {
  const cancellation = createCancellationService({ db, clock });
  const mail = { mailer, publicUrl };
  const completion = createLessonCompletion({ db, platformFeePercent, mail });
  const topUpBooking = createTopUpBooking({ db, payments, mail, clock });

  /** What the booker has left after a booking: wallet balance and subscription hours. */
  async function leftAfter(userId: number, now: Date) {
    return {
      balance: filsToKwd(await userBalance(db, 'wallet', userId)),
      remainingHours: hoursOf((await activeTotals(db, userId, now)).remainingMinutes),
    };
  }

  async function bookWithBalance(userId: number, input: BookInput, now: Date): Promise<BookingResponse> {
    const group = `bk_${randomBytes(10).toString('hex')}`;
    const { ids, paidWith, split } = await db.transaction(async (tx) => {
      const slots = await takeSlots(tx, userId, input, now);
      const split = await chargeBalance(tx, userId, slots, group, now);
      failpoints.hit('booking.afterDebit');

      await setSlotsBooked(tx, idsOf(slots));
      const paid: PaidWith = split.minutes > 0 ? 'subscription' : 'wallet';
      const rows = await reserveSlots(
        tx,
        slots,
        { studentId: userId, status: 'confirmed', note: input.note, bookingGroup: group },
        (slot, index) => paidPart(split, index, slot.priceFils),
      );
      await spendSplitHours(tx, split, rows);
      await notifyBooked(tx, mail, userId, rows, slots, now);
      return { ids: idsOf(rows), paidWith: paid, split };
    });
    return {
      paymentStatus: 'PAID',
      paidWith,
      breakdown: breakdownOf(split),
      reservations: await reservationsAsSeenBy(db, ids, userId, now, input.language),
      ...(await leftAfter(userId, clock())),
    };
  }

  async function bookWithGateway(
    userId: number,
    provider: GatewayProvider,
    input: BookInput,
    now: Date,
  ): Promise<BookingResponse> {
    // Two slots or more are held for less time (BOOKING.multiSlotHoldMinutes); the payment expires with the hold.
    const holdUntil = new Date(now.getTime() + holdMinutesFor(input.slotIds.length) * 60_000);
    let reservationIds: number[] = [];
    let totalFils = 0;
    const { payment, paymentLink } = await payments.start({
      userId,
      provider,
      purpose: 'booking',
      language: input.language,
      expiresAt: holdUntil,
      prepare: async (tx, paymentId) => {
        if ((await heldSlotCount(tx, userId, now)) + input.slotIds.length > BOOKING.maxHeldSlots) {
          throw new HttpError(429, 'tooManyPendingPayments', 'Pay for or release the slots you are holding first');
        }
        await lockHoldsOfTeachers(tx, input.slotIds);
        const slots = await takeSlots(tx, userId, input, now);
        const amountFils = slots.reduce((sum, slot) => sum + slot.priceFils, 0);
        payments.assertMinimum(provider, amountFils, 'paymentMethod');
        await assertTeacherHoldRoom(tx, slots, now);
        await holdSlots(tx, idsOf(slots), paymentId, holdUntil);
        const rows = await reserveSlots(
          tx,
          slots,
          { studentId: userId, status: 'pending', note: input.note, bookingGroup: paymentId, paymentId },
          (slot) => ({ paidWith: provider, cashFils: slot.priceFils }),
        );
        reservationIds = idsOf(rows);
        totalFils = amountFils;
        return { amountFils };
      },
    });
    return {
      paymentStatus: 'PENDING',
      paymentLink,
      paymentId: payment.id,
      paidWith: provider,
      breakdown: breakdownOf({ minutes: 0, hoursValueFils: 0, cashFils: totalFils }),
      reservations: await reservationsAsSeenBy(db, reservationIds, userId, now, input.language),
      ...(await leftAfter(userId, now)),
      holdExpiresAt: holdUntil.toISOString(),
    };
  }

  /** A short wallet: top up the shortfall, the slots held, booked when it is paid (ADR 026). */
  async function bookAfterTopUp(
    userId: number,
    provider: GatewayProvider,
    input: BookInput,
    now: Date,
  ): Promise<BookingResponse> {
    // The wallet covers it by now (another tab topped up): book with it at once.
    if (await topUpBooking.balanceSuffices(userId, await readSlots(db, input.slotIds), now))
      return bookWithBalance(userId, input, now);
    const started = await topUpBooking.start(userId, provider, input, now);
    return {
      paymentStatus: 'PENDING',
      paymentLink: started.paymentLink,
      paymentId: started.payment.id,
      paidWith: 'wallet',
      breakdown: breakdownOf(started.split),
      reservations: await reservationsAsSeenBy(db, started.reservationIds, userId, now, input.language),
      ...(await leftAfter(userId, now)),
      holdExpiresAt: started.holdUntil.toISOString(),
      topUp: filsToKwd(started.amountFils),
    };
  }

  // A booking paid at the gateway: confirm the held slots, or (hold lapsed) credit the wallet.
  payments.registerPurpose('booking', {
    async paid(tx, payment: PaymentRow) {
      const now = clock();
      const slots = await lockSlotsHeldBy(tx, payment.id);
      const pending = await pendingReservationsOf(tx, payment.id);
      // Intact only when every slot this payment paid for is still held and pending: a student who
      // cancelled one of them meanwhile must not pay for it (the whole amount then goes to the wallet).
      const intact =
        slots.length > 0 &&
        slots.length === pending.length &&
        pending.reduce((sum, row) => sum + row.priceFils, 0) === payment.amountFils &&
        slots.every((slot) => (slot.holdExpiresAt?.getTime() ?? 0) > now.getTime());
      if (intact) {
        await postPaymentTransfer(tx, payment, 'booking', 'escrow');
        await setSlotsBooked(tx, idsOf(slots));
        await confirmReservations(tx, idsOf(pending));
        const locked = await lockSlots(tx, idsOf(slots));
        await notifyBooked(tx, mail, payment.userId, pending, locked, now);
        return;
      }
      await releaseHold(tx, slots, pending, 'holdExpired', now);
      await creditPaymentToWallet(tx, payment);
    },
    async failed(tx, payment: PaymentRow) {
      const slots = await lockSlotsHeldBy(tx, payment.id);
      const pending = await pendingReservationsOf(tx, payment.id);
      await releaseHold(tx, slots, pending, 'paymentFailed', clock());
      await insertNotifications(tx, [
        { userId: payment.userId, type: 'payment.failed', data: { paymentId: payment.id, purpose: 'booking' } },
      ]);
    },
    // The lessons it was for (issue 17: the result page names the teacher and the times).
    purchase: lessonsOfPayment,
  });

  return {
    async book(userId: number, input: BookInput, now = clock()): Promise<BookingResponse> {
      if (input.paymentMethod === 'balance' && input.topUpWith)
        return bookAfterTopUp(userId, input.topUpWith, input, now);
      if (input.paymentMethod === 'balance') return bookWithBalance(userId, input, now);
      return bookWithGateway(userId, input.paymentMethod, input, now);
    },

    /** What booking these slots with the balance would take, split as the booking would split it. */
    async quote(userId: number, slotIds: number[], now = clock()): Promise<BookingQuoteResponse> {
      const slots = await readSlots(db, slotIds);
      const open = slots.map((slot) =>
        slot.status === 'held' && (slot.holdExpiresAt?.getTime() ?? 0) <= now.getTime()
          ? { ...slot, status: 'open' as const }
          : slot,
      );
      await checkSlots(db, userId, slotIds, 'timeSlotIds', open, now);
      const split = splitPayment(
        open.map((slot) => ({ minutes: minutesOf(slot), priceFils: slot.priceFils })),
        await usableSubscriptions(db, userId, now),
      );
      const balance = await userBalance(db, 'wallet', userId);
      return {
        total: filsToKwd(split.hoursValueFils + split.cashFils),
        breakdown: breakdownOf(split),
        balance: filsToKwd(balance),
        sufficient: balance >= split.cashFils,
        slots: open.map((slot) => {
          // The one rule (contract `cancellationTerms`): the same terms on the sheet, the notice and the mail.
          const terms = cancellationTerms(slot.startTime, now);
          return {
            id: slot.id,
            startTime: slot.startTime.toISOString(),
            endTime: slot.endTime.toISOString(),
            price: filsToKwd(slot.priceFils),
            cancelDeadline: terms.deadline,
            cancellable: terms.cancellable,
          };
        }),
      };
    },

    async list(
      userId: number,
      scope: ReservationScope,
      page: number,
      limit: number,
      language?: Language,
      now = clock(),
    ) {
      const teacherProfileId = (await findProfileIdOfUser(db, userId)) ?? null;
      const { rows, total } = await listReservations(db, { userId, teacherProfileId }, scope, page, limit, now);
      return toPage(
        rows.map((view) => toReservation(view, userId, now, language)),
        total,
        { page, limit },
      );
    },

    /** The user's booked lessons (as student and as teacher) ending after `since`, soonest first: the calendar feed. */
    async lessonsSince(userId: number, since: Date, limit: number, now = clock()) {
      const teacherProfileId = (await findProfileIdOfUser(db, userId)) ?? null;
      const views = await bookedLessonsSince(db, { userId, teacherProfileId }, since, limit);
      return views.map((view) => toReservation(view, userId, now));
    },

    ...cancellation,
    ...completion,
    releaseExpiredHolds: (now = clock()) => releaseExpiredHolds(db, now),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
