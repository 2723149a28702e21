import type { StandingBooking } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatTime, formatWeekday, formatWeekdayDate, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useStandingAction, useStandingBookings } from './api/standing.ts';

/**
 * "Weekly lessons" (issue 32): the student's standing series, each with its teacher, weekday and
 * time in the student's zone, its upcoming lessons ("Charged on …" for unpaid ones), the weeks
 * without a slot, "Skip this week" per lesson and "Stop the series" behind a confirmation.
 */
export function StandingSection() {
  const { t } = useTranslation('standing');
  const { data } = useStandingBookings();
  const items = data?.items ?? [];
  return (
    <section aria-labelledby="standing-title" className="space-y-3" data-testid="standing-section">
      <h2 id="standing-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {items.length === 0 ? <p className="text-sm text-slate-600">{t('empty')}</p> : null}
      {items.map((series) => (
        <SeriesCard key={series.id} series={series} />
      ))}
    </section>
  );
}

function SeriesCard({ series }: { series: StandingBooking }) {
  const { t } = useTranslation('standing');
  const language = useCurrentLanguage();
  const zone = viewerTimeZone();
  const action = useStandingAction();
  const [asking, setAsking] = useState(false);
  const now = Date.now();
  const upcoming = series.lessons.filter(
    (lesson) => (lesson.status === 'pending' || lesson.status === 'confirmed') && Date.parse(lesson.startTime) > now,
  );
  const first = series.lessons[0]?.startTime;
  return (
    <article className="rounded-xl border border-slate-200 p-4 text-sm" data-testid={`series-${series.id}`}>
      <p className="font-medium">
        {t('with', { name: `${series.teacher.firstName} ${series.teacher.lastName}`.trim() })} ·{' '}
        {t(`status.${series.status}`)}
      </p>
      {first ? (
        <p>
          {t('everyAt', { weekday: formatWeekday(first, language, zone), time: formatTime(first, language, zone) })} ·{' '}
          {t('weeksTotal', { count: series.weeks, number: formatNumber(series.weeks, language) })}
        </p>
      ) : null}
      <ul className="mt-2 space-y-1">
        {upcoming.map((lesson) => (
          <li key={lesson.id} className="flex flex-wrap items-center gap-2">
            <span>{formatWeekdayDate(lesson.startTime, language, zone)}</span>
            <span className="text-slate-600">
              {lesson.status === 'pending' && lesson.chargeAt
                ? t('chargedOn', { date: formatWeekdayDate(lesson.chargeAt, language, zone) })
                : t('paid')}
            </span>
            {series.status === 'active' ? (
              <Button
                variant="ghost"
                size="sm"
                className="ms-auto"
                disabled={action.isPending}
                onClick={() => action.mutate({ id: series.id, reservationId: lesson.id })}
              >
                {t('skip')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {series.missingWeeks.length > 0 ? (
        <p className="mt-2 text-amber-700">
          {t('missingWeeks', {
            dates: series.missingWeeks.map((day) => formatWeekdayDate(`${day}T12:00:00Z`, language, 'UTC')).join('، '),
          })}
        </p>
      ) : null}
      {series.status === 'active' && !asking ? (
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => setAsking(true)}>
          {t('stop')}
        </Button>
      ) : null}
      {asking && series.status === 'active' ? (
        <div role="alertdialog" aria-label={t('stop')} className="mt-2 rounded-lg bg-slate-50 p-3">
          <p>{t('stopConfirm')}</p>
          <div className="mt-2 flex gap-2">
            <Button size="sm" onClick={() => action.mutate({ id: series.id }, { onSettled: () => setAsking(false) })}>
              {t('stopYes')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      ) : null}
      {action.error ? (
        <p role="alert" className="mt-2 text-red-700">
          {t('failed')}
        </p>
      ) : null}
    </article>
  );
}
