import type { Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from '../../shared/lib/format.ts';
import type { DayKey } from './slot-calendar.ts';

/** The same locale tags as the money and number formats (shared/lib/format.ts), so digits match. */

export function intlLocale(language: Language): string {
  return INTL_LOCALES[language];
}

/** A day key is a calendar date: formatted at noon UTC in UTC, it names that date in any viewer zone. */
function dayKeyDate(day: DayKey): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** "6:00 – 7:30 PM" in the viewer's language and time zone. */
export function formatTimeRange(startIso: string, endIso: string, language: Language, timeZone: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const format = new Intl.DateTimeFormat(intlLocale(language), { hour: 'numeric', minute: '2-digit', timeZone });
  if (Number.isNaN(end.getTime()) || end <= start) return format.format(start);
  return format.formatRange(start, end);
}

/** A day of the calendar: `{ weekday: 'short' }`, `{ day: 'numeric' }` or a full date. */
export function formatDay(day: DayKey, language: Language, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(dayKeyDate(day));
}

/** "14 – 20 Mar 2026": the first and last day of a week. */
export function formatDayRange(first: DayKey, last: DayKey, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(dayKeyDate(first), dayKeyDate(last));
}

/** The date of an instant (a review's createdAt) in the viewer's zone; empty for a bad date. */
export function formatDate(iso: string, language: Language, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone }).format(date);
}
