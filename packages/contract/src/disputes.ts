import { z } from 'zod';
import { DISPUTE_STATUSES } from './constants.ts';
import { kwdAmountSchema } from './discovery.ts';
import { listResponseSchema, pagingQuery } from './list.ts';
import { PAID_WITH, positiveKwdInputSchema } from './money.ts';

/**
 * Report a problem with a lesson, and the admin's disputes queue (issue 16, ADR 016).
 * Either party may report one problem per lesson from its start until 24 hours after its end
 * (`POST /api/v1/lessons/{reservationId}/problem`); while the dispute is open the teacher's
 * earning for the lesson is held. An admin resolves it once: refund (in full or part) or release.
 */

/** How long after a lesson's end a problem may be reported, and the earning is held (24 h). */
export const PROBLEM_WINDOW_AFTER_END_MS = 24 * 60 * 60_000;

export const LESSON_PROBLEM_REASONS = ['teacherAbsent', 'studentAbsent', 'technical', 'quality', 'other'] as const;
export type LessonProblemReason = (typeof LESSON_PROBLEM_REASONS)[number];

export const PROBLEM_DETAILS_MAX_LENGTH = 1000;
export const RESOLUTION_NOTE_MAX_LENGTH = 1000;

/** `POST /api/v1/lessons/{reservationId}/problem`: details may be empty, except for 'other'. */
export const problemReportSchema = z
  .strictObject({
    reason: z.enum(LESSON_PROBLEM_REASONS),
    details: z.string().trim().max(PROBLEM_DETAILS_MAX_LENGTH).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'other' && body.details.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'required', params: { code: 'required' } });
    }
  });
export type ProblemReportBody = z.input<typeof problemReportSchema>;

export const DISPUTE_REPORTERS = ['student', 'teacher'] as const;
export type DisputeReporter = (typeof DISPUTE_REPORTERS)[number];

export const disputeSchema = z.object({
  id: z.number().int(),
  reservationId: z.number().int(),
  reportedBy: z.enum(DISPUTE_REPORTERS),
  reason: z.enum(LESSON_PROBLEM_REASONS),
  details: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  /** What went back to the student (KWD), when refunded; null otherwise. */
  refundAmount: kwdAmountSchema.nullable(),
  resolutionNote: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;
export const problemReportResponseSchema = z.object({ dispute: disputeSchema });
export type ProblemReportResponse = z.infer<typeof problemReportResponseSchema>;

// Admin ----------------------------------------------------------------------------------------

/** A dispute in the admin's queue: the lesson, who paid what, and whether each party joined the room. */
export const adminDisputeSchema = disputeSchema.extend({
  studentId: z.number().int(),
  studentName: z.string(),
  /** The teacher's profile id. */
  teacherId: z.number().int(),
  teacherName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** What the lesson was paid (money and the hours' value), KWD. */
  paid: kwdAmountSchema,
  paidWith: z.enum(PAID_WITH),
  attendance: z.object({ student: z.boolean(), teacher: z.boolean() }),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

/** `?status=open` (the queue) or `resolved` (refunded or released); absent: all. */
export const ADMIN_DISPUTE_FILTERS = ['open', 'resolved'] as const;
export const adminDisputesQuerySchema = z.object({
  status: z.enum(ADMIN_DISPUTE_FILTERS).optional(),
  ...pagingQuery(100, 20),
});
/** The same schema under the short name. */
export const adminDisputesQuery = adminDisputesQuerySchema;
export type AdminDisputesQuery = z.input<typeof adminDisputesQuerySchema>;
export const adminDisputesResponseSchema = listResponseSchema(adminDisputeSchema);
export type AdminDisputesResponse = z.infer<typeof adminDisputesResponseSchema>;

export const DISPUTE_OUTCOMES = ['refund', 'release'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/**
 * `POST /api/v1/admin/disputes/{id}/resolve`. `amount` (KWD) only with a refund: omitted refunds in
 * full; more than was paid is 422 `refundTooLarge` on `amount`.
 */
export const resolveDisputeSchema = z
  .strictObject({
    outcome: z.enum(DISPUTE_OUTCOMES),
    amount: positiveKwdInputSchema(1_000_000).optional(),
    note: z.string().trim().min(1).max(RESOLUTION_NOTE_MAX_LENGTH),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === 'release' && body.amount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'invalid', params: { code: 'invalid' } });
    }
  });
export type ResolveDisputeBody = z.input<typeof resolveDisputeSchema>;
export const adminDisputeResponseSchema = z.object({ dispute: adminDisputeSchema });
export type AdminDisputeResponse = z.infer<typeof adminDisputeResponseSchema>;
