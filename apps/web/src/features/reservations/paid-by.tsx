import type { Reservation } from '@ustaz/contract';
import { readKwdFils } from '@ustaz/contract/kwd';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { formatHoursNumber } from '../../shared/money/format-hours.ts';

/**
 * A reservation's price and what paid it (issue 30): every source named, the subscription hours and
 * the wallet's amount together ("12.500 KWD (1 hour of subscription + 2.500 KWD from the wallet)"),
 * the gateway by name; a gateway lesson whose payment never went through says "Not paid" instead
 * of a price as if paid.
 */
export function PaidBy({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  const method = t(`paidWith.${reservation.paidWith}`);
  const { paidBy } = reservation;
  if (!paidBy && reservation.status === 'cancelled') {
    return (
      <>
        <span data-testid="reservation-price">{t('card.notPaid')}</span>
        <span className="ms-1 text-sm font-normal text-slate-500">{t('card.notPaidWhy', { method })}</span>
      </>
    );
  }
  const hours = paidBy?.subscriptionHours ?? 0;
  const wallet = readKwdFils(paidBy?.wallet ?? '0') ?? 0;
  const hoursText = t('card.hours', { count: hours, number: formatHoursNumber(hours, language) });
  const walletText = formatKwd(paidBy?.wallet ?? '0', language) ?? '';
  const sources =
    hours > 0 && wallet > 0
      ? t('card.paidSplit', { hours: hoursText, wallet: walletText })
      : hours > 0
        ? t('card.paidHours', { hours: hoursText })
        : t('card.paidWithValue', { method });
  return (
    <>
      <span data-testid="reservation-price">
        {formatKwd(reservation.price, language) ?? t('card.priceUnavailable')}
      </span>
      <span className="ms-1 text-sm font-normal text-slate-500" data-testid="reservation-paid-by">
        {sources}
      </span>
    </>
  );
}
