import { describe, expect, it } from 'vitest';
import { checkPartRefund } from '../../features/admin/disputes/dispute-amount.ts';
import { checkRefundAmount } from '../../features/admin/money/refund-amount.ts';
import { checkSlotPrice } from '../../features/availability/slot-price.ts';
import { checkTopUpAmount } from '../../features/booking/top-up-amount.ts';
import { checkPayoutAmount } from '../../features/earnings/payout-amount.ts';
import { ownTeacherProfile } from '../../features/profile/teacher-profile-test-data.ts';
import { checkTeacherProfile, valuesOf } from '../../features/profile/teacher-profile-values.ts';
import { checkApplication, EMPTY_APPLICATION } from '../../features/teach/application-values.ts';

/**
 * Issue 29: every amount field of the web app reads what is typed with the contract's one parser
 * (`readKwdText`, the server's too): "1٬5" is refused (it was read as 15), "1٬000" is 1000, one digit
 * system per amount, more than 3 decimals is its own error.
 */
const AMOUNT_CHECKS: [name: string, check: (typed: string) => { ok: boolean; amount?: string | null }][] = [
  ['top-up', (typed) => checkTopUpAmount(typed)],
  ['payout', (typed) => checkPayoutAmount(typed, 5_000_000)],
  ['admin refund', (typed) => checkRefundAmount(typed)],
  ['dispute part refund', (typed) => checkPartRefund(typed, '5000.000')],
  [
    'slot price',
    (typed) => {
      const checked = checkSlotPrice(typed, 120);
      return checked.ok ? { ok: true, amount: checked.price } : { ok: false };
    },
  ],
  [
    'own hourly rate',
    (typed) => {
      const checked = checkTeacherProfile(
        { ...valuesOf(ownTeacherProfile({})), hourlyRate: typed },
        { withTimeZone: false },
      );
      return 'body' in checked ? { ok: true, amount: checked.body.hourlyRate } : { ok: false };
    },
  ],
];

describe('one amount parser behind every web amount field', () => {
  it.each(AMOUNT_CHECKS)('%s: 1٬000, ١٬٠٠٠ and ۱۰۰۰ are 1000', (_name, check) => {
    for (const typed of ['1٬000', '١٬٠٠٠', '۱۰۰۰', ' 1000 ']) {
      expect(check(typed), typed).toMatchObject({ ok: true, amount: '1000' });
    }
  });

  it.each(AMOUNT_CHECKS)('%s: 1٬5, ١٬٥, 15٬00, ١2, ۱٢, 1,500 and 1.2345 are refused', (_name, check) => {
    for (const typed of ['1٬5', '١٬٥', '15٬00', '١2', '۱٢', '1,500', '1.2345']) {
      expect(check(typed).ok, typed).toBe(false);
    }
  });

  it('more than 3 decimals says so where the form has its own words for it', () => {
    expect(checkTopUpAmount('١٫٢٣٤٥')).toEqual({ ok: false, error: 'tooManyDecimals' });
    expect(checkPayoutAmount('10.0001', 50_000)).toEqual({ ok: false, error: 'tooManyDecimals' });
    expect(checkRefundAmount('1.2345')).toEqual({ ok: false, error: 'tooManyDecimals' });
    expect(checkTopUpAmount('1٬5')).toEqual({ ok: false, error: 'invalidAmount' });
  });
});

describe('the minimum price (0.500 KWD an hour) before sending', () => {
  it('a slot: 0.000 and less than 0.250 for 30 minutes are priceTooSmall; 0.250 goes', () => {
    expect(checkSlotPrice('0.000', 60)).toEqual({ ok: false, error: 'form.errors.priceTooSmall' });
    expect(checkSlotPrice('٠٫٢٤٩', 30)).toEqual({ ok: false, error: 'form.errors.priceTooSmall' });
    expect(checkSlotPrice('٠٫٢٥٠', 30)).toEqual({ ok: true, price: '0.250' });
    expect(checkSlotPrice('', 30)).toEqual({ ok: true, price: null });
  });

  it('an hourly rate (own profile and application): 0.000 and 0.499 are tooSmall', () => {
    for (const hourlyRate of ['0.000', '0.499', '٠']) {
      const own = checkTeacherProfile({ ...valuesOf(ownTeacherProfile({})), hourlyRate }, { withTimeZone: false });
      expect(own, hourlyRate).toEqual({ errors: { hourlyRate: 'tooSmall' } });
      const applied = checkApplication({ ...EMPTY_APPLICATION, hourlyRate }, null);
      expect('errors' in applied && applied.errors.hourlyRate, hourlyRate).toBe('tooSmall');
    }
  });
});
