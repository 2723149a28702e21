import type { Language } from '@ustaz/contract/constants';
import { dateTimeFormat, formatInstant, instantOf, intlLocale, zoneOption } from './date-time-format.ts';

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
