import { CURRENCY, type Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from '../../../shared/lib/format.ts';

/**
 * An unsigned KWD amount to the fils, as the server keeps it ("12.505 KWD"): the dashboard must
 * not round a refund or a payment to 2 decimals. Use formatLedgerAmount for signed ledger lines.
 */
export function formatKwdExact(amount: string | number, language: Language): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(value);
}

/** Hours with at most 2 decimals (2, 1.5, 0.75). */
export function formatHours(hours: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 2 }).format(hours);
}

/** A record id in the viewer's digits, without thousands separators (#12345, #١٢٣٤٥). */
export function formatId(id: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { useGrouping: false }).format(id);
}
