import type { TimeSlot } from '@ustaz/contract';
import { directionOf, WEEK_STARTS_ON } from '@ustaz/contract/constants';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { addDays, type DayKey, dayKeyInZone, formatDay, formatDayRange } from '../../shared/lib/dates/calendar.ts';
import { formatTimeRange } from '../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { TrialBadge } from '../../shared/teachers/trial-lesson.tsx';
import { WeeklyOption } from '../../shared/teachers/weekly-option.tsx';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { Check, Clock, LogIn, Plus } from '../../shared/ui/icons.tsx';
import { WeekStepper } from '../../shared/ui/week-stepper.tsx';
import { groupSlotsByWeek, type SlotWeek, slotPrice, slotsTotal } from './slot-calendar.ts';
import { useSlotSelection } from './use-slot-selection.ts';

export type SlotPickerProps = {
  /** Open slots (UTC ISO times). */
  slots: readonly TimeSlot[];
  /** The zone the days and times are shown in: the viewer's. */
  timeZone: string;
  /** Book pressed with at least one slot chosen (signed-in users only). */
  onBook: (slots: TimeSlot[]) => void;
  /** The teacher: a guest's choice is kept for them across the login detour and restored after. */
  teacherId?: number;
};

function firstDayWithSlots(week: SlotWeek | undefined): DayKey | null {
  return week?.days.find((day) => day.slots.length > 0)?.day ?? null;
}

/**
 * The open slots of a teacher: a week strip (starting Saturday in Arabic, Sunday in English,
 * spec 9), the chosen day's slots as toggle buttons, and a bar with the count, the total in KWD
 * and Book (or a login link for guests).
 */
export function SlotPicker({ slots, timeZone, onBook, teacherId }: SlotPickerProps) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const weeks = useMemo(
    () => groupSlotsByWeek(slots, { timeZone, weekStartsOn: WEEK_STARTS_ON[language] }),
    [slots, timeZone, language],
  );
  const selection = useSlotSelection(slots, teacherId);
  // A restored selection opens on the day of its first slot.
  const [chosenDay, setChosenDay] = useState<DayKey | null>(() => {
    const first = selection.selected[0];
    return first ? dayKeyInZone(first.startTime, timeZone) : null;
  });
  const idPrefix = useId();

  // The chosen day, or the first day with slots when it has none (any more).
  const weekIndex = Math.max(
    0,
    weeks.findIndex((week) => week.days.some((day) => day.day === chosenDay && day.slots.length > 0)),
  );
  const week = weeks[weekIndex];
  const activeDay =
    week?.days.find((day) => day.day === chosenDay && day.slots.length > 0) ??
    week?.days.find((day) => day.slots.length > 0);
  if (!week || !activeDay) return null;

  function goToWeek(index: number) {
    setChosenDay(firstDayWithSlots(weeks[index]));
  }

  const rtl = directionOf(language) === 'rtl';
  const panelId = `${idPrefix}-panel`;
  const tabId = (day: DayKey) => `${idPrefix}-day-${day}`;
  return (
    <div className="flex flex-col gap-4">
      <WeekStepper
        range={t('slots.week', { range: formatDayRange(week.start, addDays(week.start, 6), language) })}
        previous={{ label: t('slots.previousWeek'), onClick: () => goToWeek(weekIndex - 1), disabled: weekIndex === 0 }}
        next={{
          label: t('slots.nextWeek'),
          onClick: () => goToWeek(weekIndex + 1),
          disabled: weekIndex >= weeks.length - 1,
        }}
      />
      <DayStrip
        week={week}
        activeDay={activeDay.day}
        panelId={panelId}
        tabId={tabId}
        rtl={rtl}
        countSelected={(day) => day.slots.filter((slot) => selection.isSelected(slot.id)).length}
        onChoose={setChosenDay}
      />
      <section id={panelId} role="tabpanel" aria-labelledby={tabId(activeDay.day)} className="min-h-32">
        <h3 className="mb-3 text-base font-bold text-slate-900">
          {formatDay(activeDay.day, language, { weekday: 'long', day: 'numeric', month: 'long' })}
        </h3>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {activeDay.slots.map((slot) => (
            <li key={slot.id}>
              <SlotButton
                slot={slot}
                timeZone={timeZone}
                selected={selection.isSelected(slot.id)}
                onToggle={() => selection.toggle(slot.id)}
              />
            </li>
          ))}
        </ul>
      </section>
      <SelectionBar selected={selection.selected} onClear={selection.clear} onBook={onBook} onLogin={selection.keep} />
    </div>
  );
}

