import type { Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from './format.ts';

/** A calendar day in some time zone, as YYYY-MM-DD. */
export type DayKey = string;

export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The clock of a screen that shows times: both fixed in tests; otherwise the current time and the viewer's zone. */
export type ClockProps = { now?: Date; timeZone?: string };

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The one place that builds an `Intl.DateTimeFormat` (dates.test.ts fails on any other file that does): they are
 * costly to build and a list formats every row, so there is one per locale and options.
 */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    calendar: 'gregory',
    numberingSystem: 'latn',
  });
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

/** An instant (the API's UTC ISO string or a Date) or null for a bad one. */
function instantOf(instant: string | Date): Date | null {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant in the viewer's language with these options; empty for a bad date. */
function formatInstant(instant: string | Date, language: Language, options: Intl.DateTimeFormatOptions): string {
  const date = instantOf(instant);
  return date ? dateTimeFormat(intlLocale(language), options).format(date) : '';
}

/** Only a zone that is given, so that none means the viewer's (the browser's). */
function zoneOption(timeZone: string | undefined): { timeZone?: string } {
  return timeZone ? { timeZone } : {};
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

/** "6:00 PM": the time of an instant; empty for a bad date. */
export function formatTime(instant: string | Date, language: Language, timeZone?: string): string {
  return formatInstant(instant, language, { hour: 'numeric', minute: '2-digit', ...zoneOption(timeZone) });
}

/** "6:00 PM" in the language's short time style (a payment hold's end); empty for a bad date. */
export function formatShortTime(instant: string | Date, language: Language, timeZone?: string): string {
  return formatInstant(instant, language, { timeStyle: 'short', ...zoneOption(timeZone) });
}

/** "6:00 – 7:30 PM" in the viewer's language and time zone. */
export function formatTimeRange(startIso: string, endIso: string, language: Language, timeZone: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const format = dateTimeFormat(intlLocale(language), { hour: 'numeric', minute: '2-digit', timeZone });
  if (Number.isNaN(end.getTime()) || end <= start) return format.format(start);
  return format.formatRange(start, end);
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

/** "14 Mar 2026": the date of an instant (a review's createdAt); empty for a bad date. */
export function formatDate(instant: string | Date, language: Language, timeZone?: string): string {
  return formatInstant(instant, language, { dateStyle: 'medium', ...zoneOption(timeZone) });
}

/** "14 March 2026": the date of an instant in the long style (member since); empty for a bad date. */
export function formatLongDate(instant: string | Date, language: Language, timeZone?: string): string {
  return formatInstant(instant, language, { dateStyle: 'long', ...zoneOption(timeZone) });
}

/** "14 Mar 2026, 6:00 PM": a moment (a payment, a deadline, a ledger line); empty for a bad date. */
export function formatDateTime(instant: string | Date, language: Language, timeZone?: string): string {
  return formatInstant(instant, language, { dateStyle: 'medium', timeStyle: 'short', ...zoneOption(timeZone) });
}

/** "Saturday, 14 March 2026" (the year only when `withYear`); empty for a bad date. */
export function formatWeekdayDate(
  instant: string | Date,
  language: Language,
  timeZone?: string,
  withYear = true,
): string {
  return formatInstant(instant, language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    ...zoneOption(timeZone),
  });
}

/** "14 Mar" ("14 Mar 2025" when `withYear`); empty for a bad date. */
export function formatShortDate(
  instant: string | Date,
  language: Language,
  timeZone: string,
  withYear: boolean,
): string {
  return formatInstant(instant, language, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone,
  });
}

/** "Saturday": the weekday of an instant; empty for a bad date. */
export function formatWeekday(instant: string | Date, language: Language, timeZone: string): string {
  return formatInstant(instant, language, { weekday: 'long', timeZone });
}

/** "Sat, Mar 14, 6:00 PM": a lesson's start or a deadline; empty for a bad date. */
export function formatLessonMoment(instant: string | Date, language: Language, timeZone?: string): string {
  return formatInstant(instant, language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    ...zoneOption(timeZone),
  });
}

/** "Saturday, March 14, 6:00 – 7:00 PM": a lesson's date and time range; empty for a bad date. */
export function formatLessonRange(startIso: string, endIso: string, language: Language, timeZone?: string): string {
  const start = instantOf(startIso);
  const end = instantOf(endIso);
  if (!start || !end) return '';
  return dateTimeFormat(intlLocale(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    ...zoneOption(timeZone),
  }).formatRange(start, end);
}
