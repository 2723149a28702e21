import type { Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from '../../shared/lib/format.ts';

/** "Saturday, 14 March 2026": the day an instant falls on in the viewer's zone; empty for a bad date. */
export function formatLongDate(iso: string, language: Language, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(date);
}

/** "14 Mar 2026, 6:00 PM": a moment (a cancellation deadline) in the viewer's zone; empty for a bad date. */
export function formatMoment(iso: string, language: Language, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    date,
  );
}

/** A number of hours with at most 2 decimals (1, 1.5, 0.75) in the viewer's digits. */
export function formatHours(hours: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 2 }).format(hours);
}
