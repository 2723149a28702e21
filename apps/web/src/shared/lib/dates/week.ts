/** A calendar day in some time zone, as YYYY-MM-DD. */
export type DayKey = string;

export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const DAY_MS = 86_400_000;

function dayToUtcMs(day: DayKey): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

function utcMsToDay(ms: number): DayKey {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: DayKey, count: number): DayKey {
  return utcMsToDay(dayToUtcMs(day) + count * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(day: DayKey): number {
  return new Date(dayToUtcMs(day)).getUTCDay();
}

/** The first day of the week holding `day`: Saturday (6) in Arabic, Sunday (0) in English (spec 9). */
export function weekStartOf(day: DayKey, weekStartsOn: WeekStart): DayKey {
  return addDays(day, -((weekdayOf(day) - weekStartsOn + 7) % 7));
}
