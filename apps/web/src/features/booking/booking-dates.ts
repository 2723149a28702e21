import type { Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from '../../shared/lib/format.ts';

/**
 * Dates of the booking flow in the viewer's language and time zone (the browser's, unless a test
 * passes one): "Sat, Mar 14, 6:00 PM". An unreadable date gives an empty string.
 */
export function formatMoment(iso: string, language: Language, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** A lesson's date and time range: "Saturday, March 14, 6:00 – 7:00 PM". */
export function formatLesson(startIso: string, endIso: string, language: Language, timeZone?: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).formatRange(start, end);
}
