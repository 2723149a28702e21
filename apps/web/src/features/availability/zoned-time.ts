import type { OwnSlot } from '@ustaz/contract';
import { addDays, type DayKey, dayKeyInZone, wallClockMs } from '../../shared/lib/dates/calendar.ts';

/** A wall-clock time of day, "HH:mm" (24 h), as a time input gives it. */
export type TimeOfDay = string;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** How far `timeZone` is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/**
 * The UTC ISO instant of a calendar day and wall-clock time in `timeZone` ("2026-03-14", "18:30",
 * "Asia/Kuwait" -> "2026-03-14T15:30:00.000Z"); null for a malformed day or time. Around a
 * daylight-saving change the offset after the change is used.
 */
export function zonedToIso(day: DayKey, time: TimeOfDay, timeZone: string): string | null {
  const timeMatch = TIME_PATTERN.exec(time);
  if (!DAY_PATTERN.test(day) || !timeMatch) return null;
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date, Number(timeMatch[1]), Number(timeMatch[2]));
  if (Number.isNaN(wall)) return null;
  let utc = wall - zoneOffsetMs(wall, timeZone);
  const corrected = wall - zoneOffsetMs(utc, timeZone);
  if (corrected !== utc) utc = corrected;
  return new Date(utc).toISOString();
}

/** The wall-clock time ("18:30") of an instant in `timeZone`; empty for a bad date. */
export function timeOfDayInZone(iso: string, timeZone: string): TimeOfDay {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(wallClockMs(ms, timeZone)).toISOString().slice(11, 16);
}

/** From the first moment of `start` to the first moment of the day a week later, in `timeZone` (UTC ISO). */
export function weekRange(start: DayKey, timeZone: string): { from: string; to: string } {
  return {
    from: zonedToIso(start, '00:00', timeZone) ?? `${start}T00:00:00.000Z`,
    to: zonedToIso(addDays(start, 7), '00:00', timeZone) ?? `${addDays(start, 7)}T00:00:00.000Z`,
  };
}

export type OwnSlotDay = { day: DayKey; slots: OwnSlot[] };

/** The seven days from `start`, each with its slots (by start in `timeZone`) in time order. */
export function slotsOfWeek(slots: readonly OwnSlot[], start: DayKey, timeZone: string): OwnSlotDay[] {
  const days: OwnSlotDay[] = Array.from({ length: 7 }, (_, index) => ({ day: addDays(start, index), slots: [] }));
  const sorted = [...slots].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  for (const slot of sorted) {
    const key = dayKeyInZone(slot.startTime, timeZone);
    days.find((entry) => entry.day === key)?.slots.push(slot);
  }
  return days;
}

/** Minutes from one wall-clock time to another on the same day; an end of "00:00" is midnight after. */
export function minutesBetween(start: TimeOfDay, end: TimeOfDay): number | null {
  const a = TIME_PATTERN.exec(start);
  const b = TIME_PATTERN.exec(end);
  if (!a || !b) return null;
  const from = Number(a[1]) * 60 + Number(a[2]);
  const to = end === '00:00' ? 24 * 60 : Number(b[1]) * 60 + Number(b[2]);
  return to - from;
}

/** Whole days from one calendar day to another (negative when `to` is earlier); null for a malformed day. */
export function daysFromTo(from: DayKey, to: DayKey): number | null {
  if (!DAY_PATTERN.test(from) || !DAY_PATTERN.test(to)) return null;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return Number.isNaN(days) ? null : Math.round(days);
}
