import { describe, expect, it } from 'vitest';
import { filsToKwd, filsToNumber, kwdToFils } from './kwd.ts';

describe('KWD in fils', () => {
  it('reads decimal strings and numbers without float drift', () => {
    expect(kwdToFils('12.5')).toBe(12_500);
    expect(kwdToFils('12.500')).toBe(12_500);
    expect(kwdToFils(' 0.125 ')).toBe(125);
    expect(kwdToFils(0.1 + 0.2)).toBe(300);
    expect(kwdToFils('0')).toBe(0);
  });

  it('refuses what is not a plain non-negative amount', () => {
    for (const bad of ['', 'abc', '-1', '1e3', '12,5', null, undefined, Number.NaN, -2]) {
      expect(kwdToFils(bad)).toBeNull();
    }
  });

  it('writes fils back with three decimals', () => {
    expect(filsToKwd(12_500)).toBe('12.500');
    expect(filsToKwd(5)).toBe('0.005');
    expect(filsToKwd(-1_250)).toBe('-1.250');
    expect(filsToNumber(2_750)).toBe(2.75);
  });
});
