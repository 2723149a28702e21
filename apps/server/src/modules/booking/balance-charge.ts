import type { Executor } from '../../db/client.ts';
import type { ReservationRow } from '../../db/schema.ts';
import { FieldValidationError } from '../../http/errors.ts';
import { InsufficientFundsError, postTransfer, systemAccountId, userAccountId } from '../ledger/ledger.service.ts';
import { spendHours, usableSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { minutesOf } from './booking.presenter.ts';
import { splitPayment } from './hours-split.ts';

export type BalanceSplit = ReturnType<typeof splitPayment>;

/**
 * Charges the balance for these slots, in the caller's transaction: subscription hours first, each
 * worth its package's own price, the rest from the wallet (I9), one transfer keyed `booking:<group>`.
 * A wallet short of its part is 422 `balance: insufficientBalance`, nothing moved.
 */
export async function chargeBalance(
  tx: Executor,
  userId: number,
  slots: { startTime: Date; endTime: Date; priceFils: number }[],
  group: string,
  now: Date,
): Promise<BalanceSplit> {
  const subscriptions = await usableSubscriptions(tx, userId, now, { lock: true });
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
  return split;
}

/** How slot `index` of a balance booking was paid: hours (their value) and the wallet's cash. */
export function paidPart(split: BalanceSplit, index: number, priceFils: number) {
  const part = split.slots[index];
  return {
    paidWith: ((part?.minutes ?? 0) > 0 ? 'subscription' : 'wallet') as 'subscription' | 'wallet',
    subscriptionMinutes: part?.minutes ?? 0,
    hoursValueFils: part?.hoursValueFils ?? 0,
    cashFils: part?.cashFils ?? priceFils,
  };
}

/** Records the hours the split spent against the reservations (in the slots' order). */
export async function spendSplitHours(tx: Executor, split: BalanceSplit, rows: ReservationRow[]): Promise<void> {
  if (split.minutes <= 0) return;
  await spendHours(
    tx,
    rows.flatMap((row, index) =>
      (split.slots[index]?.usages ?? []).map((usage) => ({ ...usage, reservationId: row.id })),
    ),
  );
}
