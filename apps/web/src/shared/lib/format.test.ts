import { describe, expect, it } from 'vitest';
import { formatKwd, formatNumber } from './format.ts';

describe('formatKwd', () => {
  it('shows KWD with 2 decimals in English and Arabic', () => {
    expect(formatKwd('12.500', 'en')).toMatch(/KWD\s?12\.50/);
    expect(formatKwd(7, 'ar')).toMatch(/د\.ك|KWD/);
    expect(formatKwd(7, 'ar')).toMatch(/[٠-٩0-9]/);
  });
  it('answers null for a price that is not a number', () => {
    expect(formatKwd('abc', 'en')).toBeNull();
  });
  it('formats plain numbers', () => {
    expect(formatNumber(4.5, 'en', 1)).toBe('4.5');
  });
});
