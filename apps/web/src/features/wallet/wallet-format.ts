import { CURRENCY, CURRENCY_DECIMALS, type Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from '../../shared/lib/format.ts';

/**
 * A signed ledger amount ("-1.500", "20.000") with its sign, KWD's 3 decimals and the currency,
 * placed the way the language writes it ("+KWD 20.000", "-KWD 1.500"); null for something not a number.
 */
export function formatSignedKwd(amount: string, language: Language): string | null {
  const value = Number(amount);
  if (!amount.trim() || !Number.isFinite(value)) return null;
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: CURRENCY_DECIMALS,
    maximumFractionDigits: CURRENCY_DECIMALS,
    signDisplay: 'exceptZero',
  }).format(value);
}

/** Money in, out, or neither, for colouring a line. */
export function amountDirection(amount: string): 'in' | 'out' | 'zero' {
  const value = Number(amount);
  if (!Number.isFinite(value) || value === 0) return 'zero';
  return value > 0 ? 'in' : 'out';
}

/** Hours with at most 2 decimals (12, 1.5, 0.25). */
export function formatHoursNumber(hours: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 2 }).format(hours);
}
