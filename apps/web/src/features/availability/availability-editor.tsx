import { useQueryClient } from '@tanstack/react-query';
import type { RecurringSlotsResponse } from '@ustaz/contract';
import { WEEK_STARTS_ON } from '@ustaz/contract/constants';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { addDays, formatDayRange, weekStartOf } from '../../shared/lib/dates/calendar.ts';
import { type ClockProps, timeZoneLongName } from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Globe, Plus, Repeat } from '../../shared/ui/icons.tsx';
import { listPlaceholders } from '../../shared/ui/paged-query-states.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { RetryAlert } from '../../shared/ui/retry-alert.tsx';
import { WeekStepper } from '../../shared/ui/week-stepper.tsx';
import { OWN_SLOTS_QUERY_KEY } from './api/own-slots.ts';
import { useOwnTeacherSettings } from './api/own-teacher-settings.ts';
import { type Editing, SlotEditing } from './slot-editing.tsx';
import { useAvailabilityWeek } from './use-availability-week.ts';
import { WeekDays } from './week-days.tsx';

/**
 * The teacher's own slots, a week at a time (starting Saturday in Arabic, Sunday in English): a
 * grid of seven day columns on wide screens (they follow the page direction, so Arabic reads from
 * the right), a day list on phones. Every slot shows its status (open, held for a payment, booked,
 * with the student's name) and whether a weekly series made it; open slots can be edited or
 * deleted, and a series' open slots removed at once (both through the confirmation modal). Slots
 * are added one at a time or as weekly hours. Days and times are in the teacher's zone setting.
 */
export function AvailabilityEditor({ timeZone, now: fixedNow }: ClockProps) {
  const { t } = useTranslation('availability');
  const language = useCurrentLanguage();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const settings = useOwnTeacherSettings(user);
  const { zone, now, today, firstWeek, lastWeek, week, setChosenWeek, slots, days, showWeekOf } = useAvailabilityWeek(
    timeZone ?? settings?.timeZone,
    fixedNow,
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<RecurringSlotsResponse | null>(null);

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: OWN_SLOTS_QUERY_KEY }),
    [queryClient],
  );

  function open(next: Editing) {
    setCreated(null);
    setEditing(next);
  }

  return (
    <section
      aria-labelledby="availability-title"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="availability-editor"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="availability-title" className="text-xl font-bold text-slate-900">
            {t('title')}
          </h2>
          <p className="text-sm text-slate-600">{t('subtitle')}</p>
          <p className="inline-flex items-center gap-1.5 text-xs text-slate-500" data-testid="time-zone">
            <Globe aria-hidden="true" className="size-3.5" />
            <span>
              {t('timeZone')} <bdi title={zone}>{timeZoneLongName(zone, language, now())}</bdi>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => open({ mode: 'weekly' })} disabled={editing?.mode === 'weekly'}>
            <Repeat aria-hidden="true" className="size-4" />
            {t('weekly.open')}
          </Button>
          <Button onClick={() => open({ mode: 'add' })} disabled={editing?.mode === 'add'}>
            <Plus aria-hidden="true" className="size-4" />
            {t('add')}
          </Button>
        </div>
      </div>

      {created ? (
        <Alert variant="success" title={t('weekly.doneTitle')}>
          <span data-testid="weekly-result">
            {t('weekly.result', {
              created: formatNumber(created.created, language),
              skipped: formatNumber(created.skipped, language),
            })}
          </span>
        </Alert>
      ) : null}

      <SlotEditing
        editing={editing}
        week={week}
        today={today}
        timeZone={zone}
        now={now}
        hourlyRate={settings?.hourlyRate ?? null}
        trialPrice={settings?.trialPrice ?? null}
        close={() => setEditing(null)}
        refresh={refresh}
        showWeekOf={showWeekOf}
        onCreated={(result, fromDate) => {
          setEditing(null);
          setCreated(result);
          setChosenWeek(weekStartOf(fromDate, WEEK_STARTS_ON[language]));
          refresh();
        }}
      />

      <WeekStepper
        range={t('week', { range: formatDayRange(week, addDays(week, 6), language) })}
        previous={{
          label: t('previousWeek'),
          onClick: () => setChosenWeek(addDays(week, -7)),
          disabled: week <= firstWeek,
        }}
        next={{ label: t('nextWeek'), onClick: () => setChosenWeek(addDays(week, 7)), disabled: week >= lastWeek }}
        testId="week-range"
      />

      <QueryStates
        query={slots}
        loading={listPlaceholders(t('loading'), 'rows', 4, 'h-12', 'availability-loading')}
        error={(retry) => <RetryAlert message={t('loadError')} {...retry} />}
      >
        {() => (
          <WeekDays
            days={days}
            today={today}
            timeZone={zone}
            now={now}
            editingSlotId={editing?.mode === 'edit' ? editing.slot.id : null}
            onEdit={(slot) => open({ mode: 'edit', slot })}
            onDeleted={refresh}
          />
        )}
      </QueryStates>
    </section>
  );
}
