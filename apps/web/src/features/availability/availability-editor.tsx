import { useQueryClient } from '@tanstack/react-query';
import type { OwnSlot } from '@ustaz/contract';
import { WEEK_STARTS_ON } from '@ustaz/contract/constants';
import { Clock, Globe, Lock, Pencil, Plus, Trash2, User } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
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
import { type ClockProps, formatTimeRange, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../../shared/ui/modal/modal-kinds.ts';
import { listPlaceholders } from '../../shared/ui/paged-query-states.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { RetryAlert } from '../../shared/ui/retry-alert.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { WeekStepper } from '../../shared/ui/week-stepper.tsx';
import { useOwnHourlyRate } from './api/own-hourly-rate.ts';
import { createOwnSlot, deleteOwnSlot, OWN_SLOTS_QUERY_KEY, updateOwnSlot, useOwnSlots } from './api/own-slots.ts';
import { SlotForm, type SlotFormValues, slotErrorKeys } from './slot-form.tsx';
import { slotsOfWeek, timeOfDayInZone, weekRange } from './zoned-time.ts';

/** How many weeks ahead the editor lets a teacher plan. */
export const AVAILABILITY_WEEKS_AHEAD = 12;

type Editing = { mode: 'add' } | { mode: 'edit'; slot: OwnSlot } | null;

/**
 * The teacher's own slots, a week at a time (starting Saturday in Arabic, Sunday in English):
 * every slot with its status (open, held for a payment, booked, with the student's name); open
 * slots can be edited or deleted (delete through the confirmation modal); held and booked ones are
 * read-only. Days and times are in the viewer's zone.
 */
export function AvailabilityEditor({ timeZone, now: fixedNow }: ClockProps) {
  const { t } = useTranslation('availability');
  const language = useCurrentLanguage();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const zone = useMemo(() => timeZone ?? viewerTimeZone(), [timeZone]);
  const now = useCallback(() => fixedNow ?? new Date(), [fixedNow]);
  const today = dayKeyInZone(now(), zone) ?? new Date().toISOString().slice(0, 10);
  const firstWeek = weekStartOf(today, WEEK_STARTS_ON[language]);
  const lastWeek = addDays(firstWeek, 7 * AVAILABILITY_WEEKS_AHEAD);
  const [chosenWeek, setChosenWeek] = useState<DayKey | null>(null);
  // A week chosen in the other language starts on its other first day: realign it.
  const week = weekStartOf(chosenWeek ?? firstWeek, WEEK_STARTS_ON[language]);
  const [editing, setEditing] = useState<Editing>(null);
  const range = useMemo(() => weekRange(week, zone), [week, zone]);
  const slots = useOwnSlots(range.from, range.to);
  const hourlyRate = useOwnHourlyRate(user);

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: OWN_SLOTS_QUERY_KEY }),
    [queryClient],
  );

  const days = useMemo(() => slotsOfWeek(slots.data ?? [], week, zone), [slots.data, week, zone]);

  function showWeekOf(iso: string) {
    const day = dayKeyInZone(iso, zone);
    if (day) setChosenWeek(weekStartOf(day, WEEK_STARTS_ON[language]));
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
          <p className="inline-flex items-center gap-1.5 text-xs text-slate-500">
            <Globe aria-hidden="true" className="size-3.5" />
            {t('timeZone', { zone })}
          </p>
        </div>
        <Button onClick={() => setEditing({ mode: 'add' })} disabled={editing?.mode === 'add'}>
          <Plus aria-hidden="true" className="size-4" />
          {t('add')}
        </Button>
      </div>

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
            className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200"
            data-testid="week-days"
          >
            {days.map(({ day, slots: daySlots }) => (
              <li key={day} className={cx('flex flex-col gap-2 px-2 py-3 sm:px-4', day < today && 'bg-slate-50/60')}>
                <h3
                  className="flex items-baseline justify-between gap-2 text-sm font-bold text-slate-900"
                  data-testid="day"
                >
                  <span>{formatDay(day, language, { weekday: 'long', day: 'numeric', month: 'long' })}</span>
                  {day === today ? <span className="text-xs font-semibold text-primary">{t('today')}</span> : null}
                </h3>
                {daySlots.length === 0 ? (
                  <p className="text-sm text-slate-500">{t('noSlots')}</p>
                ) : (
                  <ul className="flex flex-col gap-2">
                    {daySlots.map((slot) =>
                      editing?.mode === 'edit' && editing.slot.id === slot.id ? (
                        <li key={slot.id}>
                          <SlotForm
                            title={t('form.editTitle')}
                            submitLabel={t('form.editSubmit')}
                            initial={{
                              day,
                              start: timeOfDayInZone(slot.startTime, zone),
                              end: timeOfDayInZone(slot.endTime, zone),
                              price: '',
                            }}
                            currentPrice={slot.price}
                            {...formContext}
                            save={(body) => updateOwnSlot(slot.id, body)}
                            onSaved={afterSave('updated')}
                            onStale={() => {
                              setEditing(null);
                              refresh();
                            }}
                          />
                        </li>
                      ) : (
                        <li key={slot.id}>
                          <SlotRow
                            slot={slot}
                            timeZone={zone}
                            started={Date.parse(slot.startTime) <= now().getTime()}
                            onEdit={() => setEditing({ mode: 'edit', slot })}
                            onDeleted={refresh}
                          />
                        </li>
                      ),
                    )}
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

function SlotRow({
  slot,
  timeZone,
  started,
  onEdit,
  onDeleted,
}: {
  slot: OwnSlot;
  timeZone: string;
  /** A slot that already started is history: no edits. */
  started: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('availability');
  const language = useCurrentLanguage();
  const { openModal } = useModal();
  const time = formatTimeRange(slot.startTime, slot.endTime, language, timeZone);
  const editable = slot.status === 'open' && !started;

  function confirmDelete() {
    openModal(MODAL_KINDS.CONFIRMATION_MODAL, {
      title: t('delete.title'),
      message: t('delete.message', {
        date: formatDay(dayKeyInZone(slot.startTime, timeZone) ?? '', language, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
        }),
        time,
      }),
      confirmText: t('delete.confirm'),
      cancelText: t('delete.keep'),
      variant: 'destructive',
      onConfirm: async () => {
        try {
          await deleteOwnSlot(slot.id);
          void notify.success(t('deleted'));
        } catch (error) {
          const keys = slotErrorKeys(error);
          void notify.error(translate(t, keys.general ?? 'common:errors.generic'));
          if (keys.transient) throw error;
        }
        onDeleted();
      },
    });
  }

  return (
    <div
      className={cx(
        'flex items-start gap-3 rounded-lg border px-3 py-2',
        slot.status === 'open' ? 'border-slate-200 bg-white' : 'border-slate-100 bg-slate-50',
      )}
      data-testid="own-slot"
      data-status={slot.status}
    >
      <Clock aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-400" />
      {/* Status and actions move under the time when the row is too narrow for both. */}
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="font-semibold whitespace-nowrap text-slate-900">{time}</p>
          <p className="text-sm text-slate-600">
            {formatKwd(slot.price, language) ?? t('priceUnavailable')}
            {slot.studentName ? (
              <span className="ms-2 inline-flex items-center gap-1 text-slate-700">
                <User aria-hidden="true" className="size-3.5" />
                <bdi>{slot.studentName}</bdi>
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex items-center gap-1">
          <span
            className={cx(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
              STATUS_CLASSES[slot.status],
            )}
          >
            {slot.status === 'open' ? null : <Lock aria-hidden="true" className="size-3" />}
            {t(`status.${slot.status}`)}
          </span>
          {editable ? (
            <>
              <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('editSlot', { time })}>
                <Pencil aria-hidden="true" className="size-4" />
                <span className="hidden sm:inline">{t('edit')}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={confirmDelete}
                aria-label={t('deleteSlot', { time })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="hidden sm:inline">{t('delete.button')}</span>
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
