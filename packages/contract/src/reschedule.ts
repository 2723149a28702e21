import { z } from 'zod';
import { kwdAmountSchema } from './discovery.ts';
import { gatewayProviderSchema } from './money.ts';
import { languageSchema } from './money-fields.ts';
import { proposalSchema } from './proposals.ts';
import { reservationSchema } from './reservations.ts';
import { PROPOSAL_NOTE_MAX_LENGTH, RESCHEDULE_MIN_HOURS } from './weekly-habit.ts';

/**
 * Moving a booked lesson (issue 32).
 *
 * - `POST /api/v1/reservations/{id}/reschedule` `{ timeSlotId, expectedTotal }` (the student): moves the
 *   lesson to another open slot of the same teacher and the same length, until RESCHEDULE_MIN_HOURS
 *   before its start. `expectedTotal` is the new slot's price the student saw (409 `priceChanged`
 *   otherwise). A dearer slot's difference is paid like a booking (hours first, then the wallet);
 *   a cheaper slot's difference goes back to where the lesson was paid from. One transaction: the
 *   old slot reopens, the new one is booked, the reservation keeps its id (its `revision` grows).
 *   With `topUpWith` (a gateway) and a balance short of the difference, the answer is 202: the new
 *   slot is held and a top-up of exactly the shortfall is started; when it is paid the wallet is
 *   credited and the lesson moves in the same transaction (or, when it can no longer move, the money
 *   stays in the wallet and the lesson keeps its time).
 * - `POST /api/v1/reservations/{id}/proposals` `{ timeSlotId, note }` (the teacher): proposes a new
 *   time for an upcoming lesson; the student answers with
 *   `POST /api/v1/reservation-proposals/{id}/accept` (the move happens, price differences as above)
 *   or `.../decline` (the lesson stays and the student may cancel it with a full refund whatever the
 *   time). A proposal not answered by the lesson's old start lapses.
 */

const slotIdSchema = z.number().int().positive().max(2_147_483_647);

export const rescheduleBodySchema = z.strictObject({
  timeSlotId: slotIdSchema,
  expectedTotal: kwdAmountSchema,
  /** Pay what the balance cannot of a dearer slot's difference through this gateway (Payzah: KNET). */
  topUpWith: gatewayProviderSchema.optional(),
  /** The language of the gateway's page and of the result page it returns to. */
  language: languageSchema.optional(),
});
export type RescheduleBody = z.input<typeof rescheduleBodySchema>;

/**
 * What the move cost or gave back (KWD, positive): `charged` was paid for a dearer slot (hours
 * value and wallet), `refunded` went back for a cheaper one, both zero for the same price.
 */
export const rescheduleDifferenceSchema = z.object({
  charged: kwdAmountSchema,
  refunded: kwdAmountSchema,
  /** Where the difference went or came from. */
  to: z.enum(['wallet', 'subscription', 'none']),
});
export type RescheduleDifference = z.infer<typeof rescheduleDifferenceSchema>;

export const rescheduleResponseSchema = z.object({
  reservation: reservationSchema,
  difference: rescheduleDifferenceSchema,
});
export type RescheduleResponse = z.infer<typeof rescheduleResponseSchema>;

/**
 * 202 of a reschedule with `topUpWith` whose balance was short: the lesson has not moved yet (it
 * keeps its time), the new slot is held until `holdExpiresAt` for the payment at `paymentLink` of
 * `amount` (KWD, what the balance lacks of the difference).
 */
export const rescheduleTopUpResponseSchema = z.object({
  reservation: reservationSchema,
  topUp: z.object({
    paymentId: z.string(),
    paymentLink: z.string(),
    amount: kwdAmountSchema,
    holdExpiresAt: z.string(),
  }),
});
export type RescheduleTopUpResponse = z.infer<typeof rescheduleTopUpResponseSchema>;

/** A reschedule asked with `topUpWith`: 202 with the top-up to pay, or 200 when the balance pays it by now. */
export const rescheduleOutcomeSchema = z.union([rescheduleTopUpResponseSchema, rescheduleResponseSchema]);

export const proposalBodySchema = z.strictObject({
  timeSlotId: slotIdSchema,
  note: z.string().trim().max(PROPOSAL_NOTE_MAX_LENGTH).optional(),
});
export type ProposalBody = z.input<typeof proposalBodySchema>;

export const proposalResponseSchema = z.object({ proposal: proposalSchema, reservation: reservationSchema });
export type ProposalResponse = z.infer<typeof proposalResponseSchema>;

export const proposalAcceptBodySchema = z.strictObject({ expectedTotal: kwdAmountSchema });

/** `POST /api/v1/reservation-proposals/{id}/accept`: the move and what it cost or gave back. */
export const proposalAcceptResponseSchema = rescheduleResponseSchema.extend({ proposal: proposalSchema });
export type ProposalAcceptResponse = z.infer<typeof proposalAcceptResponseSchema>;

/**
 * The one reschedule rule (issue 32): a student may move a confirmed lesson until
 * RESCHEDULE_MIN_HOURS before its start; at or after that moment (`now`) they cannot.
 */
export function rescheduleTerms(start: Date, now: Date): { deadline: string; movable: boolean } {
  const deadlineMs = start.getTime() - RESCHEDULE_MIN_HOURS * 3_600_000;
  return { deadline: new Date(deadlineMs).toISOString(), movable: now.getTime() < deadlineMs };
}
