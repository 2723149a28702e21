import { useQueryClient } from '@tanstack/react-query';
import type { OwnSlot, RecurringSlotsResponse } from '@ustaz/contract';
import { WEEK_STARTS_ON } from '@ustaz/contract/constants';
import { CalendarX2, Globe, Lock, Pencil, Plus, Repeat, Trash2, User } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import {
  addDays,
  type DayKey,
  dayKeyInZone,
  formatDay,
  formatDayRange,
  weekStartOf,
} from '../../shared/lib/dates/calendar.ts';
import { type ClockProps, formatTimeRange, timeZoneLongName, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../../shared/ui/modal/modal-kinds.ts';
import { listPlaceholders } from '../../shared/ui/paged-query-states.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { RetryAlert } from '../../shared/ui/retry-alert.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { WeekStepper } from '../../shared/ui/week-stepper.tsx';
import { createOwnSlot, deleteOwnSlot, OWN_SLOTS_QUERY_KEY, updateOwnSlot, useOwnSlots } from './api/own-slots.ts';
import { useOwnTeacherSettings } from './api/own-teacher-settings.ts';
import { createRecurringSlots, removeSeries } from './api/recurring-slots.ts';
import { SlotForm, type SlotFormValues, slotErrorKeys } from './slot-form.tsx';
import { WeeklyHoursForm } from './weekly-hours-form.tsx';
import { slotsOfWeek, timeOfDayInZone, weekRange } from './zoned-time.ts';

/** How many weeks ahead the editor lets a teacher plan. */
export const AVAILABILITY_WEEKS_AHEAD = 12;

type Editing = { mode: 'add' } | { mode: 'weekly' } | { mode: 'edit'; slot: OwnSlot } | null;

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
  const zone = useMemo(() => timeZone ?? settings?.timeZone ?? viewerTimeZone(), [timeZone, settings?.timeZone]);
  const now = useCallback(() => fixedNow ?? new Date(), [fixedNow]);
  const today = dayKeyInZone(now(), zone) ?? new Date().toISOString().slice(0, 10);
  const firstWeek = weekStartOf(today, WEEK_STARTS_ON[language]);
  const lastWeek = addDays(firstWeek, 7 * AVAILABILITY_WEEKS_AHEAD);
  const [chosenWeek, setChosenWeek] = useState<DayKey | null>(null);
  // A week chosen in the other language starts on its other first day: realign it.
  const week = weekStartOf(chosenWeek ?? firstWeek, WEEK_STARTS_ON[language]);
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<RecurringSlotsResponse | null>(null);
  const range = useMemo(() => weekRange(week, zone), [week, zone]);
  const slots = useOwnSlots(range.from, range.to);
  const hourlyRate = settings?.hourlyRate ?? null;

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: OWN_SLOTS_QUERY_KEY }),
    [queryClient],
  );

  const days = useMemo(() => slotsOfWeek(slots.data ?? [], week, zone), [slots.data, week, zone]);

  function showWeekOf(iso: string) {
    const day = dayKeyInZone(iso, zone);
    if (day) setChosenWeek(weekStartOf(day, WEEK_STARTS_ON[language]));
  }

  function open(next: Editing) {
    setCreated(null);
    setEditing(next);
  }

  // What the add and the edit form share: the week's limits, the clock, the rate, and what follows a save or a cancel.
  const formContext = {
    minDay: today,
    timeZone: zone,
    now,
    hourlyRate,
    onCancel: () => setEditing(null),
  };
  const afterSave = (message: 'added' | 'updated') => (slot: OwnSlot) => {
    setEditing(null);
    void notify.success(t(message));
    showWeekOf(slot.startTime);
    refresh();
  };

  const addInitial: SlotFormValues = {
    // The first day of the shown week that is not past.
    day: week < today ? today : week,
    start: '',
    end: '',
    price: '',
  };

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

      {editing?.mode === 'weekly' ? (
        <WeeklyHoursForm
          today={today}
          timeZone={zone}
          hourlyRate={hourlyRate}
          save={createRecurringSlots}
          onCreated={(result, fromDate) => {
            setEditing(null);
            setCreated(result);
            setChosenWeek(weekStartOf(fromDate, WEEK_STARTS_ON[language]));
            refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}

      {editing?.mode === 'add' ? (
        <SlotForm
          key={`add-${week}`}
          title={t('form.addTitle')}
          submitLabel={t('form.addSubmit')}
          initial={addInitial}
          {...formContext}
          save={createOwnSlot}
          onSaved={afterSave('added')}
          onStale={refresh}
        />
      ) : null}

      {editing?.mode === 'edit' ? (
        <SlotForm
          key={`edit-${editing.slot.id}`}
          title={t('form.editTitle')}
          submitLabel={t('form.editSubmit')}
          initial={{
            day: dayKeyInZone(editing.slot.startTime, zone) ?? today,
            start: timeOfDayInZone(editing.slot.startTime, zone),
            end: timeOfDayInZone(editing.slot.endTime, zone),
            price: '',
          }}
          currentPrice={editing.slot.price}
          {...formContext}
          save={(body) => updateOwnSlot(editing.slot.id, body)}
          onSaved={afterSave('updated')}
          onStale={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}

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
          <ol
            className="grid grid-cols-1 divide-y divide-slate-100 rounded-xl border border-slate-200 md:grid-cols-7 md:divide-y-0"
            data-testid="week-days"
          >
            {days.map(({ day, slots: daySlots }) => (
              <li
                key={day}
                className={cx(
                  'flex min-w-0 flex-col gap-2 px-2 py-3 sm:px-4 md:border-s md:border-slate-100 md:px-1 md:first:border-s-0',
                  day < today && 'bg-slate-50/60',
                  day === today && 'md:bg-primary/5',
                )}
                data-testid="week-day"
              >
                <h3
                  className="flex items-baseline justify-between gap-2 text-sm font-bold text-slate-900 md:flex-col md:items-start md:gap-0 md:px-1 md:text-xs"
                  data-testid="day"
                >
                  <span>{formatDay(day, language, { weekday: 'long', day: 'numeric', month: 'long' })}</span>
                  {day === today ? <span className="text-xs font-semibold text-primary">{t('today')}</span> : null}
                </h3>
                {daySlots.length === 0 ? (
                  <p className="text-sm text-slate-600 md:px-1 md:text-xs">{t('noSlots')}</p>
                ) : (
                  <ul className="flex flex-col gap-2 md:gap-1.5">
                    {daySlots.map((slot) => (
                      <li key={slot.id}>
                        <SlotCard
                          slot={slot}
                          timeZone={zone}
                          started={Date.parse(slot.startTime) <= now().getTime()}
                          selected={editing?.mode === 'edit' && editing.slot.id === slot.id}
                          onEdit={() => open({ mode: 'edit', slot })}
                          onDeleted={refresh}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </QueryStates>
    </section>
  );
}

const STATUS_CLASSES: Record<OwnSlot['status'], string> = {
  open: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  held: 'bg-amber-50 text-amber-800 ring-amber-200',
  booked: 'bg-sky-50 text-sky-800 ring-sky-200',
};
/** The card's leading edge: the status at a glance in a narrow day column. */
const STATUS_EDGES: Record<OwnSlot['status'], string> = {
  open: 'border-s-emerald-400',
  held: 'border-s-amber-400',
  booked: 'border-s-sky-400',
};

const BADGE =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset md:px-1.5 md:text-[11px]';

/** An icon button of a slot card: 36 px in the day list, 24 px in a day column of the week grid. */
function IconAction({
  label,
  danger = false,
  onClick,
  children,
}: {
  label: string;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex size-9 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary md:size-6',
        danger ? 'text-red-700 hover:bg-red-50' : 'text-slate-600 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}

function SlotCard({
  slot,
  timeZone,
  started,
  selected,
  onEdit,
  onDeleted,
}: {
  slot: OwnSlot;
  timeZone: string;
  /** A slot that already started is history: no edits. */
  started: boolean;
  /** Its edit form is open. */
  selected: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('availability');
  const language = useCurrentLanguage();
  const { openModal } = useModal();
  const time = formatTimeRange(slot.startTime, slot.endTime, language, timeZone);
  const editable = slot.status === 'open' && !started;
  const date = formatDay(dayKeyInZone(slot.startTime, timeZone) ?? '', language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });

  /** Asks first, then runs `action`; a failure is reported, and the list reloads either way. */
  function confirmThen(texts: 'delete' | 'series', action: () => Promise<string>) {
    openModal(MODAL_KINDS.CONFIRMATION_MODAL, {
      title: t(`${texts}.title`),
      message: t(`${texts}.message`, { date, time }),
      confirmText: t(`${texts}.confirm`),
      cancelText: t(`${texts}.keep`),
      variant: 'destructive',
      onConfirm: async () => {
        try {
          void notify.success(await action());
        } catch (error) {
          const keys = slotErrorKeys(error);
          void notify.error(translate(t, keys.general ?? 'common:errors.generic'));
          if (keys.transient) throw error;
        }
        onDeleted();
      },
    });
  }

  const deleteSlot = () =>
    confirmThen('delete', async () => {
      await deleteOwnSlot(slot.id);
      return t('deleted');
    });
  const seriesId = slot.seriesId;
  const removeWholeSeries = seriesId
    ? () =>
        confirmThen('series', async () => {
          const { removed } = await removeSeries(seriesId);
          return t('series.removed', { count: removed, removed: formatNumber(removed, language) });
        })
    : null;

  return (
    <div
      className={cx(
        'flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 rounded-lg border border-s-4 px-3 py-2 md:flex-col md:flex-nowrap md:items-stretch md:gap-1 md:px-1.5 md:py-1.5',
        STATUS_EDGES[slot.status],
        slot.status === 'open' ? 'bg-white' : 'bg-slate-50',
        selected ? 'border-primary ring-2 ring-primary/30' : 'border-slate-200',
      )}
      data-testid="own-slot"
      data-status={slot.status}
      data-series={seriesId ?? undefined}
    >
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900 md:text-xs">{time}</p>
        <p className="text-sm text-slate-600 md:text-xs">{formatKwd(slot.price, language) ?? t('priceUnavailable')}</p>
        {slot.studentName ? (
          <p className="flex min-w-0 items-center gap-1 text-sm text-slate-700 md:text-xs">
            <User aria-hidden="true" className="size-3.5 shrink-0" />
            <bdi className="truncate" title={slot.studentName}>
              {slot.studentName}
            </bdi>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <span className={cx(BADGE, STATUS_CLASSES[slot.status])}>
          {slot.status === 'open' ? null : <Lock aria-hidden="true" className="size-3 shrink-0" />}
          {t(`status.${slot.status}`)}
        </span>
        {seriesId ? (
          <span className={cx(BADGE, 'bg-violet-50 text-violet-800 ring-violet-200')} data-testid="series-badge">
            <Repeat aria-hidden="true" className="size-3 shrink-0" />
            {t('series.badge')}
          </span>
        ) : null}
        {editable ? (
          <span className="flex items-center">
            <IconAction label={t('editSlot', { time })} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4 md:size-3.5" />
            </IconAction>
            <IconAction label={t('deleteSlot', { time })} danger onClick={deleteSlot}>
              <Trash2 aria-hidden="true" className="size-4 md:size-3.5" />
            </IconAction>
            {removeWholeSeries ? (
              <IconAction label={t('series.button')} danger onClick={removeWholeSeries}>
                <CalendarX2 aria-hidden="true" className="size-4 md:size-3.5" />
              </IconAction>
            ) : null}
          </span>
        ) : null}
      </div>
    </div>
  );
}
