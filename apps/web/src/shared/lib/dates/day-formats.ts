import type { Language } from '@ustaz/contract/constants';
import { dateTimeFormat, intlLocale } from './date-time-format.ts';
import type { DayKey } from './week.ts';

/** A day key is a calendar date: formatted at noon UTC in UTC, it names that date in any viewer zone. */
function dayKeyDate(day: DayKey): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** A day of the calendar: `{ weekday: 'short' }`, `{ day: 'numeric' }` or a full date. */
export function formatDay(day: DayKey, language: Language, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(dayKeyDate(day));
}

/** "14 – 20 Mar 2026": the first and last day of a week. */
export function formatDayRange(first: DayKey, last: DayKey, language: Language): string {
  return dateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(dayKeyDate(first), dayKeyDate(last));
}
