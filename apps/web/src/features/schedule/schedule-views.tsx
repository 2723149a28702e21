import type { Language } from '@ustaz/contract/constants';
import { WEEK_STARTS_ON } from '@ustaz/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { addDays, type DayKey, formatDay, formatDayRange, weekStartOf } from '../../shared/lib/dates/calendar.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { WeekStepper } from '../../shared/ui/week-stepper.tsx';
import { LessonCard } from './lesson-card.tsx';
import { type LessonDay, viewerSide, weekDays } from './schedule-days.ts';

type ViewProps = {
  days: LessonDay[];
  today: DayKey;
  timeZone: string;
  userId: number | undefined;
  highlightedId: number | null;
};

/** "Today", "Tomorrow" or the weekday, then the date. */
function dayTitle(day: DayKey, today: DayKey, language: Language, t: (key: 'today' | 'tomorrow') => string) {
  const date = formatDay(day, language, { weekday: 'long', day: 'numeric', month: 'long' });
  if (day === today) return `${t('today')} · ${date}`;
  if (day === addDays(today, 1)) return `${t('tomorrow')} · ${date}`;
  return date;
}

/** A day's lessons, each a card seen from the viewer's side; `compact` in the week grid's narrow cell. */
function DayLessons({
  lessons,
  view,
  compact = false,
}: {
  lessons: LessonDay['lessons'];
  view: Omit<ViewProps, 'days' | 'today'>;
  compact?: boolean;
}) {
  return lessons.map((lesson) => (
    <LessonCard
      key={lesson.id}
      lesson={lesson}
      side={viewerSide(lesson, view.userId)}
      timeZone={view.timeZone}
      highlighted={lesson.id === view.highlightedId}
      compact={compact}
    />
  ));
}

/** Phones: every day that has lessons, one under the other. */
export function DayList({ days, today, timeZone, userId, highlightedId }: ViewProps) {
  const { t } = useTranslation('schedule');
  const language = useCurrentLanguage();
  return (
    <div className="flex flex-col gap-6 lg:hidden" data-testid="schedule-day-list">
      {days.map(({ day, lessons }) => (
        <section key={day} aria-labelledby={`day-${day}`} className="flex flex-col gap-3">
          <h2 id={`day-${day}`} className="text-base font-bold text-slate-900">
            {dayTitle(day, today, language, t)}
          </h2>
          <DayLessons lessons={lessons} view={{ timeZone, userId, highlightedId }} />
        </section>
      ))}
    </div>
  );
}

/** Desktop: a week of seven columns, from this week to the week of the last lesson. */
export function WeekGrid({ days, today, timeZone, userId, highlightedId }: ViewProps) {
  const { t } = useTranslation('schedule');
  const language = useCurrentLanguage();
  const weekStartsOn = WEEK_STARTS_ON[language];
  const firstWeek = weekStartOf(today, weekStartsOn);
  const lastWeek = weekStartOf(days.at(-1)?.day ?? today, weekStartsOn);
  const highlightedDay = days.find((entry) => entry.lessons.some((lesson) => lesson.id === highlightedId))?.day;
  const [chosen, setWeek] = useState<DayKey>(() =>
    highlightedDay ? weekStartOf(highlightedDay, weekStartsOn) : firstWeek,
  );
  // A language switch changes the first day of the week: keep the week that holds the chosen day.
  const week = weekStartOf(chosen, weekStartsOn);
  const byDay = new Map(days.map((entry) => [entry.day, entry.lessons]));
  const columns = weekDays(week);
  const empty = columns.every((day) => !byDay.has(day));

  return (
    <div className="hidden flex-col gap-3 lg:flex" data-testid="schedule-week">
      <WeekStepper
        range={formatDayRange(columns[0] ?? week, columns[6] ?? week, language)}
        previous={{ label: t('week.previous'), onClick: () => setWeek(addDays(week, -7)), disabled: week <= firstWeek }}
        next={{ label: t('week.next'), onClick: () => setWeek(addDays(week, 7)), disabled: week >= lastWeek }}
        testId="schedule-week-range"
      />
      {empty ? <p className="text-center text-sm text-slate-500">{t('week.noLessonsThisWeek')}</p> : null}
      <ol className="grid grid-cols-7 gap-2">
        {columns.map((day) => {
          const lessons = byDay.get(day) ?? [];
          return (
            <li
              key={day}
              aria-labelledby={`week-${day}`}
              className={cx(
                'flex min-h-40 min-w-0 flex-col gap-2 rounded-xl p-1.5',
                day === today ? 'bg-primary/5 ring-1 ring-primary/30' : 'bg-slate-50',
              )}
            >
              <h2 id={`week-${day}`} className="px-1 text-center text-sm">
                <span className="block font-semibold text-slate-900">
                  {formatDay(day, language, { weekday: 'short' })}
                </span>
                <span className="block text-slate-500">
                  {formatDay(day, language, { day: 'numeric', month: 'short' })}
                </span>
              </h2>
              {lessons.length === 0 ? (
                <p className="mt-2 text-center text-xs text-slate-400">{t('week.noLessons')}</p>
              ) : (
                <DayLessons lessons={lessons} view={{ timeZone, userId, highlightedId }} compact />
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
