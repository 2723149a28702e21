/**
 * Wall clocks of a time zone on the server: a teacher enters a weekly series as "HH:MM" in their
 * zone, and each day's instant is found with that zone's rules for that day (daylight saving
 * included), never by adding 24 hours to the previous day.
 */

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as milliseconds read as if UTC. */
function wallClockOf(utcMs: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(utcMs))) fields[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return Date.UTC(year, month - 1, day, hour % 24, minute, second);
}

/** Milliseconds since 1970-01-01 of a "YYYY-MM-DD" day at 00:00 UTC. */
export function dayStartUtc(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

/** The "YYYY-MM-DD" that many days after `day`. */
export function shiftDay(day: string, days: number): string {
  return new Date(dayStartUtc(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday .. 6 = Saturday. */
export function weekdayOfDay(day: string): number {
  return new Date(dayStartUtc(day)).getUTCDay();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStartUtc(to) - dayStartUtc(from)) / DAY_MS);
}

/** The calendar day of an instant in `timeZone`. */
export function dayInZone(instant: Date, timeZone: string): string {
  return new Date(wallClockOf(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant of `minuteOfDay` minutes after midnight of `day` in `timeZone`. A time the zone skips
 * (the hour lost in spring) lands after the gap; a time it repeats (autumn) is the later one.
 */
export function zonedInstant(day: string, minuteOfDay: number, timeZone: string): Date {
  const wall = dayStartUtc(day) + minuteOfDay * 60_000;
  const guess = wall - (wallClockOf(wall, timeZone) - wall);
  return new Date(wall - (wallClockOf(guess, timeZone) - guess));
}

/** Minutes after midnight of an "HH:MM" time. */
export function minuteOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}
