// Calendar days (YYYY-MM-DD day keys): week math, the day of an instant in a zone, a zone's wall clock, and the
// formats of days; for the screens with a week calendar (teacher page, availability) and the chat's day headers.
import type { Language } from '@ustaz/contract/constants';
import { dateTimeFormat, intlLocale } from './formats.ts';

/** A calendar day in some time zone, as YYYY-MM-DD. */
export type DayKey = string;

export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const DAY_MS = 86_400_000;

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

/** The calendar day an instant (the API's UTC ISO string) falls on in `timeZone`; null for a bad date. */
export function dayKeyInZone(instant: string | Date, timeZone: string): DayKey | null {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return null;
  const parts = dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    calendar: 'gregory',
    numberingSystem: 'latn',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The wall clock of `timeZone` at an instant (milliseconds), read as if it were UTC: what a
 * wall-clock time entered in that zone is converted with.
 */
export function wallClockMs(utcMs: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    calendar: 'gregory',
    numberingSystem: 'latn',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour') % 24,
    value('minute'),
    value('second'),
  );
}

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
