import { describe, expect, it } from 'vitest';
import { checkPartRefund } from './dispute-amount.ts';

describe('checkPartRefund', () => {
  it('takes an amount up to what was paid, in ASCII or Arabic-Indic digits with . or ٫', () => {
    expect(checkPartRefund('5', '12.500')).toEqual({ ok: true, amount: '5' });
    expect(checkPartRefund(' 12.500 ', '12.500')).toEqual({ ok: true, amount: '12.500' });
    expect(checkPartRefund('٢٫٥٠٠', '12.500')).toEqual({ ok: true, amount: '2.500' });
    expect(checkPartRefund('۳.۲۵', '12.500')).toEqual({ ok: true, amount: '3.25' });
  });

  it('refuses more than was paid, zero, more than 3 decimals and anything not an amount', () => {
    expect(checkPartRefund('12.501', '12.500')).toEqual({ ok: false, error: 'moreThanPaid' });
    expect(checkPartRefund('١٣', '12.500')).toEqual({ ok: false, error: 'moreThanPaid' });
    expect(checkPartRefund('0', '12.500')).toEqual({ ok: false, error: 'zero' });
    expect(checkPartRefund('0.000', '12.500')).toEqual({ ok: false, error: 'zero' });
    expect(checkPartRefund('1.2345', '12.500')).toEqual({ ok: false, error: 'tooManyDecimals' });
    for (const raw of ['', '-1', '1e2', '1,5', 'abc', '.5', '5.']) {
      expect(checkPartRefund(raw, '12.500')).toEqual({ ok: false, error: 'invalidAmount' });
    }
  });
});
