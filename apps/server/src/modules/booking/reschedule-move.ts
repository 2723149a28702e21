import { filsToKwd, kwdToFils, type RescheduleDifference } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { ReservationRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { InsufficientFundsError, postTransfer, systemAccountId, userAccountId } from '../ledger/ledger.service.ts';
import { refundUsages, spendHours, usableSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { GATEWAYS, minutesOf } from './booking.presenter.ts';
import { type LockedSlot, lockSlots, openSlots, releaseExpiredHolds, setSlotsBooked } from './booking.repo.ts';
import { splitPayment } from './hours-split.ts';
import { closeOpenProposals, forgetReminders, moveReservation } from './reschedule.repo.ts';

/**
 * Moving a locked, confirmed lesson to another slot of its teacher (issue 32, ADR 033): the one
 * move the student's reschedule and an accepted proposal share. In the caller's transaction, after
 * the reservation was locked: the two slots are locked in id order (as every booking locks them),
 * checked, the old one reopens and the new one is booked; only a price difference moves money.
 */

export type MoveTarget = { timeSlotId: number; expectedTotal: string };

/** The target is an open future slot of the lesson's teacher, not its own, of the same length and kind. */
export function checkTarget(row: ReservationRow, target: LockedSlot | undefined, now: Date): LockedSlot {
  if (
    !target ||
    target.id === row.timeSlotId ||
    target.teacherId !== row.teacherId ||
    target.status !== 'open' ||
    target.startTime.getTime() <= now.getTime()
  ) {
    throw new HttpError(409, 'slotUnavailable', 'This slot is no longer available');
  }
  const lessonMinutes = minutesOf({ startTime: row.startTime ?? now, endTime: row.endTime ?? now });
  if (minutesOf(target) !== lessonMinutes || target.kind !== row.kind) {
    throw new HttpError(409, 'rescheduleOtherLength', 'The new slot must be as long as the lesson');
  }
  return target;
}

const ledgerLegs = async (
  tx: Executor,
  studentId: number,
  legs: { wallet: number; prepaid: number; escrow: number },
) => [
  { accountId: await userAccountId(tx, 'wallet', studentId), amountFils: legs.wallet },
  { accountId: await systemAccountId(tx, 'prepaid'), amountFils: legs.prepaid },
  { accountId: await systemAccountId(tx, 'escrow'), amountFils: legs.escrow },
];

/**
 * How a dearer slot's difference is paid: hours first (the lesson's minutes not yet paid in hours,
 * each at its package's price), the rest (`cash`) from the wallet. The subscriptions are locked.
 */
export async function splitDifference(
  tx: Executor,
  row: ReservationRow,
  lessonMinutes: number,
  diff: number,
  now: Date,
) {
  const subscriptions = await usableSubscriptions(tx, row.studentId, now, { lock: true });
  const split = splitPayment(
    [{ minutes: Math.max(0, lessonMinutes - row.subscriptionMinutes), priceFils: diff }],
    subscriptions,
  );
  const part = split.slots[0];
  const hours = part?.hoursValueFils ?? 0;
  return { part, hours, cash: diff - hours };
}

/** A dearer slot: the difference paid hours first (the lesson's minutes not yet paid in hours), then the wallet. */
async function chargeDifference(tx: Executor, row: ReservationRow, lessonMinutes: number, diff: number, now: Date) {
  const { part, hours, cash } = await splitDifference(tx, row, lessonMinutes, diff, now);
  const legs = { wallet: -cash, prepaid: -hours, escrow: diff };
  await spendHours(
    tx,
    (part?.usages ?? []).map((usage) => ({ ...usage, reservationId: row.id })),
  );
  return {
    legs,
    money: {
      cashFils: row.cashFils + cash,
      hoursValueFils: row.hoursValueFils + hours,
      subscriptionMinutes: row.subscriptionMinutes + (part?.minutes ?? 0),
    },
    difference: { charged: filsToKwd(diff), refunded: '0.000', to: hours > 0 ? 'subscription' : 'wallet' } as const,
  };
}

/**
 * A cheaper slot: the difference goes back where the lesson was paid from, the money part first (to
 * the wallet; a gateway's money too), then hours to their subscription: the hours are given back and
 * spent again for the value the lesson keeps in hours (a subscription that ended since cannot take its
 * hours back, so their value goes to the wallet, as a cancellation's refund does).
 */
async function refundDifference(tx: Executor, row: ReservationRow, lessonMinutes: number, diff: number, now: Date) {
  const cashBack = Math.min(diff, row.cashFils);
  const hoursBack = diff - cashBack;
  if (hoursBack === 0) {
    return {
      legs: { wallet: cashBack, prepaid: 0, escrow: -diff },
      money: {
        cashFils: row.cashFils - cashBack,
        hoursValueFils: row.hoursValueFils,
        subscriptionMinutes: row.subscriptionMinutes,
      },
      difference: { charged: '0.000', refunded: filsToKwd(diff), to: 'wallet' } as const,
    };
  }
  const returned = await refundUsages(tx, row.id, now);
  const keep = row.hoursValueFils - hoursBack;
  const subscriptions = await usableSubscriptions(tx, row.studentId, now, { lock: true });
  const split = splitPayment([{ minutes: lessonMinutes, priceFils: keep }], subscriptions);
  const part = split.slots[0];
  const hours = part?.hoursValueFils ?? 0;
  await spendHours(
    tx,
    (part?.usages ?? []).map((usage) => ({ ...usage, reservationId: row.id })),
  );
  const prepaid = returned.valueFils - hours;
  const newPrice = row.priceFils - diff;
  return {
    legs: { wallet: diff - prepaid, prepaid, escrow: -diff },
    money: { cashFils: newPrice - hours, hoursValueFils: hours, subscriptionMinutes: part?.minutes ?? 0 },
    difference: { charged: '0.000', refunded: filsToKwd(diff), to: 'subscription' } as const,
  };
}

/**
 * Of a gateway lesson's new money part, what the wallet paid: more money is a dearer move's
 * difference from the wallet, less money goes back out of the wallet's part first. A balance
 * lesson's money is all the wallet's (`cash_fils`), its `wallet_fils` stays 0.
 */
function walletPart(row: ReservationRow, cashFils: number): number {
  if (!GATEWAYS.includes(row.paidWith)) return 0;
  return Math.min(cashFils, Math.max(0, row.walletFils + cashFils - row.cashFils));
}

/**
 * Moves the locked confirmed lesson `row` to `target` (409 slotUnavailable, rescheduleOtherLength,
 * priceChanged; 422 for a wallet short of a dearer difference, nothing written: the caller's
 * transaction rolls back). Keyed `reschedule:<id>:<revision>`: one transfer per move.
 */
export async function moveLesson(
  tx: Executor,
  row: ReservationRow,
  move: MoveTarget,
  actorUserId: number,
  now: Date,
): Promise<{ moved: ReservationRow; oldSlotId: number; difference: RescheduleDifference }> {
  await releaseExpiredHolds(tx, now, [move.timeSlotId]);
  const locked = await lockSlots(tx, [row.timeSlotId, move.timeSlotId]);
  const target = checkTarget(
    row,
    locked.find((slot) => slot.id === move.timeSlotId),
    now,
  );
  if (kwdToFils(move.expectedTotal) !== target.priceFils) {
    throw new HttpError(409, 'priceChanged', `The price of this slot is now ${filsToKwd(target.priceFils)} KWD`);
  }
  const lessonMinutes = minutesOf(target);
  const diff = target.priceFils - row.priceFils;
  const same = {
    legs: { wallet: 0, prepaid: 0, escrow: 0 },
    money: { cashFils: row.cashFils, hoursValueFils: row.hoursValueFils, subscriptionMinutes: row.subscriptionMinutes },
    difference: { charged: '0.000', refunded: '0.000', to: 'none' } as RescheduleDifference,
  };
  const change =
    diff > 0
      ? await chargeDifference(tx, row, lessonMinutes, diff, now)
      : diff < 0
        ? await refundDifference(tx, row, lessonMinutes, -diff, now)
        : same;
  if (diff !== 0) {
    try {
      await postTransfer(tx, {
        key: `reschedule:${row.id}:${row.revision + 1}`,
        kind: diff > 0 ? 'booking' : 'booking_refund',
        reservationId: row.id,
        actorUserId,
        memo: `reschedule ${row.id}`,
        legs: await ledgerLegs(tx, row.studentId, change.legs),
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw new FieldValidationError({ expectedTotal: 'insufficientBalance' });
      throw error;
    }
  }
  await openSlots(tx, [row.timeSlotId]);
  await setSlotsBooked(tx, [target.id]);
  const moved = await moveReservation(
    tx,
    row,
    {
      timeSlotId: target.id,
      startTime: target.startTime,
      endTime: target.endTime,
      priceFils: target.priceFils,
      ...change.money,
      walletFils: walletPart(row, change.money.cashFils),
    },
    now,
  );
  await forgetReminders(tx, row.id);
  await closeOpenProposals(tx, [row.id], 'lapsed', now);
  return { moved, oldSlotId: row.timeSlotId, difference: change.difference };
}
