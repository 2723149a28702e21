import { describe, expect, it } from 'vitest';
import { bankAccountBodySchema, ibanProblem, normalizeIban, payoutRequestBodySchema } from './payouts.ts';

// Published example IBANs (ISO 13616 registry / bank examples).
const KW = 'KW81CBKU0000000000001234560101';
const GB = 'GB82WEST12345698765432';

describe('IBAN', () => {
  it.each([
    ['kw81 cbku 0000 0000 0000 1234 5601 01', KW],
    ['GB82-WEST-1234-5698-7654-32', GB],
    ['KW٨١CBKU0000000000001234560101', KW],
  ])('normalises %s', (typed, stored) => {
    expect(normalizeIban(typed)).toBe(stored);
  });

  it.each([
    [KW, null],
    [GB, null],
    ['KW82CBKU0000000000001234560101', 'invalidIban'],
    ['GB82WEST12345698765433', 'invalidIban'],
    ['KW81CBKU000000000000123456010', 'ibanWrongLength'],
    ['KW81CBKU00000000000012345601011', 'ibanWrongLength'],
    ['1234', 'invalidIban'],
    ['KW81CBKU00000000000012345601٠1', 'invalidIban'],
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
