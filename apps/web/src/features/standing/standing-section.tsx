import type { StandingBooking } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import {
  formatDayList,
  formatTime,
  formatWeekday,
  formatWeekdayDate,
  viewerTimeZone,
} from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { Repeat, Search } from '../../shared/ui/icons.tsx';
import { listPlaceholders } from '../../shared/ui/paged-query-states.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { EmptyCard } from '../../shared/ui/state-card.tsx';
import { useStandingAction, useStandingBookings } from './api/standing.ts';

/**
 * "Weekly lessons" (issue 32): the student's standing series, each with its teacher, weekday and
 * time in the student's zone, its upcoming lessons (placeholders while loading, a retry on an error, the way to a teacher when there are none) ("Charged on …" for unpaid ones), the weeks
 * without a slot, "Skip this week" per lesson and "Stop the series" behind a confirmation.
 */
export function StandingSection() {
  const { t } = useTranslation('standing');
  const language = useCurrentLanguage();
  const query = useStandingBookings();
  return (
    <section
      aria-labelledby="standing-title"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="standing-section"
    >
      <h2 id="standing-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Repeat aria-hidden="true" className="size-5 text-indigo-600" />
        {t('title')}
      </h2>
      <QueryStates
        query={query}
        loading={listPlaceholders(t('section.loading'), 'stack', 1, 'h-40', 'standing-loading')}
        error={{
          title: t('section.errorTitle'),
          body: t('section.errorBody'),
          testId: 'standing-error',
          headingLevel: 3,
        }}
        isEmpty={(answer) => answer.items.length === 0}
        empty={
          <EmptyCard
            icon={<Repeat aria-hidden="true" className="size-8 text-primary" />}
            title={t('section.emptyTitle')}
            body={t('section.emptyBody')}
            testId="standing-empty"
            headingLevel={3}
          >
            <Link to={localePath(language, '/teachers')} className={buttonClasses({ variant: 'primary' })}>
              <Search aria-hidden="true" className="size-4" />
              {t('section.browse')}
            </Link>
          </EmptyCard>
        }
      >
        {(answer) => (
          <ul className="flex flex-col gap-4">
            {answer.items.map((series) => (
              <li key={series.id}>
                <SeriesCard series={series} />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
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
      <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
        <bdi className="wrap-anywhere">
          {t('with', { name: `${series.teacher.firstName} ${series.teacher.lastName}`.trim() })}
        </bdi>
        <span
          className={cx(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
            series.status === 'active'
              ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
              : 'bg-slate-100 text-slate-600 ring-slate-200',
          )}
        >
          {t(`status.${series.status}`)}
        </span>
      </p>
      {first ? (
        <p className="mt-1 text-slate-700">
          {t('everyAt', { weekday: formatWeekday(first, language, zone), time: formatTime(first, language, zone) })} ·{' '}
          {t('weeksTotal', { count: series.weeks, number: formatNumber(series.weeks, language) })}
        </p>
      ) : null}
      <ul className="mt-3 divide-y divide-slate-100 border-y border-slate-100">
        {upcoming.map((lesson) => (
          <li key={lesson.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span className="font-medium text-slate-900">{formatWeekdayDate(lesson.startTime, language, zone)}</span>
            <span className="text-slate-600">
              {lesson.status === 'pending' && lesson.chargeAt
                ? t('chargedOn', { date: formatWeekdayDate(lesson.chargeAt, language, zone) })
                : t('paid')}
            </span>
            {series.status === 'active' ? (
              <Button
                variant="outline"
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
            dates: formatDayList(series.missingWeeks, language),
          })}
        </p>
      ) : null}
      {series.status === 'active' && !asking ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setAsking(true)}>
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
