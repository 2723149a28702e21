import { describe, expect, it } from 'vitest';
import { adminPackageBodySchema } from './admin-catalog.ts';
import { toAsciiDigits } from './digits.ts';
import { kwdAmountSchema, teacherSearchQuerySchema } from './discovery.ts';
import { positiveKwdInputSchema, signedKwdAmountSchema, topUpBodySchema } from './money.ts';
import { normalizeIban } from './payouts.ts';

describe('toAsciiDigits', () => {
  it.each([
    ['١٠٫٥', '10.5'],
    ['۱۲۳۴۵۶۷۸۹۰', '1234567890'],
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['١٬٠٠٠٫٢٥٠', '1000.250'],
    ['12.5', '12.5'],
    ['abc', 'abc'],
  ])('%s -> %s', (typed, ascii) => {
    expect(toAsciiDigits(typed)).toBe(ascii);
  });
});

describe('amount schemas read Arabic and Persian digits', () => {
  it('a top-up of ١٠٫٥ is 10.5 (the API accepts what the keyboard types)', () => {
    expect(topUpBodySchema.parse({ amount: '١٠٫٥' }).amount).toBe('10.5');
    expect(positiveKwdInputSchema(100).parse(' ۱۲٫۵۰۰ ')).toBe('12.500');
  });

  it('a price, an hourly rate and a ledger amount', () => {
    expect(kwdAmountSchema.parse('٢٠٫٧٥٠')).toBe('20.750');
    expect(signedKwdAmountSchema.parse('-١٫٥')).toBe('-1.5');
  });

  it('still refuses what is not an amount', () => {
    expect(kwdAmountSchema.safeParse('١٠٫٥٫٥').success).toBe(false);
    expect(positiveKwdInputSchema(100).safeParse('٠').success).toBe(false);
    expect(positiveKwdInputSchema(100).safeParse('١٠٠٠').success).toBe(false);
  });

  it('search filters in Arabic digits', () => {
    const query = teacherSearchQuerySchema.parse({ minExperience: '٥', maxHourlyRate: '١٥٫٥', minRating: '۴' });
    expect(query).toMatchObject({ minExperience: 5, maxHourlyRate: 15.5, minRating: 4 });
  });

  it('an admin package price and an IBAN', () => {
    const body = adminPackageBodySchema.safeParse({
      nameAr: 'باقة',
      nameEn: 'Package',
      hours: 10,
      price: '٤٥٫٠٠٠',
      validityDays: 30,
    });
    expect(body.success && body.data.price).toBe('45.000');
    expect(normalizeIban('KW٨١ CBKU')).toBe('KW81CBKU');
  });
});
