import type { TFunction } from 'i18next';
import { errorCode } from '../../../shared/lib/api-errors.ts';
import { adminErrorText } from '../ui/admin-errors.ts';

/** Codes only the money pages meet, with their text in this namespace. */
const MONEY_CODES = ['paymentMismatch'] as const;

/** The text of a failed money call: the money codes first, then the dashboard's shared ones. */
export function moneyErrorText(error: unknown, t: TFunction<'admin-money'>, tAdmin: TFunction<'admin'>): string {
  const code = errorCode(error);
  if (code && (MONEY_CODES as readonly string[]).includes(code)) return t(`errors.${code}`);
  return adminErrorText(error, tAdmin);
}
