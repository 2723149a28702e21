import { z } from 'zod';
import { kwdAmountSchema } from './discovery.ts';

/** A teacher's proposal of a new time for a lesson (issue 32; the calls are in reschedule.ts). */

export const PROPOSAL_STATUSES = ['open', 'accepted', 'declined', 'lapsed'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A teacher's proposal of a new time for a lesson, as either party sees it. */
export const proposalSchema = z.object({
  id: z.number().int(),
  reservationId: z.number().int(),
  status: z.enum(PROPOSAL_STATUSES),
  /** The proposed slot. */
  timeSlotId: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  /** The proposed slot's price (KWD): the difference to the lesson's price is paid or refunded on accept. */
  price: kwdAmountSchema,
  note: z.string(),
  createdAt: z.string(),
  /** When it lapses unanswered: the lesson's (old) start. */
  expiresAt: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;
