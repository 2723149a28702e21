import type { BookingBreakdown } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { readKwdFils } from '@ustaz/contract/kwd';
import type { Translate } from '../../shared/i18n/translate.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { formatHours } from '../../shared/money/format-hours.ts';

/**
 * How the balance pays a booking, in a sentence of the booking namespace: "1 hour from your
 * subscription (9.000 KWD), 6.000 KWD from your wallet". Pass a `t` that has the booking and
 * payment namespaces.
 */
export function splitText(breakdown: BookingBreakdown, language: Language, t: Translate): string {
  const wallet = formatKwd(breakdown.wallet, language) ?? breakdown.wallet;
  if (breakdown.subscriptionHours <= 0) return t('review.splitWalletOnly', { ns: 'booking', wallet });
  const values = {
    ns: 'booking',
    hours: formatHours(breakdown.subscriptionHours, language, t),
    value: formatKwd(breakdown.subscriptionValue, language) ?? breakdown.subscriptionValue,
    wallet,
  };
  return (readKwdFils(breakdown.wallet) ?? 0) > 0
    ? t('review.splitHoursAndWallet', values)
    : t('review.splitHoursOnly', values);
}
