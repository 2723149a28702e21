import type { Language } from '@ustaz/contract/constants';
import { dayKeyInZone } from '../../shared/lib/dates/calendar.ts';
import { formatShortDate, formatTime, formatWeekday, formatWeekdayDate } from '../../shared/lib/dates/formats.ts';
import { formatUnit } from '../../shared/lib/format.ts';

/** "2026-03-10": the calendar day an instant falls on in `timeZone`; empty for a bad date. */
export function dayKey(iso: string | Date, timeZone: string): string {
  return dayKeyInZone(iso, timeZone) ?? '';
}

/** Whole days from day key `from` to day key `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/** The heading of a day of messages: today, yesterday, or the full date. */
export function dayLabel(iso: string, now: Date, language: Language, timeZone: string): DayLabel {
  const days = daysBetween(dayKey(iso, timeZone), dayKey(now, timeZone));
  if (days === 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  const sameYear = dayKey(iso, timeZone).slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return { kind: 'date', text: formatWeekdayDate(iso, language, timeZone, !sameYear) };
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
  if (days <= 0) return { kind: 'date', text: formatTime(iso, language, timeZone) };
  if (days === 1) return { kind: 'yesterday' };
  if (days < 7) return { kind: 'date', text: formatWeekday(date, language, timeZone) };
  const sameYear = dayKey(iso, timeZone).slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return { kind: 'date', text: formatShortDate(date, language, timeZone, !sameYear) };
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
  return formatUnit(value, language, {
    unit: units[unit] ?? 'byte',
    display: 'short',
    maxDecimals: unit === 0 ? 0 : 1,
  });
}
