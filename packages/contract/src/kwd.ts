import { BOOKING, FILS_PER_KWD } from './constants.ts';

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

/** Why a typed amount is refused: not an amount at all, or finer than a fils. */
export type KwdTextError = 'invalid' | 'tooManyDecimals';
export type KwdTextReading = { ok: true; text: string } | { ok: false; error: KwdTextError };

/** The three digit systems a keyboard may type: ASCII, Arabic-Indic (٠-٩) and Persian (۰-۹). */
const DIGIT_SYSTEMS = [/[0-9]/, /[\u0660-\u0669]/, /[\u06F0-\u06F9]/] as const;
/** After the digits are ASCII: plain digits, or 1-3 digits then groups of exactly 3 after each ٬; one decimal mark (. or ٫). */
const AMOUNT_SHAPE = /^(\d+|\d{1,3}(?:\u066C\d{3})+)(?:[.\u066B](\d+))?$/;

/**
 * The one reading of a KWD amount as typed or sent, for every amount field (server schemas and web
 * forms alike): the amount as plain ASCII decimal text ("١٬٥٠٠٫٥" -> "1500.5"), or why it is refused.
 * - Digits of one system only: ASCII, Arabic-Indic or Persian; a mix ("١2", "١۲") is refused.
 * - The Arabic thousands separator ٬ only between groups of three ("1٬500"; "1٬5" and "15٬00" are refused).
 *   The ASCII comma is refused in any place ("1,500", RELIABILITY I2): in Kuwait it may mean a decimal mark.
 * - One decimal mark, "." or the Arabic ٫, with 1 to 3 decimals (fils); more is `tooManyDecimals`.
 * - At most `maxWholeDigits` digits before it; a leading "-" only when `signed`; spaces around are dropped.
 * No sign, exponent, leading dot, inner space or other character is an amount.
 */
export function readKwdText(
  typed: string,
  { signed = false, maxWholeDigits = 7 }: { signed?: boolean; maxWholeDigits?: number } = {},
): KwdTextReading {
  let text = typed.trim();
  const negative = signed && text.startsWith('-');
  if (negative) text = text.slice(1);
  if (DIGIT_SYSTEMS.filter((system) => system.test(text)).length > 1) return { ok: false, error: 'invalid' };
  const ascii = text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0));
  const match = AMOUNT_SHAPE.exec(ascii);
  if (!match) return { ok: false, error: 'invalid' };
  const whole = (match[1] ?? '').replace(/\u066C/g, '');
  const fraction = match[2];
  if (whole.length > maxWholeDigits) return { ok: false, error: 'invalid' };
  if (fraction !== undefined && fraction.length > 3) return { ok: false, error: 'tooManyDecimals' };
  return { ok: true, text: `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}` };
}

/** A typed amount as ASCII decimal text, or null when `readKwdText` refuses it. */
export function kwdTextOrNull(typed: string, options?: { signed?: boolean; maxWholeDigits?: number }): string | null {
  const reading = readKwdText(typed, options);
  return reading.ok ? reading.text : null;
}

/** The least an hour may cost, in fils (BOOKING.minPricePerHourKwd). */
export const MIN_PRICE_PER_HOUR_FILS = Math.round(BOOKING.minPricePerHourKwd * FILS_PER_KWD);

/** The least a slot of `minutes` may cost, in fils: the minimum price per hour for its length, rounded up to a fils. */
export function minSlotPriceFils(minutes: number): number {
  // In whole milliseconds, so the division is exact whenever the result is a whole number of fils.
  return Math.ceil((MIN_PRICE_PER_HOUR_FILS * Math.round(minutes * 60_000)) / 3_600_000);
}

/**
 * The price of a slot of `minutes` that the teacher did not price: the hourly rate times the length,
 * rounded to the fils, and never below the slot minimum when the rate itself is not below the
 * minimum rate (0.500 KWD for 25 minutes is 0.209, not 0.208). A rate below the minimum (set before
 * there was one) gives its own price, which the server then refuses (`tooSmall`).
 */
export function defaultSlotPriceFils(hourlyRateFils: number, minutes: number): number {
  const price = Math.round((hourlyRateFils * minutes) / 60);
  return hourlyRateFils >= MIN_PRICE_PER_HOUR_FILS ? Math.max(price, minSlotPriceFils(minutes)) : price;
}
