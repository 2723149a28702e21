import type { Executor } from '../../db/client.ts';
import { dayInZone, shiftDay, weekdayOfDay, zonedInstant } from '../time-slots/zoned-clock.ts';
import { openLessonSlotsBetween } from './standing.repo.ts';

const WEEK_MS = 7 * 86_400_000;

/** Minutes after midnight of an instant on the wall clock of `timeZone`. */
export function minuteInZone(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    numberingSystem: 'latn',
  }).formatToParts(instant);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0) % 24;
  return hour * 60 + Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
}

export type PlanSlot = { id: number; startTime: Date; endTime: Date; priceFils: number };

export type SeriesPlan = {
  slots: PlanSlot[];
  missingWeeks: string[];
  weekday: number;
  startMinute: number;
  durationMinutes: number;
  timeZone: string;
};

/**
 * The series a first slot starts: for each following week the teacher's open lesson slot that
 * starts at the same weekday and wall-clock time in the teacher's zone (found with the zone's
 * rules for that day, so daylight saving keeps the local time) and has the same length; the weeks
 * without one are missing ("YYYY-MM-DD", the teacher's local date).
 */
export async function planSeries(
  db: Executor,
  first: PlanSlot & { teacherId: number },
  weeks: number,
  timeZone: string,
): Promise<SeriesPlan> {
  const day = dayInZone(first.startTime, timeZone);
  const startMinute = minuteInZone(first.startTime, timeZone);
  const duration = first.endTime.getTime() - first.startTime.getTime();
  const last = new Date(first.startTime.getTime() + weeks * WEEK_MS);
  const open = await openLessonSlotsBetween(db, first.teacherId, new Date(first.startTime.getTime() + 1), last);
  const slots: PlanSlot[] = [first];
  const missingWeeks: string[] = [];
  for (let week = 1; week < weeks; week += 1) {
    const weekDay = shiftDay(day, 7 * week);
    const at = zonedInstant(weekDay, startMinute, timeZone).getTime();
    const match = open.find(
      (slot) => slot.startTime.getTime() === at && slot.endTime.getTime() - slot.startTime.getTime() === duration,
    );
    if (match) slots.push(match);
    else missingWeeks.push(weekDay);
  }
  return {
    slots,
    missingWeeks,
    weekday: weekdayOfDay(day),
    startMinute,
    durationMinutes: Math.round(duration / 60_000),
    timeZone,
  };
}
