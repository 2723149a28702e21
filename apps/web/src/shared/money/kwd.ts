import { FILS_PER_KWD } from '@ustaz/contract/constants';

/**
 * KWD arithmetic in integer fils (1 KWD = 1000 fils), as the server keeps money: adding decimal
 * strings as floats would drift ("0.1" + "0.2").
 */

/** Fils of a KWD amount ("12.5", "12.500", 12.5); null when it is not a plain non-negative number. */
export function kwdToFils(amount: string | number | null | undefined): number | null {
  if (typeof amount === 'number') {
    return Number.isFinite(amount) && amount >= 0 ? Math.round(amount * FILS_PER_KWD) : null;
  }
  if (typeof amount !== 'string') return null;
  const text = amount.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * FILS_PER_KWD);
}

/** The KWD decimal string of an amount in fils, with 3 decimals ("12.500"), as the API writes money. */
export function filsToKwd(fils: number): string {
  const whole = Math.trunc(Math.abs(fils) / FILS_PER_KWD);
  const rest = Math.abs(fils) % FILS_PER_KWD;
  return `${fils < 0 ? '-' : ''}${whole}.${String(rest).padStart(3, '0')}`;
}

/** Fils to a number of KWD for display (formatKwd). */
export function filsToNumber(fils: number): number {
  return fils / FILS_PER_KWD;
}
