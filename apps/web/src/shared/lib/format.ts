import { CURRENCY, CURRENCY_DECIMALS, type Language } from '@ustaz/contract/constants';

/** The Intl locale of each interface language: Kuwaiti Arabic and English. */
export const INTL_LOCALES: Record<Language, string> = { ar: 'ar-KW', en: 'en-KW' };

/**
 * A KWD amount (number or the API's decimal string) with KWD's 3 decimals (fils) in the viewer's
 * language, the currency placed and spaced as Intl.NumberFormat does for it ("KWD 12.500",
 * "‏١٢٫٥٠٠ د.ك.‏"). Every money text of the site, the dashboard and the sandbox goes through here.
 */
export function formatKwd(
  amount: string | number,
  language: Language,
  decimals: number = CURRENCY_DECIMALS,
): string | null {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return null;
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

export function formatNumber(value: number, language: Language, fractionDigits = 0): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** An IBAN in groups of four, as banks print it ("KW81 CBKU 0000 ..."), for reading it out to a bank. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
