import { dateTimeFormat } from './date-time-format.ts';
import type { DayKey } from './week.ts';

/** The clock of a screen that shows times: both fixed in tests; otherwise the current time and the viewer's zone. */
export type ClockProps = { now?: Date; timeZone?: string };

/** The viewer's time zone, as the browser reports it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
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
