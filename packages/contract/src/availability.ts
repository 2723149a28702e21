import { z } from 'zod';
import { RECURRING_SLOTS, SLOT_STATUSES } from './constants.ts';
import { kwdAmountSchema } from './discovery.ts';
import { SLOT_KINDS } from './weekly-habit.ts';

/** A teacher's own calendar: single slots and weekly series. */

export const availabilityQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const ownSlotSchema = z.object({
  id: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  price: kwdAmountSchema,
  status: z.enum(SLOT_STATUSES),
  /** The reservation holding or booking it, when there is one. */
  reservationId: z.number().int().nullable(),
  studentName: z.string().nullable(),
  /** The weekly series that created it (POST /availability/recurring), null for a single slot. */
  seriesId: z.string().nullable(),
  /** 'trial' for a 30-minute trial lesson at the teacher's trial price (issue 32). */
  kind: z.enum(SLOT_KINDS),
});
export type OwnSlot = z.infer<typeof ownSlotSchema>;
export const ownSlotsResponseSchema = z.array(ownSlotSchema);
/** A 204 answer (DELETE of a slot): no body, which the web client reads as null. */
export const noContentSchema = z.null();

export const slotBodySchema = z.strictObject({
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  /** Defaults to the teacher's hourly rate times the length. */
  price: kwdAmountSchema.optional(),
  /**
   * 'trial' (issue 32): exactly TRIAL_MINUTES long (else 422 `invalid` on endTime), priced by the server
   * at the teacher's trial price (409 trialNotOffered without one; a `price` sent is ignored).
   */
  kind: z.enum(SLOT_KINDS).optional(),
});
export type SlotBody = z.input<typeof slotBodySchema>;
export const slotPatchSchema = slotBodySchema.omit({ kind: true }).partial();
export type SlotPatch = z.input<typeof slotPatchSchema>;

/** A wall-clock time of day, "HH:MM" (24 h), read in the teacher's zone. */
export const wallClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * POST /api/v1/availability/recurring: slots back to back from `startTime` until `endTime` on each
 * chosen weekday (0 = Sunday .. 6 = Saturday) from `fromDate` to `toDate` (at most
 * RECURRING_SLOTS.maxRangeDays apart), in the teacher's zone. The order of the times and of the
 * days, the range and the past are checked by the server (422 with a field code).
 */
export const recurringSlotsBodySchema = z.strictObject({
  weekdays: z
    .array(z.number().int().min(0).max(6))
    .min(1)
    .max(7)
    .refine((days) => new Set(days).size === days.length, { message: 'invalid', params: { code: 'invalid' } }),
  startTime: wallClockTimeSchema,
  endTime: wallClockTimeSchema,
  lessonMinutes: z.literal(RECURRING_SLOTS.lessonMinutes),
  fromDate: z.iso.date(),
  toDate: z.iso.date(),
  /** Each slot's price; defaults to the teacher's hourly rate times the lesson length. */
  price: kwdAmountSchema.optional(),
});
export type RecurringSlotsBody = z.input<typeof recurringSlotsBodySchema>;

/** What a weekly series did: slots created, and slots left out (overlapping one of the teacher's, or past). */
export const recurringSlotsResponseSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  seriesId: z.string(),
});
export type RecurringSlotsResponse = z.infer<typeof recurringSlotsResponseSchema>;

/** DELETE /api/v1/availability/series/{seriesId}: the series' open future slots removed. */
export const seriesRemovedResponseSchema = z.object({ removed: z.number().int() });
export type SeriesRemovedResponse = z.infer<typeof seriesRemovedResponseSchema>;
