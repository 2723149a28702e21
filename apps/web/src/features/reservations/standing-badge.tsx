import type { Reservation } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatWeekdayDate } from '../../shared/lib/dates/formats.ts';

/** A lesson of a standing weekly series (issue 32): "Weekly", and when it is still unpaid, when it is charged. */
export function StandingBadge({ reservation, timeZone }: { reservation: Reservation; timeZone: string }) {
  const { t } = useTranslation('standing');
  const language = useCurrentLanguage();
  if (!reservation.standingBookingId) return null;
  return (
    <span className="flex flex-col items-end gap-1 text-xs" data-testid="standing-badge">
      <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-700">{t('badge')}</span>
      {reservation.status === 'pending' && reservation.chargeAt ? (
        <span className="text-slate-600">
          {t('willCharge', { date: formatWeekdayDate(reservation.chargeAt, language, timeZone) })}
        </span>
      ) : null}
    </span>
  );
}
