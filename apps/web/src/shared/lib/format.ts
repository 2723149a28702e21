import { CURRENCY, CURRENCY_DECIMALS, type Language } from '@ustaz/contract/constants';

/** The Intl locale of each interface language: Kuwaiti Arabic and English. */
export const INTL_LOCALES: Record<Language, string> = { ar: 'ar-KW', en: 'en-KW' };

/**
 * A KWD amount (number or the API's decimal string) with 2 decimals in the viewer's language, or
 * with `decimals` (3: to the fils, where money is counted exactly, as on the earnings page).
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
