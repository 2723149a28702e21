import { describe, expect, it } from 'vitest';
import { filsToKwd, filsToNumber, kwdToFils, readKwdFils } from './kwd.ts';

describe('kwdToFils', () => {
  it.each([
    ['12.5', 12_500],
    ['12.500', 12_500],
    ['0.1', 100],
    ['10.005', 10_005],
    ['1.005', 1_005],
    ['0', 0],
    ['7', 7_000],
    ['999999999.999', 999_999_999_999],
  ])('reads decimal strings digit by digit, without float error: %s', (kwd, fils) => {
    expect(kwdToFils(kwd)).toBe(fils);
  });

  it.each([
    ['1.2349', 1_234],
    ['-1.5', -1_500],
    ['-0.005', -5],
  ])('drops digits finer than a fils in a string and keeps the sign: %s', (kwd, fils) => {
    expect(kwdToFils(kwd)).toBe(fils);
  });

  it.each([
    [0.1 + 0.2, 300],
    [10.005, 10_005],
    [1.005, 1_005],
    [12.5, 12_500],
  ])('rounds numbers to the fils: %s', (kwd, fils) => {
    expect(kwdToFils(kwd)).toBe(fils);
  });
});

describe('readKwdFils', () => {
  it.each([
    ['12.5', 12_500],
    ['12.500', 12_500],
    [' 0.125 ', 125],
    ['10.005', 10_005],
    [0.1 + 0.2, 300],
    [10.005, 10_005],
    ['0', 0],
  ])('reads strings and numbers without float drift: %j', (kwd, fils) => {
    expect(readKwdFils(kwd)).toBe(fils);
  });

  it.each([
    ['1.0005', 1_001],
    ['1.00049', 1_000],
    ['0.9995', 1_000],
  ])('rounds a fraction finer than a fils half up, on the digits: %s', (kwd, fils) => {
    expect(readKwdFils(kwd)).toBe(fils);
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
  it.each([
    [12_500, '12.500'],
    [5, '0.005'],
    [0, '0.000'],
    [-1_250, '-1.250'],
    [10_005, '10.005'],
  ])('writes three decimals: %s', (fils, kwd) => {
    expect(filsToKwd(fils)).toBe(kwd);
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
