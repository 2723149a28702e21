import { randomBytes } from 'node:crypto';
import {
  BOOKING,
  type BookingQuoteResponse,
  type BookingResponse,
  type CancelReservationResponse,
  type GatewayProvider,
  type PaidWith,
  type PaymentMethod,
  type Reservation,
  type ReservationScope,
} from '@ustaz/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { PaymentRow, ReservationRow } from '../../db/schema.ts';
import { failpoints } from '../../failpoints.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderBookingMail } from '../../mail/templates.ts';
import { filsToKwd, kwdToFils } from '../../money.ts';
import { filePath } from '../auth/user.presenter.ts';
import {
  InsufficientFundsError,
  postTransfer,
  systemAccountId,
  userAccountId,
  userBalance,
} from '../ledger/ledger.repo.ts';
import { insertNotifications } from '../notifications/notifications.repo.ts';
import { creditPaymentToWallet } from '../payments/payment-credit.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import {
  insertReservations,
  listReservations,
  type ReservationView,
  reservationViews,
} from '../reservations/reservations.repo.ts';
import {
  activeTotals,
  insertUsages,
  refundUsages,
  spendMinutes,
  usableSubscriptions,
} from '../subscriptions/subscriptions.repo.ts';
import { findProfileIdOfUser, isListedTeacher } from '../teachers/teachers.repo.ts';
import {
  adjustBookingsCount,
  cancelReservations,
  completeReservation,
  confirmReservations,
  dueReservationIds,
  heldSlotCount,
  holdSlots,
  type LockedSlot,
  lockLiveUser,
  lockReservation,
  lockSlots,
  lockSlotsHeldBy,
  lockTeacherFutureReservations,
  namesOf,
  openSlots,
  pendingReservationsOf,
  readSlots,
  releaseExpiredHolds,
  setSlotsBooked,
} from './booking.repo.ts';
import { splitPayment } from './hours-split.ts';

const HOUR_MS = 3600_000;
const minutesOf = (slot: { startTime: Date; endTime: Date }) =>
  Math.round((slot.endTime.getTime() - slot.startTime.getTime()) / 60_000);
const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

type Deps = {
  db: Db;
  payments: PaymentsService;
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
  /** The total the student saw (KWD); another total now is 409 priceChanged. */
  expectedTotal?: string | undefined;
};

const noHours = (totalFils: number) => ({
  subscriptionHours: 0,
  subscriptionValue: '0.000',
  wallet: filsToKwd(totalFils),
});

