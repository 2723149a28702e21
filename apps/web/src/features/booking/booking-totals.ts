import type { BalanceResponse, BookingQuoteResponse } from '@ustaz/contract';
import { readKwdFils } from '@ustaz/contract/kwd';
import type { BookingSlot } from '../../shared/money/money-modals.ts';

export type BookingTotals = {
  /** Sum of the numeric prices, in fils; a slot without a numeric price counts as 0 (spec 5). */
  totalFils: number;
  totalHours: number;
};

export function bookingTotals(slots: readonly BookingSlot[]): BookingTotals {
  let totalFils = 0;
  let totalHours = 0;
  for (const slot of slots) {
    totalFils += readKwdFils(slot.price) ?? 0;
    totalHours += Number.isFinite(slot.hours) && slot.hours > 0 ? slot.hours : 0;
  }
  return { totalFils, totalHours };
}

/**
 * How the wallet choice pays (spec 5): subscription hours when they cover the hours, else the
 * wallet when its balance is at least the total; otherwise it lacks `shortfallFils`.
 */
export type Coverage =
  | { kind: 'subscription' }
  | { kind: 'wallet' }
  | { kind: 'insufficient'; shortfallFils: number }
  | { kind: 'unknown' };

export function coverage(totals: BookingTotals, balance: BalanceResponse | undefined): Coverage {
  if (!balance) return { kind: 'unknown' };
  if (balance.remainingHours > 0 && balance.remainingHours >= totals.totalHours) return { kind: 'subscription' };
  const walletFils = readKwdFils(balance.balance) ?? 0;
  if (walletFils >= totals.totalFils) return { kind: 'wallet' };
  return { kind: 'insufficient', shortfallFils: totals.totalFils - walletFils };
}

/** What the wallet lacks to pay its part of a quote (fils), 0 when it has enough. */
export function quoteShortfallFils(quote: Pick<BookingQuoteResponse, 'breakdown' | 'balance'>): number {
  const walletPart = readKwdFils(quote.breakdown.wallet) ?? 0;
  const balance = readKwdFils(quote.balance) ?? 0;
  return Math.max(0, walletPart - balance);
}
