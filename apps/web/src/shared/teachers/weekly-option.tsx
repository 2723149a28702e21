import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StandingBooking, StandingPreviewResponse, TimeSlot } from '@ustaz/contract';
import { STANDING } from '@ustaz/contract/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { formatDayList, formatTime, formatWeekdayDate, viewerTimeZone } from '../lib/dates/formats.ts';
import { errorCode } from '../lib/error-text.ts';
import { formatKwd, formatNumber } from '../lib/format.ts';
import { Button } from '../ui/button.tsx';
import { notify } from '../ui/toast.tsx';
import { createStanding, previewStanding } from './standing-api.ts';

const WEEK_CHOICES = Array.from({ length: STANDING.maxWeeks - STANDING.minWeeks + 1 }, (_, i) => STANDING.minWeeks + i);

/**
 * "Every week at this time" (issue 32): with one slot chosen, the student may book it and the same
 * weekday and time for 4 to 12 weeks. The preview shows the dates and the weeks without a slot
 * before they confirm. Opened already when the address has `?weekly=1`. `bare`: without the top rule
 * (inside a box of its own).
 */
export function WeeklyOption({ slot, bare = false }: { slot: TimeSlot; bare?: boolean }) {
  const { t } = useTranslation('standing');
  const language = useCurrentLanguage();
  const [params] = useSearchParams();
  const [on, setOn] = useState(params.get('weekly') === '1');
  const [weeks, setWeeks] = useState<number>(STANDING.minWeeks);
  const checkboxId = useId();
  const weeksId = useId();
  const queryClient = useQueryClient();
  const body = { timeSlotId: slot.id, weeks, paymentMethod: 'balance' as const };
  const preview = useMutation<StandingPreviewResponse, Error>({ mutationFn: () => previewStanding(body) });
  const confirm = useMutation<StandingBooking, Error>({
    mutationFn: () => createStanding(body),
    onSuccess: (series) => {
      // The booked slots leave the picker and the selection with them (and this option): the toast stays.
      const count = series.lessons.length;
      void notify.success(t('booked', { count, number: formatNumber(count, language) }));
      return queryClient.invalidateQueries({ queryKey: ['teacher', 'slots'] });
    },
  });
  const zone = viewerTimeZone();
  const when = (iso: string) => `${formatWeekdayDate(iso, language, zone)} ${formatTime(iso, language, zone)}`;
  const failure = confirm.error ?? preview.error;
  const code = failure ? errorCode(failure) : null;

  return (
    <div className={bare ? 'w-full' : 'w-full border-t border-slate-200 pt-3'} data-testid="weekly-option">
      <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          id={checkboxId}
          type="checkbox"
          checked={on}
          onChange={(event) => {
            setOn(event.target.checked);
            preview.reset();
          }}
        />
        {t('everyWeek')}
      </label>
      {on && !confirm.data ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <label htmlFor={weeksId} className="text-sm text-slate-700">
            {t('weeks')}
          </label>
          <select
            id={weeksId}
            value={weeks}
            onChange={(event) => {
              setWeeks(Number(event.target.value));
              preview.reset();
            }}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          >
            {WEEK_CHOICES.map((n) => (
              <option key={n} value={n}>
                {t('weeksCount', { count: n, number: formatNumber(n, language) })}
              </option>
            ))}
          </select>
          <Button variant="ghost" size="md" onClick={() => preview.mutate()} disabled={preview.isPending}>
            {t('preview')}
          </Button>
        </div>
      ) : null}
      {on && preview.data && !confirm.data ? (
        <div className="mt-2 text-sm" data-testid="weekly-preview">
          <p className="font-medium">
            {t('willBook', {
              count: preview.data.lessons.length,
              number: formatNumber(preview.data.lessons.length, language),
            })}
          </p>
          <ul className="ms-4 list-disc">
            {preview.data.lessons.map((lesson) => (
              <li key={lesson.timeSlotId}>
                {when(lesson.startTime)} · {formatKwd(lesson.price, language)}
              </li>
            ))}
          </ul>
          {preview.data.missingWeeks.length > 0 ? (
            <p className="text-amber-700" data-testid="weekly-missing">
              {t('missingWeeks', {
                dates: formatDayList(preview.data.missingWeeks, language),
              })}
            </p>
          ) : null}
          <p className="text-slate-600">{t('chargeRule')}</p>
          <Button size="md" className="mt-2" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {t('confirm')}
          </Button>
        </div>
      ) : null}
      {confirm.data ? (
        <p className="mt-2 text-sm font-medium text-emerald-700" role="status" data-testid="weekly-booked">
          {t('booked', {
            count: confirm.data.lessons.length,
            number: formatNumber(confirm.data.lessons.length, language),
          })}
        </p>
      ) : null}
      {failure ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {code === 'insufficientBalance' || code === 'validation'
            ? t('errors.balance')
            : code === 'standingLimitReached'
              ? t('errors.limit')
              : code === 'standingTeacherFull'
                ? t('errors.teacherFull')
                : t('errors.generic')}
        </p>
      ) : null}
    </div>
  );
}