function DayStrip({
  week,
  activeDay,
  panelId,
  tabId,
  rtl,
  countSelected,
  onChoose,
}: {
  week: SlotWeek;
  activeDay: DayKey;
  panelId: string;
  tabId: (day: DayKey) => string;
  rtl: boolean;
  countSelected: (day: SlotWeek['days'][number]) => number;
  onChoose: (day: DayKey) => void;
}) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const listRef = useRef<HTMLDivElement>(null);
  const enabled = week.days.filter((day) => day.slots.length > 0).map((day) => day.day);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = enabled.indexOf(activeDay);
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: DayKey | undefined;
    if (event.key === forward) next = enabled[(index + 1) % enabled.length];
    else if (event.key === backward) next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled.at(-1);
    if (!next) return;
    event.preventDefault();
    onChoose(next);
    listRef.current?.querySelector<HTMLElement>(`[data-day="${next}"]`)?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={t('slots.days')}
      className="grid grid-cols-7 gap-1 sm:gap-2"
      onKeyDown={handleKeyDown}
    >
      {week.days.map((day) => {
        const count = day.slots.length;
        const active = day.day === activeDay;
        const chosen = countSelected(day);
        const label = formatDay(day.day, language, { weekday: 'long', day: 'numeric', month: 'long' });
        return (
          <button
            key={day.day}
            id={tabId(day.day)}
            type="button"
            role="tab"
            data-day={day.day}
            aria-selected={active}
            aria-controls={active ? panelId : undefined}
            aria-disabled={count === 0 || undefined}
            aria-label={`${label}: ${count > 0 ? t('slots.openTimes', { count, number: formatNumber(count, language) }) : t('slots.noOpenTimes')}`}
            tabIndex={active ? 0 : -1}
            onClick={() => {
              if (count > 0) onChoose(day.day);
            }}
            className={cx(
              'relative flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-xl border px-0.5 py-2 text-center transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
              active
                ? 'border-primary bg-primary text-primary-foreground'
                : count > 0
                  ? 'border-slate-200 bg-white text-slate-800 hover:border-primary'
                  : 'cursor-not-allowed border-transparent bg-slate-50 text-slate-400',
            )}
          >
            <span className="text-[0.7rem] font-medium sm:text-xs">
              {formatDay(day.day, language, { weekday: 'short' })}
            </span>
            <span className="text-base font-bold sm:text-lg">{formatDay(day.day, language, { day: 'numeric' })}</span>
            <span
              aria-hidden="true"
              className={cx(
                'text-[0.65rem] sm:text-xs',
                active ? 'text-primary-foreground/90' : count > 0 ? 'text-primary' : 'invisible',
              )}
            >
              {formatNumber(count, language)}
            </span>
            {chosen > 0 && !active ? (
              <span aria-hidden="true" className="absolute end-1 top-1 size-2 rounded-full bg-secondary" />
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

function SlotButton({
  slot,
  timeZone,
  selected,
  onToggle,
}: {
  slot: TimeSlot;
  timeZone: string;
  selected: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const price = slotPrice(slot);
  const priceText = price === null ? null : formatKwd(price, language);
  const Icon = selected ? Check : Plus;
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onToggle}
      data-testid="slot"
      className={cx(
        'flex min-h-14 w-full items-center gap-3 rounded-xl border px-3 py-2 text-start transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        selected
          ? 'border-primary bg-primary/10 text-slate-900'
          : 'border-slate-200 bg-white text-slate-800 hover:border-primary',
      )}
    >
      <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          {formatTimeRange(slot.startTime, slot.endTime, language, timeZone)}
          {slot.kind === 'trial' && <TrialBadge />}
        </span>
        <span className={cx('text-sm', priceText ? 'text-slate-600' : 'text-amber-700')}>
          {priceText ?? t('teachers.priceUnavailable', { ns: 'common' })}
        </span>
      </span>
      <span
        aria-hidden="true"
        className={cx(
          'flex size-7 shrink-0 items-center justify-center rounded-full',
          selected ? 'bg-primary text-primary-foreground' : 'bg-slate-100 text-slate-500',
        )}
      >
        <Icon className="size-4" />
      </span>
    </button>
  );
}

function SelectionBar({
  selected,
  onClear,
  onBook,
  onLogin,
}: {
  selected: TimeSlot[];
  onClear: () => void;
  onBook: (slots: TimeSlot[]) => void;
  /** The guest follows the login link (the selection is kept for the way back). */
  onLogin: () => void;
}) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const summaryId = useId();
  const count = selected.length;
  return (
    <section
      aria-label={t('slots.selection')}
      className={cx(
        'flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 px-4 py-3',
        // With times chosen, the bar stays in view while the list scrolls, above the WhatsApp
        // button that floats in the bottom corner (beside the content only from xl).
        count > 0 ? 'sticky bottom-24 z-10 bg-white/95 shadow-md backdrop-blur xl:bottom-3' : 'bg-slate-50',
      )}
    >
      <div id={summaryId} className="min-w-48 flex-1" aria-live="polite">
        <p className="text-sm font-semibold text-slate-900" data-testid="selection-count">
          {t('slots.selected', { count, number: formatNumber(count, language) })}
        </p>
        <p className="text-sm text-slate-600" data-testid="selection-total">
          {count > 0 ? t('slots.total', { amount: formatKwd(slotsTotal(selected), language) }) : t('slots.hint')}
        </p>
      </div>
      <div className="ms-auto flex items-center gap-2">
        {count > 0 ? (
          <Button variant="ghost" size="md" onClick={onClear}>
            {t('slots.clear')}
          </Button>
        ) : null}
        {isAuthenticated ? (
          <Button size="md" disabled={count === 0} onClick={() => onBook(selected)} aria-describedby={summaryId}>
            {t('slots.book')}
          </Button>
        ) : (
          <Link
            to={localePath(language, '/login')}
            state={{ from: location.pathname }}
            onClick={onLogin}
            className={buttonClasses({ variant: 'primary', size: 'md' })}
          >
            <LogIn aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('slots.loginToBook')}
          </Link>
        )}
      </div>
      {isAuthenticated && count === 1 && selected[0] ? <WeeklyOption slot={selected[0]} /> : null}
    </section>
  );
}
