import type { TimeSlot } from '@ustaz/contract';
import { filsToNumber, kwdToFils } from '@ustaz/contract/kwd';
import { addDays, type DayKey, dayKeyInZone, type WeekStart, weekStartOf } from '../../shared/lib/dates/calendar.ts';

export type SlotDay = { day: DayKey; slots: TimeSlot[] };

/** Seven consecutive days from the first day of the week; days without slots have an empty list. */
export type SlotWeek = { start: DayKey; days: SlotDay[] };

function byStart(a: TimeSlot, b: TimeSlot): number {
  return Date.parse(a.startTime) - Date.parse(b.startTime);
}

/** Slots grouped by the day they start on in `timeZone`, days and slots in time order; bad dates are left out. */
export function groupSlotsByDay(slots: readonly TimeSlot[], timeZone: string): SlotDay[] {
  const days = new Map<DayKey, TimeSlot[]>();
  for (const slot of [...slots].sort(byStart)) {
    const day = dayKeyInZone(slot.startTime, timeZone);
    if (!day) continue;
    const list = days.get(day);
    if (list) list.push(slot);
    else days.set(day, [slot]);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, list]) => ({ day, slots: list }));
}

/** The weeks that hold at least one slot, each with all seven days from `weekStartsOn`. */
export function groupSlotsByWeek(
  slots: readonly TimeSlot[],
  { timeZone, weekStartsOn }: { timeZone: string; weekStartsOn: WeekStart },
): SlotWeek[] {
  const weeks = new Map<DayKey, Map<DayKey, TimeSlot[]>>();
  for (const { day, slots: daySlots } of groupSlotsByDay(slots, timeZone)) {
    const start = weekStartOf(day, weekStartsOn);
    let week = weeks.get(start);
    if (!week) {
      week = new Map();
      weeks.set(start, week);
    }
    week.set(day, daySlots);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, week]) => ({
      start,
      days: Array.from({ length: 7 }, (_, index) => {
        const day = addDays(start, index);
        return { day, slots: week.get(day) ?? [] };
      }),
    }));
}

/** A slot's price in KWD, or null when the API sent something that is not a number. */
export function slotPrice(slot: Pick<TimeSlot, 'price'>): number | null {
  const text = typeof slot.price === 'string' ? slot.price.trim() : '';
  if (!text) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The sum of the slots' prices in KWD; a non-numeric price counts as zero (spec 5 "Booking"). */
export function slotsTotal(slots: readonly Pick<TimeSlot, 'price'>[]): number {
  // Summed in fils so 0.1 + 0.2 stays 0.3.
  const fils = slots.reduce((sum, slot) => sum + kwdToFils(slotPrice(slot) ?? 0), 0);
  return filsToNumber(fils);
}
