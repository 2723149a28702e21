import { randomBytes } from 'node:crypto';
import {
  BOOKING,
  type BookingQuoteResponse,
  type BookingResponse,
  cancellationTerms,
  filsToKwd,
  type GatewayProvider,
  holdMinutesFor,
  kwdToFils,
  type Language,
  minSlotPriceFils,
  type PaidWith,
  type PaymentMethod,
  type ReservationScope,
  toPage,
} from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { PaymentRow, ReservationRow } from '../../db/schema.ts';
import { failpoints } from '../../failpoints.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { nameIn } from '../../http/language.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  InsufficientFundsError,
  postPaymentTransfer,
  postTransfer,
  systemAccountId,
  userAccountId,
  userBalance,
} from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { creditPaymentToWallet } from '../payments/payment-credit.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { activeTotals, spendHours, usableSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { findProfileIdOfUser, isListedTeacher } from '../teachers/teachers.service.ts';
import { breakdownOf, hoursOf, minutesOf, reservationsAsSeenBy, toReservation } from './booking.presenter.ts';
import {
  confirmReservations,
  heldSlotCount,
  holdSlots,
  type LockedSlot,
  lockLiveUser,
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
import {
  bookedLessonsSince,
  insertReservations,
  listReservations,
  reservationIdsOfPayment,
  reservationViews,
} from './reservations.repo.ts';
import { assertTeacherHoldRoom, lockHoldsOfTeachers } from './teacher-holds.ts';

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

export type BookInput = {
  slotIds: number[];
  paymentMethod: PaymentMethod;
  note: string;
  language: 'ar' | 'en';
  /** The body's field for slot errors: `timeSlotId` (single) or `timeSlotIds` (multiple). */
  field: 'timeSlotId' | 'timeSlotIds';
  /** The total the student saw (KWD, required by the contract); another total now is 409 priceChanged. */
  expectedTotal: string;
};

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

type NewReservation = Parameters<typeof insertReservations>[1][number];

/**
 * Inserts one reservation per slot, in the slots' order (they come back in it): the slot's teacher,
 * time and price, what the whole booking shares (`booking`), and how each slot was paid (`paid`).
 */
function reserveSlots(
  tx: Executor,
  slots: LockedSlot[],
  booking: Pick<NewReservation, 'studentId' | 'status' | 'note' | 'bookingGroup' | 'paymentId'>,
  paid: (
    slot: LockedSlot,
    index: number,
  ) => Pick<NewReservation, 'paidWith' | 'subscriptionMinutes' | 'hoursValueFils' | 'cashFils'>,
): Promise<ReservationRow[]> {
  return insertReservations(
    tx,
    slots.map((slot, index) => ({
      ...booking,
      teacherId: slot.teacherId,
      timeSlotId: slot.id,
      startTime: slot.startTime,
      endTime: slot.endTime,
      priceFils: slot.priceFils,
      ...paid(slot, index),
    })),
  );
}

/**
 * Locks and checks the requested slots: all exist, are open, in the future, not the booker's own,
 * of listed teachers (not suspended, unapproved or deleted), and cost what the student saw.
 */
async function takeSlots(tx: Executor, userId: number, input: BookInput, now: Date): Promise<LockedSlot[]> {
  if (!(await lockLiveUser(tx, userId))) throw new HttpError(401, 'unauthorized', 'Unauthorized');
  await releaseExpiredHolds(tx, now, input.slotIds);
  const slots = await lockSlots(tx, input.slotIds);
  await checkSlots(tx, userId, input.slotIds, input.field, slots, now);
  const totalFils = slots.reduce((sum, slot) => sum + slot.priceFils, 0);
  if (kwdToFils(input.expectedTotal) !== totalFils) {
    throw new HttpError(409, 'priceChanged', `The price of these slots is now ${filsToKwd(totalFils)} KWD`);
  }
  return slots;
}

/** The slots exist, are open, in the future, not the student's own, and their teachers listed. */
async function checkSlots(
  tx: Executor,
  userId: number,
  slotIds: number[],
  field: BookInput['field'],
  slots: LockedSlot[],
  now: Date,
) {
  if (slots.some((slot) => slot.teacherUserId === userId)) throw new FieldValidationError({ [field]: 'ownSlot' });
  if (
    slots.length !== slotIds.length ||
    slots.some((slot) => slot.status !== 'open' || slot.startTime.getTime() <= now.getTime()) ||
    // Priced below the minimum for its length (a row from before there was one): not for sale (I11).
    slots.some(
      (slot) => slot.priceFils < minSlotPriceFils((slot.endTime.getTime() - slot.startTime.getTime()) / 60_000),
    )
  ) {
    throw new HttpError(409, 'slotUnavailable', 'One or more of these slots is no longer available');
  }
  for (const teacherId of new Set(slots.map((slot) => slot.teacherId))) {
    if (!(await isListedTeacher(tx, teacherId)))
      throw new HttpError(409, 'teacherUnavailable', 'This teacher is not taking bookings');
  }
}

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
      const subscriptions = await usableSubscriptions(tx, userId, now, { lock: true });
      // Hours first, each worth its package's own price; the rest of the price from the wallet (I9).
      const split = splitPayment(
        slots.map((slot) => ({ minutes: minutesOf(slot), priceFils: slot.priceFils })),
        subscriptions,
      );
      try {
        // A free lesson moves no money.
        if (split.cashFils + split.hoursValueFils > 0)
          await postTransfer(tx, {
            key: `booking:${group}`,
            kind: 'booking',
            actorUserId: userId,
            memo: group,
            legs: [
              { accountId: await userAccountId(tx, 'wallet', userId), amountFils: -split.cashFils },
              { accountId: await systemAccountId(tx, 'prepaid'), amountFils: -split.hoursValueFils },
              { accountId: await systemAccountId(tx, 'escrow'), amountFils: split.cashFils + split.hoursValueFils },
            ],
          });
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new FieldValidationError({ balance: 'insufficientBalance' });
        throw error;
      }
      failpoints.hit('booking.afterDebit');

      await setSlotsBooked(tx, idsOf(slots));
      const paid: PaidWith = split.minutes > 0 ? 'subscription' : 'wallet';
      const rows = await reserveSlots(
        tx,
        slots,
        { studentId: userId, status: 'confirmed', note: input.note, bookingGroup: group },
        (slot, index) => {
          const part = split.slots[index];
          return {
            paidWith: (part?.minutes ?? 0) > 0 ? 'subscription' : 'wallet',
            subscriptionMinutes: part?.minutes ?? 0,
            hoursValueFils: part?.hoursValueFils ?? 0,
            cashFils: part?.cashFils ?? slot.priceFils,
          };
        },
      );
      if (split.minutes > 0) {
        // Reservations come back in insert order, which is the slots' order.
        await spendHours(
          tx,
          rows.flatMap((row, index) =>
            (split.slots[index]?.usages ?? []).map((usage) => ({ ...usage, reservationId: row.id })),
          ),
        );
      }
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
    async purchase(db, payment, language) {
      const views = await reservationViews(db, await reservationIdsOfPayment(db, payment.id));
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
    },
  });

  return {
    async book(userId: number, input: BookInput, now = clock()): Promise<BookingResponse> {
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
