import { FILS_PER_KWD } from './constants.ts';

/**
 * KWD amounts and integer fils (1 KWD = 1000 fils), one conversion for server and web. Money is
 * counted in fils: adding decimal strings as floats would drift ("0.1" + "0.2"). Strings are read
 * digit by digit, never through a float.
 */

/** Fils (integer) to a KWD decimal string with 3 decimals, as the API writes money: 12500 -> "12.500". */
export function filsToKwd(fils: number): string {
  const sign = fils < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fils));
  return `${sign}${Math.floor(abs / FILS_PER_KWD)}.${String(abs % FILS_PER_KWD).padStart(3, '0')}`;
}

/** Fils to a number of KWD, for display (formatKwd): 2750 -> 2.75. */
export function filsToNumber(fils: number): number {
  return fils / FILS_PER_KWD;
}

/**
 * A KWD amount already checked by a schema (a contract decimal string like "12.5", or a number
 * from a query) to whole fils. Digits past the third decimal are dropped; numbers round to the fils.
 */
export function kwdToFils(kwd: string | number): number {
  if (typeof kwd === 'number') return Math.round(kwd * FILS_PER_KWD);
  const negative = kwd.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? kwd.slice(1) : kwd).split('.');
  const fils = Number(whole) * FILS_PER_KWD + Number(fraction.padEnd(3, '0').slice(0, 3));
  return negative ? -fils : fils;
}

/**
 * Whatever the caller holds ("12.5", " 12.500 ", 12.5, null) as fils; null when it is not a plain
 * non-negative amount. A fraction finer than a fils rounds half up, exactly, on the digits.
 */
export function readKwdFils(amount: unknown): number | null {
  if (typeof amount === 'number') {
    return Number.isFinite(amount) && amount >= 0 ? Math.round(amount * FILS_PER_KWD) : null;
  }
  if (typeof amount !== 'string') return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const roundUp = fraction.length > 3 && Number(fraction[3]) >= 5 ? 1 : 0;
  return kwdToFils(`${whole}.${fraction.slice(0, 3)}`) + roundUp;
}
