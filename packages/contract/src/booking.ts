import { z } from 'zod';
import { BOOKING } from './constants.ts';
import { kwdAmountSchema } from './discovery.ts';
import { CLIENT_PAYMENT_STATUSES, gatewayProviderSchema, PAID_WITH, paymentMethodSchema } from './money.ts';
import { languageSchema } from './money-fields.ts';
import { reservationSchema } from './reservations.ts';

/** Booking slots: with the balance (subscription hours first), through a gateway, or after a top-up. */

const noteSchema = z.string().trim().max(BOOKING.noteMaxLength).optional();
const slotIdSchema = z.number().int().positive().max(2_147_483_647);
/** One to `maxSlotsPerBooking` distinct slots. */
const slotIdsSchema = z
  .array(slotIdSchema)
  .min(1)
  .max(BOOKING.maxSlotsPerBooking)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' });

/**
 * The total the student saw (KWD), required (issue 29: every client, not only the web app, is held
 * to the price it showed; missing is 422 `expectedTotal: required`). When the slots now cost
 * something else the booking is refused with 409 `priceChanged` and nothing is held or charged
 * (no bait and switch).
 */
const expectedTotalSchema = kwdAmountSchema;

/**
 * With `paymentMethod: 'balance'` and a wallet short of what the balance must pay (issue 30, ADR
 * 027): top up exactly the shortfall through this gateway (Payzah: KNET), the slots held meanwhile;
 * the booking is made when the top-up is paid, or the money stays in the wallet.
 */
const topUpWithSchema = gatewayProviderSchema.optional();

/** What a booking body carries beside its slots: the same for one slot and for several. */
const bookingTerms = {
  note: noteSchema,
  paymentMethod: paymentMethodSchema,
  language: languageSchema.optional(),
  expectedTotal: expectedTotalSchema,
  topUpWith: topUpWithSchema,
};

export const bookingSingleBodySchema = z.strictObject({ timeSlotId: slotIdSchema, ...bookingTerms });
export type BookingSingleBody = z.input<typeof bookingSingleBodySchema>;

export const bookingMultipleBodySchema = z.strictObject({ timeSlotIds: slotIdsSchema, ...bookingTerms });
export type BookingMultipleBody = z.input<typeof bookingMultipleBodySchema>;

/**
 * How a booking is paid (RELIABILITY I9): subscription hours first, each worth its package's own
 * price per hour, up to the slots' price; the rest from the wallet (or the gateway).
 */
export const bookingBreakdownSchema = z.object({
  /** Hours taken from the subscription (may be less than the lesson when the slot is cheaper). */
  subscriptionHours: z.number(),
  /** What those hours are worth (KWD). */
  subscriptionValue: kwdAmountSchema,
  /** What the wallet (or the gateway) pays (KWD). */
  wallet: kwdAmountSchema,
});
export type BookingBreakdown = z.infer<typeof bookingBreakdownSchema>;

/** A dry run of a booking with `balance`: what it would cost and how it would be split. */
export const bookingQuoteBodySchema = z.strictObject({
  timeSlotIds: slotIdsSchema,
});
export const bookingQuoteResponseSchema = z.object({
  total: kwdAmountSchema,
  breakdown: bookingBreakdownSchema,
  /** The wallet now, and whether it covers the wallet part. */
  balance: kwdAmountSchema,
  sufficient: z.boolean(),
  slots: z.array(
    z.object({
      id: z.number().int(),
      startTime: z.string(),
      endTime: z.string(),
      price: kwdAmountSchema,
      /** Until when the student may cancel (start - 24 h). */
      cancelDeadline: z.string(),
      /** Already inside the 24 h window: it can never be cancelled by the student. */
      cancellable: z.boolean(),
    }),
  ),
});
export type BookingQuoteResponse = z.infer<typeof bookingQuoteResponseSchema>;

export const bookingResponseSchema = z.object({
  paymentStatus: z.enum(CLIENT_PAYMENT_STATUSES),
  breakdown: bookingBreakdownSchema,
  /** Set for a gateway payment: open it in a new tab; the slots are held meanwhile. */
  paymentLink: z.string().optional(),
  paymentId: z.string().optional(),
  paidWith: z.enum(PAID_WITH),
  reservations: z.array(reservationSchema),
  /** Wallet after the booking. */
  balance: kwdAmountSchema,
  remainingHours: z.number(),
  /** For held slots: when the hold ends unless paid. */
  holdExpiresAt: z.string().optional(),
  /** A short wallet's top-up (KWD, the shortfall) the booking waits for (`topUpWith`, ADR 026). */
  topUp: kwdAmountSchema.optional(),
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;
