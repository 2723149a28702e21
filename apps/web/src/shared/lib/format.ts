import { CURRENCY, CURRENCY_DECIMALS, type Language } from '@ustaz/contract/constants';

/** The Intl locale of each interface language: Kuwaiti Arabic and English. */
export const INTL_LOCALES: Record<Language, string> = { ar: 'ar-KW', en: 'en-KW' };

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The app's one Intl.NumberFormat maker (numbers.test.ts keeps it the only one): every number,
 * amount and count of the site goes through the named formatters below. One per language and
 * options is built and kept, as a list of a hundred prices would otherwise build a hundred.
 */
function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A KWD amount (number or the API's decimal string) with KWD's 3 decimals (fils) in the viewer's
 * language, the currency placed and spaced as Intl.NumberFormat does for it ("KWD 12.500",
 * "‏١٢٫٥٠٠ د.ك.‏"); null for something not a number. `signed` writes a ledger line's sign ("+KWD
 * 20.000", "-KWD 1.500", a zero without one). Every money text of the site, the dashboard and the
 * sandbox goes through here.
 */
export function formatKwd(
  amount: string | number,
  language: Language,
  { signed = false }: { signed?: boolean } = {},
): string | null {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return null;
  return numberFormat(language, {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: CURRENCY_DECIMALS,
    maximumFractionDigits: CURRENCY_DECIMALS,
    ...(signed ? { signDisplay: 'exceptZero' } : {}),
  }).format(value);
}

/** A number with exactly `fractionDigits` decimals (none by default), in the viewer's digits. */
export function formatNumber(value: number, language: Language, fractionDigits = 0): string {
  return numberFormat(language, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/**
 * A number with at most `maxDecimals` decimals (2, 1.5, 0.75), in the viewer's digits; `grouping:
 * false` leaves out the thousands separators (a year, a version).
 */
export function formatDecimal(
  value: number,
  language: Language,
  maxDecimals: number,
  { grouping = true }: { grouping?: boolean } = {},
): string {
  return numberFormat(language, {
    maximumFractionDigits: maxDecimals,
    ...(grouping ? {} : { useGrouping: false }),
  }).format(value);
}

/** A record id in the viewer's digits, without thousands separators (#12345, #١٢٣٤٥). */
export function formatId(id: number, language: Language): string {
  return numberFormat(language, { useGrouping: false }).format(id);
}

/** A whole number with at least two digits, for a clock ("05", "٠٥"). */
export function formatTwoDigits(value: number, language: Language): string {
  return numberFormat(language, { minimumIntegerDigits: 2 }).format(value);
}

/** A share (0.85) as a whole percentage ("85%", "٨٥٪"). */
export function formatPercent(share: number, language: Language, { signed = false } = {}): string {
  return numberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 0,
    ...(signed ? { signDisplay: 'exceptZero' } : {}),
  }).format(share);
}

/** A measure with its unit in the viewer's words ("1.2 MB", "3 hours"), with at most `maxDecimals` decimals. */
export function formatUnit(
  value: number,
  language: Language,
  { unit, display, maxDecimals }: { unit: string; display: 'short' | 'long'; maxDecimals: number },
): string {
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: display,
    maximumFractionDigits: maxDecimals,
  }).format(value);
}

/** An IBAN in groups of four, as banks print it ("KW81 CBKU 0000 ..."), for reading it out to a bank. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
