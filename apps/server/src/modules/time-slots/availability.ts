import type { RecurringSlotsBody, SlotBody, SlotPatch } from '@ustaz/contract';
import type { AvailabilityContext } from './availability-context.ts';
import { createRecurring, removeSeries } from './availability-series.ts';
import { createSlot, listSlots, removeSlot, updateSlot } from './availability-slots.ts';

/**
 * A teacher's own calendar: list every slot with who holds or booked it, add, edit and delete
 * open slots. Overlaps are refused by the exclusion constraint (409 slotOverlap); a held or
 * booked slot cannot be changed (409 slotNotEditable).
 */
export function createAvailabilityService({ db, teacherOf }: AvailabilityContext) {
  const ctx: AvailabilityContext = { db, teacherOf };
  return {
    list: (userId: number, from?: string, to?: string) => listSlots(ctx, userId, from, to),
    create: (userId: number, body: SlotBody, now = new Date()) => createSlot(ctx, userId, body, now),
    update: (userId: number, slotId: number, body: SlotPatch, now = new Date()) =>
      updateSlot(ctx, userId, slotId, body, now),
    /** A weekly series of slots in the teacher's zone, inserted in one transaction (`availability-series.ts`). */
    createRecurring: (userId: number, body: RecurringSlotsBody, now = new Date()) =>
      createRecurring(ctx, userId, body, now),
    /** Removes a series' open future slots that were never reserved; held and booked ones stay. */
    removeSeries: (userId: number, seriesId: string, now = new Date()) => removeSeries(ctx, userId, seriesId, now),
    remove: (userId: number, slotId: number) => removeSlot(ctx, userId, slotId),
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
