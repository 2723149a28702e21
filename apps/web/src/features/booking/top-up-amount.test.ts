import { describe, expect, it } from 'vitest';
import { amountFieldText, checkTopUpAmount } from './top-up-amount.ts';

describe('checkTopUpAmount (spec 5)', () => {
  it.each(['', '   ', '0', '0.000', '-5', 'abc', '1e3', '12,5'])('refuses %j as an invalid amount', (raw) => {
    expect(checkTopUpAmount(raw)).toEqual({ ok: false, error: 'invalidAmount' });
  });

  it('refuses a fourth decimal (amounts are whole fils)', () => {
    expect(checkTopUpAmount('12.3456')).toEqual({ ok: false, error: 'tooManyDecimals' });
  });

  it('refuses more than the top-up ceiling', () => {
    expect(checkTopUpAmount('1000.001')).toEqual({ ok: false, error: 'tooBig' });
  });

  it.each([
    ['12.5', '12.5'],
    [' 0.125 ', '0.125'],
    ['1000', '1000'],
  ])('accepts %j', (raw, amount) => {
    expect(checkTopUpAmount(raw)).toEqual({ ok: true, amount });
  });
});

describe('amountFieldText', () => {
  it('starts the field at the amount lacking, rounded up to whole fils', () => {
    expect(amountFieldText('7.250')).toBe('7.25');
    expect(amountFieldText(7.2501)).toBe('7.251');
    expect(amountFieldText(undefined)).toBe('');
    expect(amountFieldText('0')).toBe('');
  });
});
