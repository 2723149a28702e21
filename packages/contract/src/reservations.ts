import { z } from 'zod';
import { BOOKING, DISPUTE_STATUSES, RESERVATION_CANCELLERS } from './constants.ts';
import { kwdAmountSchema, listResponseSchema } from './discovery.ts';
import { pagingQuery } from './list.ts';
import { PAID_WITH } from './money.ts';
import { langQuery } from './money-fields.ts';
import { proposalSchema } from './proposals.ts';
import { SLOT_KINDS } from './weekly-habit.ts';

/** A user's reservations (as student and as teacher) and their cancellation. */

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

const personSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
});

export const reservationSchema = z.object({
  id: z.number().int(),
  status: z.enum(RESERVATION_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  price: kwdAmountSchema,
  /** Length of the lesson in hours (what a subscription pays). */
  hours: z.number(),
  note: z.string(),
  paidWith: z.enum(PAID_WITH),
  /**
   * What was paid for it, by source (issue 30): subscription hours (and what they were worth), the
   * wallet and the gateway (KWD). Null while a gateway payment is still awaited, and for a lesson
   * whose gateway payment never went through (failed, expired, or credited to the wallet instead).
   */
  paidBy: z
    .object({
      subscriptionHours: z.number(),
      subscriptionValue: kwdAmountSchema,
      wallet: kwdAmountSchema,
      gateway: kwdAmountSchema,
    })
    .nullable(),
  /**
   * The teacher (profile id in `teacherProfileId`, user id in `id`) and the IANA zone they give
   * lessons in (their profile setting), so either side can show both local times.
   */
  teacher: personSchema.extend({ teacherProfileId: z.number().int(), timeZone: z.string() }),
  /** The student and the zone their browser last reported (null when unknown). */
  student: personSchema.extend({ timeZone: z.string().nullable() }),
  /** Whether the signed-in user may cancel it now (student: until 24 h before start). */
  canCancel: z.boolean(),
  /** Until when a student may cancel (start - 24 h). */
  cancelDeadline: z.string(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(RESERVATION_CANCELLERS).nullable(),
  /** Why it was cancelled: the canceller's words, or 'teacherNoShow' when the system cancelled it (issue 16). */
  cancelReason: z.string().nullable(),
  paymentId: z.string().nullable(),
  /**
   * A pending reservation's gateway payment, to the student, while it can still be paid: when the
   * held slots are released unless paid, and the gateway's payment page to continue on (the same
   * link the booking answered with; null for a payment started before the link was kept). Null
   * otherwise: to the teacher, once the payment settled, once the hold lapsed.
   */
  payment: z.object({ url: z.string().nullable(), expiresAt: z.string() }).nullable(),
  /** The problem reported for this lesson (issue 16), or null when none was. */
  dispute: z.object({ id: z.number().int(), status: z.enum(DISPUTE_STATUSES) }).nullable(),
  /** 'trial' for a teacher's 30-minute trial lesson (issue 32), 'lesson' otherwise. */
  kind: z.enum(SLOT_KINDS),
  /** How many times it was moved (the calendar feed's SEQUENCE), and when it last was. */
  revision: z.number().int(),
  rescheduledAt: z.string().nullable(),
  /**
   * Whether the signed-in user may move it now (the student: confirmed, RESCHEDULE_MIN_HOURS or more
   * before the start), and until when a student may (start - RESCHEDULE_MIN_HOURS).
   */
  canReschedule: z.boolean(),
  rescheduleDeadline: z.string(),
  /** The teacher's open proposal of a new time for it, or null. */
  proposal: proposalSchema.nullable(),
  /** Whether the student may cancel it with a full refund whatever the time (they declined the teacher's proposal). */
  freeCancel: z.boolean(),
  /** The standing weekly series it belongs to, or null. */
  standingBookingId: z.number().int().nullable(),
  /** A series lesson not paid yet: when it is charged from the wallet or hours (start - 48 h); null otherwise. */
  chargeAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const RESERVATION_SCOPES = ['upcoming', 'past', 'cancelled'] as const;
export type ReservationScope = (typeof RESERVATION_SCOPES)[number];
export const reservationsQuerySchema = z.object({
  scope: z.enum(RESERVATION_SCOPES).default('upcoming'),
  ...pagingQuery(50, 10),
  lang: langQuery,
});
export const reservationsResponseSchema = listResponseSchema(reservationSchema);
export type ReservationsResponse = z.infer<typeof reservationsResponseSchema>;

export const cancelReservationBodySchema = z
  .strictObject({ reason: z.string().trim().max(BOOKING.noteMaxLength).optional() })
  .nullish();

export const cancelReservationResponseSchema = z.object({
  reservation: reservationSchema,
  /** What went back: money to the wallet or hours to the subscription. */
  refund: z.object({ to: z.enum(['wallet', 'subscription', 'none']), amount: kwdAmountSchema, hours: z.number() }),
});
export type CancelReservationResponse = z.infer<typeof cancelReservationResponseSchema>;
