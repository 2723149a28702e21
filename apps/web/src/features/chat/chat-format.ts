import type { Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from '../../shared/lib/format.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and a conversation formats every message: one per locale and options. */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** The viewer's time zone (UTC when the browser does not say). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "2026-03-10": the calendar day an instant falls on in `timeZone`; empty for a bad date. */
export function dayKey(iso: string | Date, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // en-CA writes dates as YYYY-MM-DD.
  return dateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);
}

/** Whole days from day key `from` to day key `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "6:05 PM" / "٦:٠٥ م": the time of a message in the viewer's zone. */
export function formatTime(iso: string, language: Language, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(INTL_LOCALES[language], { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/** The heading of a day of messages: today, yesterday, or the full date. */
export function dayLabel(iso: string, now: Date, language: Language, timeZone: string): DayLabel {
  const days = daysBetween(dayKey(iso, timeZone), dayKey(now, timeZone));
  if (days === 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  const date = new Date(iso);
  const sameYear = dayKey(iso, timeZone).slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return {
    kind: 'date',
    text: dateFormat(INTL_LOCALES[language], {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(sameYear ? {} : { year: 'numeric' }),
      timeZone,
    }).format(date),
  };
}

/**
 * The time of a conversation's last message in the list: the time today, "yesterday", the
 * weekday within a week, the short date before that.
 */
export function listTimeLabel(
  iso: string,
  now: Date,
  language: Language,
  timeZone: string,
): Exclude<DayLabel, { kind: 'today' }> {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { kind: 'date', text: '' };
  const days = daysBetween(dayKey(iso, timeZone), dayKey(now, timeZone));
  const locale = INTL_LOCALES[language];
  if (days <= 0) return { kind: 'date', text: formatTime(iso, language, timeZone) };
  if (days === 1) return { kind: 'yesterday' };
  if (days < 7) return { kind: 'date', text: dateFormat(locale, { weekday: 'long', timeZone }).format(date) };
  const sameYear = dayKey(iso, timeZone).slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return {
    kind: 'date',
    text: dateFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(sameYear ? {} : { year: 'numeric' }),
      timeZone,
    }).format(date),
  };
}

/** Items in order, cut into runs of the same calendar day (in `timeZone`). */
export function groupByDay<T>(items: T[], instantOf: (item: T) => string, timeZone: string) {
  const groups: Array<{ day: string; first: string; items: T[] }> = [];
  for (const item of items) {
    const instant = instantOf(item);
    const day = dayKey(instant, timeZone);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, first: instant, items: [item] });
  }
  return groups;
}

/** "1.2 MB" / "٣٤٠ ك.ب": a file size in the viewer's digits. */
export function formatFileSize(bytes: number, language: Language): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
