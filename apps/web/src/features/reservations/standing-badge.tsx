import type { Reservation } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatWeekdayDate } from '../../shared/lib/dates/formats.ts';
import { CalendarClock } from '../../shared/ui/icons.tsx';

/** A lesson of a standing weekly series (issue 32): the "Weekly" pill beside the lesson's status. */
export function StandingBadge({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('standing');
  if (!reservation.standingBookingId) return null;
  return (
    <span
      className="inline-flex shrink-0 items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-200 ring-inset"
      data-testid="standing-badge"
    >
      {t('badge')}
    </span>
  );
}

/** A series lesson not paid yet: when it is charged (a line of the card, not the crowded header). */
export function StandingCharge({ reservation, timeZone }: { reservation: Reservation; timeZone: string }) {
  const { t } = useTranslation('standing');
  const language = useCurrentLanguage();
  if (!reservation.standingBookingId || reservation.status !== 'pending' || !reservation.chargeAt) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600" data-testid="standing-charge">
      <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
      {t('willCharge', { date: formatWeekdayDate(reservation.chargeAt, language, timeZone) })}
    </p>
  );
}
