import { z } from 'zod';
import { idQuery, paging, reasonSchema, searchQuery } from './admin-fields.ts';
import { SEARCH_TYPES } from './constants.ts';
import { asciiDigitsValue } from './digits.ts';
import { listResponseSchema } from './discovery.ts';

/** The admin's moderation: reviews, and the searches that found nothing. */

// Reviews ----------------------------------------------------------------------------------------

export const adminReviewSchema = z.object({
  id: z.number().int(),
  type: z.enum(['teacher_to_student', 'student_to_teacher']),
  rating: z.number().int(),
  comment: z.string(),
  reservationId: z.number().int(),
  teacher: z.object({ profileId: z.number().int(), userId: z.number().int(), name: z.string() }),
  student: z.object({ id: z.number().int(), name: z.string() }),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsQuerySchema = z.object({
  hidden: z.enum(['true', 'false']).optional(),
  teacherId: idQuery,
  maxRating: z.preprocess(asciiDigitsValue, z.coerce.number().int().min(1).max(5)).optional(),
  search: searchQuery,
  ...paging,
});
export type AdminReviewsQuery = z.input<typeof adminReviewsQuerySchema>;
export const adminReviewsResponseSchema = listResponseSchema(adminReviewSchema);
export type AdminReviewsResponse = z.infer<typeof adminReviewsResponseSchema>;
export const hideReviewBodySchema = z.strictObject({ reason: reasonSchema });
/** Bringing a hidden review back: a reason is optional (kept in the audit log); an empty body is fine. */
export const unhideReviewBodySchema = z.strictObject({ reason: reasonSchema.optional() }).nullish();
export const adminReviewResponseSchema = z.object({
  review: adminReviewSchema,
  /** The teacher's figures after the change. */
  teacher: z.object({ averageRating: z.number(), ratingCount: z.number().int() }),
});
export type AdminReviewResponse = z.infer<typeof adminReviewResponseSchema>;

// Search-not-found log ---------------------------------------------------------------------------

export const notFoundTermSchema = z.object({
  /** The most recent spelling typed. */
  keywords: z.string(),
  normalized: z.string(),
  searchType: z.enum(SEARCH_TYPES),
  count: z.number().int(),
  users: z.number().int(),
  lastSearchedAt: z.string(),
});
export type NotFoundTerm = z.infer<typeof notFoundTermSchema>;
export const notFoundTermsQuerySchema = z.object({
  searchType: z.enum(SEARCH_TYPES).optional(),
  days: z.coerce.number().int().min(1).max(365).default(30),
  ...paging,
});
export const notFoundTermsResponseSchema = listResponseSchema(notFoundTermSchema);
export type NotFoundTermsResponse = z.infer<typeof notFoundTermsResponseSchema>;
