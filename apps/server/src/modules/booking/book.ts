import { randomBytes } from 'node:crypto';
import {
  BOOKING,
  type BookingResponse,
  filsToKwd,
  type GatewayProvider,
  holdMinutesFor,
  type PaidWith,
} from '@ustaz/contract';
import { failpoints } from '../../failpoints.ts';
import { HttpError } from '../../http/errors.ts';
import { userBalance } from '../ledger/ledger.service.ts';
import { activeTotals } from '../subscriptions/subscriptions.service.ts';
import { chargeBalance, paidPart, spendSplitHours } from './balance-charge.ts';
import { breakdownOf, hoursOf, reservationsAsSeenBy } from './booking.presenter.ts';
import { heldSlotCount, readSlots, setSlotsBooked } from './booking.repo.ts';
import type { BookingContext } from './booking-context.ts';
import { notifyBooked } from './booking-notices.ts';
import { holdForPayment } from './payment-holds.ts';
import { type BookInput, idsOf, reserveSlots, takeSlots } from './slot-taking.ts';
import { lockHoldsOfTeachers } from './teacher-holds.ts';

/** Books with the balance, through a gateway, or after topping up a short wallet. */
export async function book(ctx: BookingContext, userId: number, input: BookInput, now: Date): Promise<BookingResponse> {
  if (input.paymentMethod === 'balance' && input.topUpWith)
    return bookAfterTopUp(ctx, userId, input.topUpWith, input, now);
  if (input.paymentMethod === 'balance') return bookWithBalance(ctx, userId, input, now);
  return bookWithGateway(ctx, userId, input.paymentMethod, input, now);
}

/** What the booker has left after a booking: wallet balance and subscription hours. */
async function leftAfter({ db }: BookingContext, userId: number, now: Date) {
  return {
    balance: filsToKwd(await userBalance(db, 'wallet', userId)),
    remainingHours: hoursOf((await activeTotals(db, userId, now)).remainingMinutes),
  };
}

async function bookWithBalance(
  ctx: BookingContext,
  userId: number,
  input: BookInput,
  now: Date,
): Promise<BookingResponse> {
  const { db, mail, clock } = ctx;
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
    ...(await leftAfter(ctx, userId, clock())),
  };
}

/** Booking paid at a gateway, the slots held meanwhile: straight away, or once a short wallet is topped up. */
type GatewayBooking = (
  ctx: BookingContext,
  userId: number,
  provider: GatewayProvider,
  input: BookInput,
  now: Date,
) => Promise<BookingResponse>;

const bookWithGateway: GatewayBooking = async (ctx, userId, provider, input, now) => {
  const { db, payments } = ctx;
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
      const hold = { studentId: userId, note: input.note, paymentId, holdUntil, now };
      reservationIds = await holdForPayment(tx, slots, hold, provider);
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
    ...(await leftAfter(ctx, userId, now)),
    holdExpiresAt: holdUntil.toISOString(),
  };
};

/** A short wallet: top up the shortfall, the slots held, booked when it is paid (ADR 026). */
const bookAfterTopUp: GatewayBooking = async (ctx, userId, provider, input, now) => {
  const { db, topUpBooking } = ctx;
  // The wallet covers it by now (another tab topped up): book with it at once.
  if (await topUpBooking.balanceSuffices(userId, await readSlots(db, input.slotIds), now))
    return bookWithBalance(ctx, userId, input, now);
  const started = await topUpBooking.start(userId, provider, input, now);
  return {
    paymentStatus: 'PENDING',
    paymentLink: started.paymentLink,
    paymentId: started.payment.id,
    paidWith: 'wallet',
    breakdown: breakdownOf(started.split),
    reservations: await reservationsAsSeenBy(db, started.reservationIds, userId, now, input.language),
    ...(await leftAfter(ctx, userId, now)),
    holdExpiresAt: started.holdUntil.toISOString(),
    topUp: filsToKwd(started.amountFils),
  };
};
