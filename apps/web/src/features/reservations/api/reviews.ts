import { useQuery } from '@tanstack/react-query';
import type { Review, ReviewState } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** The review states below this key; a sent review refreshes them. */
export const REVIEW_STATES_QUERY_KEY = ['reviews', 'mine'] as const;

/** GET /api/reviews/mine?reservationIds=: the caller's review state for each of their reservations listed. */
export function getReviewStates(reservationIds: number[], signal?: AbortSignal): Promise<ReviewState[]> {
  return apiRequest('/api/reviews/mine', (contract) => contract.reviewStatesResponseSchema, {
    query: { reservationIds: reservationIds.join(',') },
    signal,
  });
}

export function useReviewStates(reservationIds: number[]) {
  return useQuery({
    queryKey: [...REVIEW_STATES_QUERY_KEY, reservationIds.join(',')],
    queryFn: ({ signal }) => getReviewStates(reservationIds, signal),
    enabled: reservationIds.length > 0,
  });
}

export type ReviewRequest = {
  reservationId: number;
  type: Review['type'];
  rating: number;
  comment: string;
};

/** POST /api/reviews: the caller reviews the other party of a completed lesson (once). */
export function createReview(body: ReviewRequest): Promise<Review> {
  return apiRequest('/api/reviews', (contract) => contract.reviewSchema, { method: 'POST', body });
}
