import { FILS_PER_KWD } from '@ustaz/contract';

/** Fils (integer, the server's unit) to a KWD decimal string with 3 decimals: 12500 -> "12.500". */
export function filsToKwd(fils: number): string {
  const sign = fils < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fils));
  return `${sign}${Math.floor(abs / FILS_PER_KWD)}.${String(abs % FILS_PER_KWD).padStart(3, '0')}`;
}

/**
 * A KWD amount (a contract decimal string like "12.5", or a number from a query) to whole fils.
 * Strings are read digit by digit, so "0.1" is exactly 100 fils with no floating-point error.
 */
export function kwdToFils(kwd: string | number): number {
  if (typeof kwd === 'number') return Math.round(kwd * FILS_PER_KWD);
  const [whole = '0', fraction = ''] = kwd.split('.');
  return Number(whole) * FILS_PER_KWD + Number(fraction.padEnd(3, '0').slice(0, 3));
}
