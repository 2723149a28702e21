import type { Language } from '@ustaz/contract/constants';
import { formatDateTime as formatDateTimeIn } from '../../../shared/lib/dates/formats.ts';
import { INTL_LOCALES } from '../../../shared/lib/format.ts';

/** A date and time in the viewer's zone and language ("22 Nov 2026, 14:05"). */
export function formatDateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  return formatDateTimeIn(iso, language) || '—';
}

/** A signed KWD amount with 3 decimals, as the ledger keeps it ("-1.500 KWD"). */
export function formatLedgerAmount(amount: string, language: Language): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    style: 'currency',
    currency: 'KWD',
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
    signDisplay: 'exceptZero',
  }).format(value);
}
