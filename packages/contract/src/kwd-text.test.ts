import { describe, expect, it } from 'vitest';
import { adminTeacherPatchSchema, promoteUserBodySchema } from './admin.ts';
import { adminPackageBodySchema } from './admin-catalog.ts';
import { manualRefundBodySchema } from './admin-money.ts';
import { recurringSlotsBodySchema, slotBodySchema } from './availability.ts';
import { kwdAmountSchema, teacherProfilePatchSchema } from './discovery.ts';
import { resolveDisputeSchema } from './disputes.ts';
import { readKwdText } from './kwd.ts';
import { signedKwdAmountSchema, topUpBodySchema } from './money.ts';
import { payoutRequestBodySchema } from './payouts.ts';
import { teacherApplicationBodySchema } from './teaching.ts';

/**
 * The one amount parser (issue 29): every amount field, on the server and in the web forms, reads
 * typed text through `readKwdText`. Accepted inputs give plain ASCII decimal text; refused ones a reason.
 */
const ACCEPTED: [typed: string, ascii: string][] = [
  ['1500', '1500'],
  ['12.5', '12.5'],
  [' 12.500 ', '12.500'],
  ['0.5', '0.5'],
  ['1٬500', '1500'],
  ['1٬000٬000', '1000000'],
  ['١٬٥٠٠', '1500'],
  ['١٬٥٠٠٫٥', '1500.5'],
  ['١٢٫٥٠٠', '12.500'],
  ['٠٫٥', '0.5'],
  // Persian digits alone are one system, as an Iranian or Afghan keyboard types them.
  ['۱۲', '12'],
  ['۱٬۲۵۰٫۷۵', '1250.75'],
  // The separators are not digits: ASCII digits with the Arabic marks are read.
  ['12٫5', '12.5'],
  ['1٬500.250', '1500.250'],
  ['9999999.999', '9999999.999'],
];

const REFUSED: [typed: string, error: 'invalid' | 'tooManyDecimals'][] = [
  // ٬ only between groups of three
  ['1٬5', 'invalid'],
  ['١٬٥', 'invalid'],
  ['15٬00', 'invalid'],
  ['1٬5000', 'invalid'],
  ['1٬500٬00', 'invalid'],
  ['1234٬567', 'invalid'],
  ['٬500', 'invalid'],
  ['1٬500٬', 'invalid'],
  ['1٬٬500', 'invalid'],
  ['1.500٬000', 'invalid'],
  // The ASCII comma and the Arabic comma are no separators (RELIABILITY I2: "1,000" is refused).
  ['1,500', 'invalid'],
  ['12,5', 'invalid'],
  ['1،500', 'invalid'],
  // One digit system per amount
  ['١2', 'invalid'],
  ['1٢', 'invalid'],
  ['١۲', 'invalid'],
  ['۱2', 'invalid'],
  ['١٬٥٠0', 'invalid'],
  // Finer than a fils
  ['1.2345', 'tooManyDecimals'],
  ['١٫٢٣٤٥', 'tooManyDecimals'],
  ['0.0001', 'tooManyDecimals'],
  // Not an amount
  ['', 'invalid'],
  ['   ', 'invalid'],
  ['abc', 'invalid'],
  ['1.5.5', 'invalid'],
  ['١٫٥٫٥', 'invalid'],
  ['.5', 'invalid'],
  ['5.', 'invalid'],
  ['-1', 'invalid'],
  ['+1', 'invalid'],
  ['1e3', 'invalid'],
  ['0x10', 'invalid'],
  ['Infinity', 'invalid'],
  ['1 500', 'invalid'],
  ['12345678', 'invalid'],
  ['12\u200B5', 'invalid'],
];

describe('readKwdText: the one amount parser', () => {
  it.each(ACCEPTED)('accepts %j as %j', (typed, ascii) => {
    expect(readKwdText(typed)).toEqual({ ok: true, text: ascii });
  });

  it.each(REFUSED)('refuses %j (%s)', (typed, error) => {
    expect(readKwdText(typed)).toEqual({ ok: false, error });
  });

  it('reads a sign only where a signed amount is expected', () => {
    expect(readKwdText('-١٬٥٠٠٫٥', { signed: true })).toEqual({ ok: true, text: '-1500.5' });
    expect(readKwdText('-1٬5', { signed: true })).toEqual({ ok: false, error: 'invalid' });
    expect(readKwdText('--1', { signed: true })).toEqual({ ok: false, error: 'invalid' });
  });
});

