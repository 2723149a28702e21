import { type BookingQuoteResponse, cancellationTerms, filsToKwd } from '@ustaz/contract';
import { userBalance } from '../ledger/ledger.service.ts';
import { usableSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { breakdownOf, minutesOf } from './booking.presenter.ts';
import { readSlots } from './booking.repo.ts';
import type { BookingContext } from './booking-context.ts';
import { splitPayment } from './hours-split.ts';
import { checkSlots } from './slot-taking.ts';

/** What booking these slots with the balance would take, split as the booking would split it. */
export async function quote(
  { db }: BookingContext,
  userId: number,
  slotIds: number[],
  now: Date,
): Promise<BookingQuoteResponse> {
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
}
