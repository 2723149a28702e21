import { describe, expect, it } from 'vitest';
import { defaultSlotPrice } from './slot-form.tsx';

describe('defaultSlotPrice', () => {
  it('is the hourly rate times the length, to the fils (as the server computes it)', () => {
    expect(defaultSlotPrice('10.000', 60)).toBe(10);
    expect(defaultSlotPrice('7.5', 45)).toBe(5.625);
    expect(defaultSlotPrice('12.345', 30)).toBe(6.173);
    expect(defaultSlotPrice('0.1', 90)).toBe(0.15);
    expect(defaultSlotPrice(' 20 ', 15)).toBe(5);
  });

  it('is unknown without a rate or a length', () => {
    expect(defaultSlotPrice(null, 60)).toBeNull();
    expect(defaultSlotPrice('', 60)).toBeNull();
    expect(defaultSlotPrice('abc', 60)).toBeNull();
    expect(defaultSlotPrice('10', null)).toBeNull();
    expect(defaultSlotPrice('10', 0)).toBeNull();
  });
});
