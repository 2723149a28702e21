import type { Review } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

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
