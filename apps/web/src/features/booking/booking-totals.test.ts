import type { BalanceResponse } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import type { BookingSlot } from '../../shared/money/money-modals.ts';
import { bookingTotals, coverage } from './booking-totals.ts';

function slot(price: string, hours = 1): BookingSlot {
  return { id: 1, price, hours, timeRange: '', date: '' };
}

function balance(amount: string, remainingHours = 0): BalanceResponse {
  return { balance: amount, currency: 'KWD', earnings: '0.000', remainingHours };
}

describe('bookingTotals', () => {
  it('adds prices in fils, counting a non-numeric price as zero', () => {
    expect(bookingTotals([slot('12.500'), slot('0.1'), slot('0.2', 1.5), slot('n/a')])).toEqual({
      totalFils: 12_800,
      totalHours: 4.5,
    });
  });
});

describe('coverage', () => {
  const totals = bookingTotals([slot('10.000'), slot('5.000')]);

  it('prefers subscription hours that cover the hours', () => {
    expect(coverage(totals, balance('0.000', 2))).toEqual({ kind: 'subscription' });
  });

  it('uses the wallet when its balance is at least the total', () => {
    expect(coverage(totals, balance('15.000', 1))).toEqual({ kind: 'wallet' });
  });

  it('reports the shortfall otherwise, and unknown before the balance arrives', () => {
    expect(coverage(totals, balance('7.250', 1))).toEqual({ kind: 'insufficient', shortfallFils: 7_750 });
    expect(coverage(totals, undefined)).toEqual({ kind: 'unknown' });
  });
});