/** Each amount field of the API, as a function of the typed text; `ok` is whether the body passes. */
const AMOUNT_FIELDS: [name: string, parses: (amount: string) => { ok: boolean; value?: string }][] = [
  ['kwdAmountSchema', (amount) => result(kwdAmountSchema.safeParse(amount), (v) => v)],
  ['top-up amount', (amount) => result(topUpBodySchema.safeParse({ amount }), (v) => v.amount)],
  ['payout amount', (amount) => result(payoutRequestBodySchema.safeParse({ amount }), (v) => v.amount)],
  [
    'admin refund amount',
    (amount) => result(manualRefundBodySchema.safeParse({ userId: 1, amount, reason: 'because' }), (v) => v.amount),
  ],
  [
    'dispute part refund',
    (amount) =>
      result(resolveDisputeSchema.safeParse({ outcome: 'refund', amount, note: 'Part refund' }), (v) => v.amount ?? ''),
  ],
  [
    'admin package price',
    (amount) =>
      result(
        adminPackageBodySchema.safeParse({
          nameAr: 'باقة',
          nameEn: 'Pack',
          hours: 10,
          price: amount,
          validityDays: 30,
        }),
        (v) => v.price,
      ),
  ],
  [
    'teacher hourly rate',
    (amount) => result(teacherProfilePatchSchema.safeParse({ hourlyRate: amount }), (v) => v.hourlyRate ?? ''),
  ],
  [
    'admin teacher rate',
    (amount) => result(adminTeacherPatchSchema.safeParse({ hourlyRate: amount }), (v) => v.hourlyRate ?? ''),
  ],
  [
    'promotion rate',
    (amount) => result(promoteUserBodySchema.safeParse({ hourlyRate: amount }), (v) => v.hourlyRate ?? ''),
  ],
  [
    'application rate',
    (amount) =>
      result(
        teacherApplicationBodySchema.safeParse({
          bioAr: 'أدرّس الرياضيات منذ عشر سنوات',
          bioEn: 'I have taught mathematics for ten years',
          major: 'Mathematics',
          experienceYears: 10,
          subjectIds: [1],
          hourlyRate: amount,
          videoUrl: 'https://example.com/video',
        }),
        (v) => v.hourlyRate,
      ),
  ],
  [
    'slot price',
    (amount) =>
      result(
        slotBodySchema.safeParse({
          startTime: '2030-01-01T10:00:00Z',
          endTime: '2030-01-01T11:00:00Z',
          price: amount,
        }),
        (v) => v.price ?? '',
      ),
  ],
  [
    'weekly series price',
    (amount) =>
      result(
        recurringSlotsBodySchema.safeParse({
          weekdays: [1],
          startTime: '16:00',
          endTime: '18:00',
          lessonMinutes: 60,
          fromDate: '2030-01-01',
          toDate: '2030-01-31',
          price: amount,
        }),
        (v) => v.price ?? '',
      ),
  ],
  ['ledger amount (signed)', (amount) => result(signedKwdAmountSchema.safeParse(amount), (v) => v)],
];

function result<T>(parsed: { success: true; data: T } | { success: false }, pick: (value: T) => string) {
  return parsed.success ? { ok: true, value: pick(parsed.data) } : { ok: false };
}

describe('every amount field reads through the one parser', () => {
  it.each(AMOUNT_FIELDS)(
    '%s: "١٬٠٠٠" and "1٬000" are 1000; "1٬5", "١2", "1,000" and "1.0005" are refused',
    (_name, parses) => {
      expect(parses('١٬٠٠٠')).toEqual({ ok: true, value: '1000' });
      expect(parses('1٬000')).toEqual({ ok: true, value: '1000' });
      expect(parses('۱۰')).toEqual({ ok: true, value: '10' });
      for (const refused of ['1٬5', '١٬٥', '١2', '۱0', '1,000', '1.0005', '1٬00']) {
        expect(parses(refused), refused).toEqual({ ok: false });
      }
    },
  );
});
