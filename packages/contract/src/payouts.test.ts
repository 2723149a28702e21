import { describe, expect, it } from 'vitest';
import { bankAccountBodySchema, ibanProblem, normalizeIban, payoutRequestBodySchema } from './payouts.ts';

// Kuwaiti IBANs (KW + 2 check digits + 4-letter bank code + 22 letters or digits, mod 97 = 1): the
// published example, and three more whose check digits were computed for the test.
const KW = 'KW81CBKU0000000000001234560101';
const NBOK = 'KW86NBOK0000000000002012345678';
const GULB = 'KW12GULB0000000000000000123456';
const LETTERS = 'KW49BBYN00000000000000ABC12345';
// A valid IBAN of another country (the published UK example).
const GB = 'GB82WEST12345698765432';

describe('IBAN', () => {
  it.each([
    ['kw81 cbku 0000 0000 0000 1234 5601 01', KW],
    ['KW81-CBKU-0000-0000-0000-1234-5601-01', KW],
    ['  kw86nbok0000000000002012345678 ', NBOK],
    ['KW٨١CBKU0000000000001234560101', KW],
    ['kw49 bbyn 0000 0000 0000 00ab c123 45', LETTERS],
  ])('normalises %s', (typed, stored) => {
    expect(normalizeIban(typed)).toBe(stored);
  });

  it.each([
    [KW, null],
    [NBOK, null],
    [GULB, null],
    [LETTERS, null],
    // Kuwaiti only (issue 29): a valid IBAN of another country is refused by name.
    [GB, 'ibanNotKuwaiti'],
    ['DE89370400440532013000', 'ibanNotKuwaiti'],
    ['SA0380000000608010167519', 'ibanNotKuwaiti'],
    // The mod-97 check
    ['KW82CBKU0000000000001234560101', 'invalidIban'],
    ['KW81CBKU0000000000001234560102', 'invalidIban'],
    // The length
    ['KW81CBKU000000000000123456010', 'ibanWrongLength'],
    ['KW81CBKU00000000000012345601011', 'ibanWrongLength'],
    // The shape: 4 letters of the bank's code, then letters and digits
    ['KW81CB1U0000000000001234560101', 'invalidIban'],
    ['KW8XCBKU0000000000001234560101', 'invalidIban'],
    ['1234', 'invalidIban'],
    ['', 'invalidIban'],
    ['KW81CBKU00000000000012345601٠1', 'invalidIban'],
    ['KW81CBKU00000000000012345601-1', 'invalidIban'],
  ])('%s -> %s', (iban, problem) => {
    expect(ibanProblem(iban)).toBe(problem);
  });

  it('the body schema stores the normalised IBAN and names the problem', () => {
    expect(
      bankAccountBodySchema.parse({ iban: 'kw81 cbku 0000 0000 0000 1234 5601 01', holderName: ' أحمد ' }),
    ).toEqual({
      iban: KW,
      holderName: 'أحمد',
    });
    const bad = bankAccountBodySchema.safeParse({ iban: 'KW82CBKU0000000000001234560101', holderName: 'Ahmad' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('invalidIban');
  });
});

describe('payout amount', () => {
  it.each([
    ['5', true],
    ['5.000', true],
    ['4.999', false],
    ['0', false],
    ['-5', false],
    ['1e3', false],
    ['5.0001', false],
    ['1,000', false],
  ])('%s accepted: %s', (amount, ok) => {
    expect(payoutRequestBodySchema.safeParse({ amount }).success).toBe(ok);
  });
  it('refuses a status in the body', () => {
    expect(payoutRequestBodySchema.safeParse({ amount: '10', status: 'paid' }).success).toBe(false);
  });
});
