import type { Language } from '@ustaz/contract/constants';
import { dateTimeFormat, formatInstant, intlLocale, zoneOption } from './date-time-format.ts';

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
