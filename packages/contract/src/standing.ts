import { z } from 'zod';
import { paymentMethodSchema } from './money.ts';
import { reservationSchema } from './reservations.ts';
import { STANDING, STANDING_STATUSES } from './weekly-habit.ts';

/**
 * Standing weekly lessons (issue 32): the same teacher at the same weekday and time for 4 to 12 weeks.
 *
 * - `POST /api/v1/standing-bookings` `{ timeSlotId, weeks, paymentMethod }`: `timeSlotId` is the first
 *   lesson's slot; the series books, in one step, every open slot of that teacher starting at the same
 *   weekday and time (the teacher's zone) and of the same length in the following weeks. 201
 *   `{ id, lessons, missingWeeks }`: the lessons booked, and the weeks (the date the lesson would
 *   have been, "YYYY-MM-DD" in the teacher's zone) that had no such slot.
 * - `POST /api/v1/standing-bookings/preview` the same body: what it would book, nothing written.
 * - Each lesson is paid STANDING.chargeHoursBefore its start from the wallet or hours (the booking
 *   money path, once per lesson); when that fails the student is told and may top up until
 *   STANDING.releaseHoursBefore the start; then that week's slot is released and both are told.
 * - `GET /api/v1/standing-bookings`: the signed-in student's series (a teacher: the series with them).
 * - `POST /api/v1/standing-bookings/{id}/skip` `{ reservationId }`: that week's lesson is cancelled
 *   (refunded in full when it was paid and the cancellation window is open, else the cancellation rule).
 * - `POST /api/v1/standing-bookings/{id}/stop`: every lesson not yet paid is released; paid lessons
 *   follow the cancellation rules (cancelled with a refund when free to cancel, else kept).
 */

export const STANDING_PAYMENT_METHODS = ['balance'] as const;

export const standingBookingBodySchema = z.strictObject({
  timeSlotId: z.number().int().positive().max(2_147_483_647),
  weeks: z.number().int().min(STANDING.minWeeks).max(STANDING.maxWeeks),
  /** Weekly charges come from the wallet or hours (`balance`); a gateway cannot be charged later. */
  paymentMethod: paymentMethodSchema.refine((method) => method === 'balance', { params: { code: 'invalid' } }),
});
export type StandingBookingBody = z.input<typeof standingBookingBodySchema>;

export const standingBookingSchema = z.object({
  id: z.number().int(),
  status: z.enum(STANDING_STATUSES),
  weeks: z.number().int(),
  /** The series' weekday (0 Sunday .. 6 Saturday) and time ("HH:MM") in the teacher's zone. */
  weekday: z.number().int().min(0).max(6),
  time: z.string(),
  timeZone: z.string(),
  teacher: z.object({
    id: z.number().int(),
    teacherProfileId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    photoUrl: z.string().nullable(),
  }),
  student: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    photoUrl: z.string().nullable(),
  }),
  lessons: z.array(reservationSchema),
  missingWeeks: z.array(z.string()),
  createdAt: z.string(),
  stoppedAt: z.string().nullable(),
});
export type StandingBooking = z.infer<typeof standingBookingSchema>;

export const standingBookingsResponseSchema = z.object({ items: z.array(standingBookingSchema) });
export type StandingBookingsResponse = z.infer<typeof standingBookingsResponseSchema>;

export const standingSkipBodySchema = z.strictObject({ reservationId: z.number().int().positive().max(2_147_483_647) });
export type StandingSkipBody = z.input<typeof standingSkipBodySchema>;

/** `POST /api/v1/standing-bookings/preview`: the lessons the series would book (nothing written) and the weeks without a slot. */
export const standingPreviewResponseSchema = z.object({
  lessons: z.array(
    z.object({ timeSlotId: z.number().int(), startTime: z.string(), endTime: z.string(), price: z.string() }),
  ),
  missingWeeks: z.array(z.string()),
});
export type StandingPreviewResponse = z.infer<typeof standingPreviewResponseSchema>;
