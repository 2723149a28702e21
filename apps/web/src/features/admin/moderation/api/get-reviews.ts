import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminReviewsResponse, type adminReviewsQuerySchema, adminReviewsResponseSchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';

export type AdminReviewsListQuery = z.output<typeof adminReviewsQuerySchema>;

export const ADMIN_REVIEWS_QUERY_KEY = ['admin', 'reviews'] as const;

/** GET /api/v1/admin/reviews?hidden&teacherId&maxRating&search&page&limit: both directions, newest first. */
export async function getAdminReviews(
  query: AdminReviewsListQuery,
  signal?: AbortSignal,
): Promise<AdminReviewsResponse> {
  return apiRequest('/api/v1/admin/reviews', adminReviewsResponseSchema, { query, signal });
}

export function useAdminReviews(query: AdminReviewsListQuery) {
  return useQuery({
    queryKey: [...ADMIN_REVIEWS_QUERY_KEY, query],
    queryFn: ({ signal }) => getAdminReviews(query, signal),
    placeholderData: keepPreviousData,
  });
}
