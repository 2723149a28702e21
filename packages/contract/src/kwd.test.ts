import { describe, expect, it } from 'vitest';
import { filsToKwd, filsToNumber, kwdToFils, readKwdFils } from './kwd.ts';

describe('kwdToFils', () => {
  it('reads decimal strings digit by digit, without float error', () => {
    expect(kwdToFils('12.5')).toBe(12_500);
    expect(kwdToFils('12.500')).toBe(12_500);
    expect(kwdToFils('0.1')).toBe(100);
    expect(kwdToFils('10.005')).toBe(10_005);
    expect(kwdToFils('1.005')).toBe(1_005);
    expect(kwdToFils('0')).toBe(0);
    expect(kwdToFils('7')).toBe(7_000);
    expect(kwdToFils('999999999.999')).toBe(999_999_999_999);
  });

  it('drops digits finer than a fils in a string and keeps the sign', () => {
    expect(kwdToFils('1.2349')).toBe(1_234);
    expect(kwdToFils('-1.5')).toBe(-1_500);
    expect(kwdToFils('-0.005')).toBe(-5);
  });

  it('rounds numbers to the fils', () => {
    expect(kwdToFils(0.1 + 0.2)).toBe(300);
    expect(kwdToFils(10.005)).toBe(10_005);
    expect(kwdToFils(1.005)).toBe(1_005);
    expect(kwdToFils(12.5)).toBe(12_500);
  });
});

describe('readKwdFils', () => {
  it('reads strings and numbers without float drift', () => {
    expect(readKwdFils('12.5')).toBe(12_500);
    expect(readKwdFils('12.500')).toBe(12_500);
    expect(readKwdFils(' 0.125 ')).toBe(125);
    expect(readKwdFils('10.005')).toBe(10_005);
    expect(readKwdFils(0.1 + 0.2)).toBe(300);
    expect(readKwdFils(10.005)).toBe(10_005);
    expect(readKwdFils('0')).toBe(0);
  });

  it('rounds a fraction finer than a fils half up, on the digits', () => {
    expect(readKwdFils('1.0005')).toBe(1_001);
    expect(readKwdFils('1.00049')).toBe(1_000);
    expect(readKwdFils('0.9995')).toBe(1_000);
  });

  it('refuses what is not a plain non-negative amount', () => {
    for (const bad of [
      '',
      'abc',
      '-1',
      '1e3',
      '12,5',
      '.5',
      null,
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -2,
      {},
    ]) {
      expect(readKwdFils(bad)).toBeNull();
    }
  });
});

describe('filsToKwd', () => {
  it('writes three decimals', () => {
    expect(filsToKwd(12_500)).toBe('12.500');
    expect(filsToKwd(5)).toBe('0.005');
    expect(filsToKwd(0)).toBe('0.000');
    expect(filsToKwd(-1_250)).toBe('-1.250');
    expect(filsToKwd(10_005)).toBe('10.005');
  });

  it('round-trips with kwdToFils', () => {
    for (const fils of [0, 1, 999, 1_000, 10_005, 123_456_789, -42]) {
      expect(kwdToFils(filsToKwd(fils))).toBe(fils);
    }
  });

  it('gives numbers for display', () => {
    expect(filsToNumber(2_750)).toBe(2.75);
    expect(filsToNumber(10_005)).toBe(10.005);
  });
});
