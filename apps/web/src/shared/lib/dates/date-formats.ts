import type { Language } from '@ustaz/contract/constants';
import { formatInstant, zoneOption } from './date-time-format.ts';

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
