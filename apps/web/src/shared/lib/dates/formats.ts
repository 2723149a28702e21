// Dates (shared/lib/dates/, the only place that formats them): an instant, or a range of two, in the viewer's
// language; the one cache of Intl.DateTimeFormat; the viewer's zone. Kept in one module: a chunk per topic cost more
// gzip than the few formatters a route does not use (ADR 012).
import type { Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from '../format.ts';

/** The clock of a screen that shows times: both fixed in tests; otherwise the current time and the viewer's zone. */
export type ClockProps = { now?: Date; timeZone?: string };

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The one cache of `Intl.DateTimeFormat`s (dates.test.ts fails on a file outside shared/lib/dates/ that builds one):
 * they are costly to build and a list formats every row, so there is one per locale and options.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** The same locale tags as the money and number formats (format.ts), so digits match. */
export function intlLocale(language: Language): string {
  return INTL_LOCALES[language];
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

/** The marketplace's own zone (Kuwait): dates on a server-rendered page, before the viewer's is known (ADR 021). */
export const SITE_TIME_ZONE = 'Asia/Kuwait';

/** The viewer's time zone, as the browser reports it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A time zone by its name in the viewer's language ("Arabian Standard Time", "التوقيت العربي الرسمي" for
 * Asia/Kuwait), as it is `at` that moment (a zone with summer time has two names); the IANA id itself for a zone
 * the browser does not know.
 */
export function timeZoneLongName(timeZone: string, language: Language, at: Date = new Date()): string {
  try {
    const parts = dateTimeFormat(intlLocale(language), { timeZone, timeZoneName: 'long' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value || timeZone;
  } catch {
    return timeZone;
  }
}

/**
 * The IANA zones the browser knows, each with its name in the viewer's language, ordered by that name (then by id):
 * `current` (the profile's own) is among them even if the browser does not list it.
 */
export function timeZoneChoices(current: string, language: Language): { id: string; name: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const ids = known.includes(current) ? known : [current, ...known];
  const locale = intlLocale(language);
  return ids
    .map((id) => ({ id, name: timeZoneLongName(id, language) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale) || a.id.localeCompare(b.id));
}

/** "14 Mar 2026": the date of an instant (a review's createdAt); empty for a bad date. */
export function formatDate(instant: string | Date, language: Language, timeZone?: string): string {
  return formatInstant(instant, language, { dateStyle: 'medium', ...zoneOption(timeZone) });
}

/** "14 March 2026": the date of an instant in the long style (member since); empty for a bad date. */
export function formatLongDate(instant: string | Date, language: Language, timeZone?: string): string {
  return formatInstant(instant, language, { dateStyle: 'long', ...zoneOption(timeZone) });
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

/** "14 Mar 2026, 6:00 PM": a moment (a payment, a deadline, a ledger line); empty for a bad date. */
export function formatDateTime(instant: string | Date, language: Language, timeZone?: string): string {
  return formatInstant(instant, language, { dateStyle: 'medium', timeStyle: 'short', ...zoneOption(timeZone) });
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

/**
 * A lesson's time range in the viewer's zone and, when the other party's zone (null: unknown)
 * shows another one, in theirs too (issue 15: both local times when they differ).
 */
export function lessonTimeRanges(
  lesson: { startTime: string; endTime: string },
  language: Language,
  viewerZone: string,
  otherZone: string | null,
): { mine: string; theirs: string | null } {
  const mine = formatTimeRange(lesson.startTime, lesson.endTime, language, viewerZone);
  const theirs = otherZone ? formatTimeRange(lesson.startTime, lesson.endTime, language, otherZone) : null;
  return { mine, theirs: theirs === mine ? null : theirs };
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

/** Days ("YYYY-MM-DD", calendar days, no zone) as one list: "; " between English dates (they hold commas), "، " in Arabic. */
export function formatDayList(days: readonly string[], language: Language): string {
  return days
    .map((day) => formatWeekdayDate(`${day}T12:00:00Z`, language, 'UTC'))
    .join(language === 'ar' ? '، ' : '; ');
}
