import type { Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from './format.ts';

/** A calendar day in some time zone, as YYYY-MM-DD. */
export type DayKey = string;

export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const DAY_MS = 86_400_000;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The viewer's time zone, as the browser reports it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The calendar day an instant (the API's UTC ISO string) falls on in `timeZone`; null for a bad date. */
export function dayKeyInZone(instant: string | Date, timeZone: string): DayKey | null {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return null;
  const parts = dayFormatter(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function dayToUtcMs(day: DayKey): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

function utcMsToDay(ms: number): DayKey {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: DayKey, count: number): DayKey {
  return utcMsToDay(dayToUtcMs(day) + count * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(day: DayKey): number {
  return new Date(dayToUtcMs(day)).getUTCDay();
}

/** The first day of the week holding `day`: Saturday (6) in Arabic, Sunday (0) in English (spec 9). */
export function weekStartOf(day: DayKey, weekStartsOn: WeekStart): DayKey {
  return addDays(day, -((weekdayOf(day) - weekStartsOn + 7) % 7));
}

/** The same locale tags as the money and number formats (format.ts), so digits match. */
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