export function toReservation(view: ReservationView, viewerId: number, now: Date): Reservation {
  const r = view.reservation;
  const start = r.startTime ?? now;
  const end = r.endTime ?? now;
  const deadline = new Date(start.getTime() - BOOKING.studentCancelHours * HOUR_MS);
  const isTeacher = view.teacherUser.id === viewerId;
  const live = r.status === 'pending' || r.status === 'confirmed';
  const canCancel = live && end > now && (isTeacher || r.status === 'pending' || now.getTime() < deadline.getTime());
  const person = (p: ReservationView['student']) => ({
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    photoUrl: p.photoFileId ? filePath(p.photoFileId) : null,
  });
  return {
    id: r.id,
    status: r.status,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    price: filsToKwd(r.priceFils),
    hours: hoursOf(minutesOf({ startTime: start, endTime: end })),
    note: r.note,
    paidWith: r.paidWith,
    teacher: { ...person(view.teacherUser), teacherProfileId: r.teacherId },
    student: person(view.student),
    canCancel,
    cancelDeadline: deadline.toISOString(),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    cancelledBy: r.cancelledBy ?? null,
    paymentId: r.paymentId,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Booking, cancellation and completion (ARCHITECTURE "Server rules"). Every change of slots,
 * reservations, subscription hours and the ledger for one request happens in one transaction:
 * all slots or none, charged once.
 */
export function createBookingService({ db, payments, platformFeePercent, mailer, publicUrl = '' }: Deps) {
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
    if (input.expectedTotal !== undefined && kwdToFils(input.expectedTotal) !== totalFils) {
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
      slots.some((slot) => slot.status !== 'open' || slot.startTime.getTime() <= now.getTime())
    ) {
      throw new HttpError(409, 'slotUnavailable', 'One or more of these slots is no longer available');
    }
    for (const teacherId of new Set(slots.map((slot) => slot.teacherId))) {
      if (!(await isListedTeacher(tx, teacherId)))
        throw new HttpError(409, 'teacherUnavailable', 'This teacher is not taking bookings');
    }
  }

  /**
   * Tells the student (whom, when, and until when they may cancel) and each teacher (who, when).
   * Times are ISO instants: the reader's screen shows them in the reader's zone.
   */
  async function notifyBooked(tx: Executor, studentId: number, rows: ReservationRow[], slots: LockedSlot[]) {
    const teacherUsers = new Map(slots.map((slot) => [slot.teacherId, slot.teacherUserId]));
    const people = await namesOf(tx, [studentId, ...teacherUsers.values()]);
    const names = new Map([...people].map(([id, person]) => [id, person.name]));
    const when = (of: ReservationRow[]) => {
      const first = Math.min(...of.map((row) => (row.startTime ?? new Date()).getTime()));
      return {
        startTime: new Date(first).toISOString(),
        cancelDeadline: new Date(first - BOOKING.studentCancelHours * HOUR_MS).toISOString(),
      };
    };
    const teacherNames = [...new Set(teacherUsers.values())].map((id) => names.get(id) ?? '');
    await insertNotifications(tx, [
      {
        userId: studentId,
        type: 'booking.confirmed',
        data: {
          reservationIds: rows.map((row) => row.id),
          ...(teacherNames.length === 1 ? { teacherName: teacherNames[0] } : {}),
          ...when(rows),
        },
      },
      ...[...new Set(teacherUsers.values())].map((teacherUserId) => {
        const theirs = rows.filter((row) => teacherUsers.get(row.teacherId) === teacherUserId);
        return {
          userId: teacherUserId,
          type: 'booking.received' as const,
          data: {
            reservationIds: theirs.map((row) => row.id),
            studentName: names.get(studentId) ?? '',
            startTime: when(theirs).startTime,
          },
        };
      }),
    ]);
    // And by mail, in the outbox of this transaction (sent after commit).
    const student = people.get(studentId);
    if (mailer && student && teacherNames.length > 0) {
      const first = Math.min(...rows.map((row) => (row.startTime ?? new Date()).getTime()));
      await mailer.enqueue(tx, {
        to: student.email,
        ...renderBookingMail(student.language, {
          name: student.firstName,
          teacherName: teacherNames.join('، '),
          lessons: rows.map((row) => ({ start: row.startTime ?? new Date(), end: row.endTime ?? new Date() })),
          deadline: new Date(first - BOOKING.studentCancelHours * HOUR_MS),
          now: new Date(),
          url: `${publicUrl}/${student.language}/reservations`,
        }),
      });
    }
    const perTeacher = new Map<number, number>();
    for (const row of rows) perTeacher.set(row.teacherId, (perTeacher.get(row.teacherId) ?? 0) + 1);
    for (const [teacherId, n] of perTeacher) await adjustBookingsCount(tx, teacherId, n);
  }

  async function viewsFor(executor: Executor, ids: number[], viewerId: number, now: Date) {
    return (await reservationViews(executor, ids)).map((view) => toReservation(view, viewerId, now));
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

      await setSlotsBooked(
        tx,
        slots.map((slot) => slot.id),
      );
      const paid: PaidWith = split.minutes > 0 ? 'subscription' : 'wallet';
      const rows = await insertReservations(
        tx,
        slots.map((slot, index) => {
          const part = split.slots[index];
          return {
            studentId: userId,
            teacherId: slot.teacherId,
            timeSlotId: slot.id,
            status: 'confirmed' as const,
            startTime: slot.startTime,
            endTime: slot.endTime,
            priceFils: slot.priceFils,
            note: input.note,
            paidWith: (part?.minutes ?? 0) > 0 ? ('subscription' as const) : ('wallet' as const),
            subscriptionMinutes: part?.minutes ?? 0,
            hoursValueFils: part?.hoursValueFils ?? 0,
            cashFils: part?.cashFils ?? slot.priceFils,
            bookingGroup: group,
          };
        }),
      );
      if (split.minutes > 0) {
        // Reservations come back in insert order, which is the slots' order.
        await insertUsages(
          tx,
          rows.flatMap((row, index) =>
            (split.slots[index]?.usages ?? []).map((usage) => ({ ...usage, reservationId: row.id })),
          ),
        );
        const spent = new Map<number, { minutes: number; valueFils: number }>();
        for (const usage of split.slots.flatMap((part) => part.usages)) {
          const total = spent.get(usage.subscriptionId) ?? { minutes: 0, valueFils: 0 };
          spent.set(usage.subscriptionId, {
            minutes: total.minutes + usage.minutes,
            valueFils: total.valueFils + usage.valueFils,
          });
        }
        for (const [subscriptionId, total] of spent)
          await spendMinutes(tx, subscriptionId, total.minutes, total.valueFils);
      }
      await notifyBooked(tx, userId, rows, slots);
      return { ids: rows.map((row) => row.id), paidWith: paid, split };
    });
    return {
      paymentStatus: 'PAID',
      paidWith,
      breakdown: {
        subscriptionHours: hoursOf(split.minutes),
        subscriptionValue: filsToKwd(split.hoursValueFils),
        wallet: filsToKwd(split.cashFils),
      },
      reservations: await viewsFor(db, ids, userId, now),
      balance: filsToKwd(await userBalance(db, 'wallet', userId)),
      remainingHours: hoursOf((await activeTotals(db, userId, new Date())).remainingMinutes),
    };
  }

  async function bookWithGateway(
    userId: number,
    provider: GatewayProvider,
    input: BookInput,
    now: Date,
  ): Promise<BookingResponse> {
    const holdUntil = new Date(now.getTime() + BOOKING.holdMinutes * 60_000);
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
        const slots = await takeSlots(tx, userId, input, now);
        const amountFils = slots.reduce((sum, slot) => sum + slot.priceFils, 0);
        payments.assertMinimum(provider, amountFils, 'paymentMethod');
        await holdSlots(
          tx,
          slots.map((slot) => slot.id),
          paymentId,
          holdUntil,
        );
        const rows = await insertReservations(
          tx,
          slots.map((slot) => ({
            studentId: userId,
            teacherId: slot.teacherId,
            timeSlotId: slot.id,
            status: 'pending' as const,
            startTime: slot.startTime,
            endTime: slot.endTime,
            priceFils: slot.priceFils,
            note: input.note,
            paidWith: provider,
            cashFils: slot.priceFils,
            paymentId,
            bookingGroup: paymentId,
          })),
        );
        reservationIds = rows.map((row) => row.id);
        totalFils = amountFils;
        return { amountFils };
      },
    });
    return {
      paymentStatus: 'PENDING',
      paymentLink,
      paymentId: payment.id,
      paidWith: provider,
      breakdown: noHours(totalFils),
      reservations: await viewsFor(db, reservationIds, userId, now),
      balance: filsToKwd(await userBalance(db, 'wallet', userId)),
      remainingHours: hoursOf((await activeTotals(db, userId, now)).remainingMinutes),
      holdExpiresAt: holdUntil.toISOString(),
    };
  }

  /** A payment's hold ends without a booking: its slots open again, its reservations are cancelled. */
  async function releaseHold(
    tx: Executor,
    slots: { id: number }[],
    pending: ReservationRow[],
    reason: 'holdExpired' | 'paymentFailed',
    now: Date,
  ) {
    await openSlots(
      tx,
      slots.map((slot) => slot.id),
    );
    await cancelReservations(
      tx,
      pending.map((row) => row.id),
      'system',
      reason,
      now,
    );
  }

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
   * Cancels a locked, live reservation: the slot opens again (a gateway hold is released; its
   * payment, if it is paid later, goes to the wallet), and a confirmed one is refunded in full to
   * where it was paid from: the subscription's hours, or the wallet (wallet and gateway payments).
   */
  async function cancelLocked(
    tx: Executor,
    row: ReservationRow,
    by: 'student' | 'teacher' | 'admin',
    actorUserId: number,
    reason: string,
    now: Date,
  ): Promise<CancelReservationResponse['refund']> {
    await cancelReservations(tx, [row.id], by, reason, now);
    await openSlots(tx, [row.timeSlotId]);
    if (row.status !== 'confirmed') return { to: 'none', amount: '0.000', hours: 0 };
    await adjustBookingsCount(tx, row.teacherId, -1);
    // Hours go back to their subscription with their value (escrow -> prepaid); hours of a
    // subscription that has ended since cannot be used again, so their value goes to the wallet.
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

  // A booking paid at the gateway: confirm the held slots, or (hold lapsed) credit the wallet.
  payments.registerPurpose('booking', {
    async paid(tx, payment: PaymentRow) {
      const now = new Date();
      const slots = await lockSlotsHeldBy(tx, payment.id);
      const pending = await pendingReservationsOf(tx, payment.id);
      // Intact only when every slot this payment paid for is still held and pending: a student who
      // cancelled one of them meanwhile must not pay for it (the whole amount then goes to the wallet).
      const intact =
        slots.length > 0 &&
        slots.length === pending.length &&
        pending.reduce((sum, row) => sum + row.priceFils, 0) === payment.amountFils &&
        slots.every((slot) => (slot.holdExpiresAt?.getTime() ?? 0) > now.getTime());
      const gateway = await systemAccountId(tx, 'gateway');
      if (intact) {
        await postTransfer(tx, {
          key: `payment:${payment.id}`,
          kind: 'booking',
          paymentId: payment.id,
          actorUserId: payment.userId,
          legs: [
            { accountId: gateway, amountFils: -payment.amountFils },
            { accountId: await systemAccountId(tx, 'escrow'), amountFils: payment.amountFils },
          ],
        });
        await setSlotsBooked(
          tx,
          slots.map((slot) => slot.id),
        );
        await confirmReservations(
          tx,
          pending.map((row) => row.id),
        );
        const locked = await lockSlots(
          tx,
          slots.map((slot) => slot.id),
        );
        await notifyBooked(tx, payment.userId, pending, locked);
        return;
      }
      await releaseHold(tx, slots, pending, 'holdExpired', now);
      await creditPaymentToWallet(tx, payment);
    },
    async failed(tx, payment: PaymentRow) {
      const slots = await lockSlotsHeldBy(tx, payment.id);
      const pending = await pendingReservationsOf(tx, payment.id);
      await releaseHold(tx, slots, pending, 'paymentFailed', new Date());
      await insertNotifications(tx, [
        { userId: payment.userId, type: 'payment.failed', data: { paymentId: payment.id, purpose: 'booking' } },
      ]);
    },
  });

  return {
    async book(userId: number, input: BookInput, now = new Date()): Promise<BookingResponse> {
      if (input.paymentMethod === 'balance') return bookWithBalance(userId, input, now);
      return bookWithGateway(userId, input.paymentMethod, input, now);
    },

    /** What booking these slots with the balance would take, split as the booking would split it. */
    async quote(userId: number, slotIds: number[], now = new Date()): Promise<BookingQuoteResponse> {
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
      const cutoff = now.getTime() + BOOKING.studentCancelHours * HOUR_MS;
      return {
        total: filsToKwd(split.hoursValueFils + split.cashFils),
        breakdown: {
          subscriptionHours: hoursOf(split.minutes),
          subscriptionValue: filsToKwd(split.hoursValueFils),
          wallet: filsToKwd(split.cashFils),
        },
        balance: filsToKwd(balance),
        sufficient: balance >= split.cashFils,
        slots: open.map((slot) => ({
          id: slot.id,
          startTime: slot.startTime.toISOString(),
          endTime: slot.endTime.toISOString(),
          price: filsToKwd(slot.priceFils),
          cancelDeadline: new Date(slot.startTime.getTime() - BOOKING.studentCancelHours * HOUR_MS).toISOString(),
          cancellable: slot.startTime.getTime() > cutoff,
        })),
      };
    },

    async list(userId: number, scope: ReservationScope, page: number, limit: number, now = new Date()) {
      const teacherProfileId = (await findProfileIdOfUser(db, userId)) ?? null;
      const { rows, total } = await listReservations(db, { userId, teacherProfileId }, scope, page, limit, now);
      return {
        data: rows.map((view) => toReservation(view, userId, now)),
        total,
        page,
        limit,
        totalPages: Math.ceil(total / limit),
      };
    },

    /** Student until 24 h before the start, teacher any time before the end; full refund to the source. */
    async cancel(
      userId: number,
      reservationId: number,
      reason: string,
      now = new Date(),
    ): Promise<CancelReservationResponse> {
      const refund = await db.transaction(async (tx) => {
        const row = await lockReservation(tx, reservationId);
        const isStudent = row?.studentId === userId;
        const isTeacher = row?.teacherUserId === userId;
        if (!row || (!isStudent && !isTeacher)) throw new HttpError(404, 'notFound', 'Reservation not found');
        assertCancellable(row, now);
        const start = row.startTime ?? now;
        if (
          !isTeacher &&
          row.status === 'confirmed' &&
          now.getTime() > start.getTime() - BOOKING.studentCancelHours * HOUR_MS
        ) {
          throw new HttpError(
            409,
            'cancellationClosed',
            `A lesson can be cancelled until ${BOOKING.studentCancelHours} hours before it starts`,
          );
        }
        const by = isTeacher ? 'teacher' : 'student';
        const result = await cancelLocked(tx, row, by, userId, reason, now);
        await insertNotifications(tx, [
          {
            userId: isTeacher ? row.studentId : row.teacherUserId,
            type: 'booking.cancelled',
            data: { reservationId: row.id, by },
          },
        ]);
        return result;
      });
      const [reservation] = await viewsFor(db, [reservationId], userId, now);
      if (!reservation) throw new HttpError(404, 'notFound', 'Reservation not found');
      return { reservation, refund };
    },

    /**
     * An admin cancels any pending or confirmed reservation that has not ended (no 24-hour rule),
     * inside the caller's transaction (so its audit row commits with it): full refund to where it
     * was paid from, a gateway hold released, the slot open again, student and teacher both told.
     */
    async cancelAsAdmin(
      tx: Executor,
      adminId: number,
      reservationId: number,
      reason: string,
      now = new Date(),
    ): Promise<{ before: ReservationRow; refund: CancelReservationResponse['refund'] }> {
      const row = await lockReservation(tx, reservationId);
      if (!row) throw new HttpError(404, 'notFound', 'Reservation not found');
      assertCancellable(row, now);
      const refund = await cancelLocked(tx, row, 'admin', adminId, reason, now);
      await insertNotifications(
        tx,
        [row.studentId, row.teacherUserId].map((userId) => ({
          userId,
          type: 'booking.cancelled' as const,
          data: { reservationId: row.id, by: 'admin' },
        })),
      );
      const { teacherUserId: _teacherUserId, ...before } = row;
      return { before, refund };
    },

    /**
     * A teacher who can no longer teach (suspended): every lesson of theirs that has not started is
     * cancelled in the caller's transaction, refunded in full to where it was paid from, and both
     * sides are told. Answers how many were cancelled.
     */
    async cancelTeacherFuture(tx: Executor, adminId: number, teacherUserId: number, reason: string, now = new Date()) {
      const ids = await lockTeacherFutureReservations(tx, teacherUserId, now);
      for (const id of ids) await this.cancelAsAdmin(tx, adminId, id, reason, now);
      return ids.length;
    },

    /** Lessons that have ended: the money moves from escrow to the teacher's earnings (minus the platform's share). */
    async completeDue(now = new Date()): Promise<number> {
      let done = 0;
      for (const id of await dueReservationIds(db, now)) {
        await db.transaction(async (tx) => {
          const row = await completeReservation(tx, id, now);
          if (!row) return;
          const teacher = await lockReservation(tx, id);
          if (!teacher) return;
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
          done += 1;
        });
      }
      return done;
    },

    releaseExpiredHolds: (now = new Date()) => releaseExpiredHolds(db, now),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
