import type { adminReviewsQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { adminListQuery } from '../../ui/admin-query.ts';
import { ADMIN_AUDIT_QUERY_KEY } from './get-audit.ts';

export const ADMIN_REVIEWS_QUERY_KEY = ['admin', 'reviews'] as const;

export type AdminReviewsListQuery = z.output<typeof adminReviewsQuerySchema>;

/** GET /api/v1/admin/reviews?hidden&teacherId&maxRating&search&page&limit: both directions, newest first. */
export const useAdminReviews = adminListQuery(ADMIN_REVIEWS_QUERY_KEY, (query: AdminReviewsListQuery, signal) =>
  apiRequest('/api/v1/admin/reviews', (contract) => contract.adminReviewsResponseSchema, { query, signal }),
);

/** What hiding or showing a review changes: the reviews, the teacher's rating, the audit log. */
export const REVIEW_CHANGES = [ADMIN_REVIEWS_QUERY_KEY, ADMIN_TEACHERS_QUERY_KEY, ADMIN_AUDIT_QUERY_KEY];
