import { useQuery } from '@tanstack/react-query';
import type { Review } from '@ustaz/contract';
import { HOME } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';

/** The latest reviews; a failed request rejects, so the home page can show its error placeholder (spec 8). */
export async function fetchLatestReviews(limit: number = HOME.reviewsLimit, signal?: AbortSignal): Promise<Review[]> {
  return apiRequest('/api/reviews', (contract) => contract.reviewsResponseSchema, { query: { limit }, signal });
}

/** The home page's student reviews (spec 2): the latest 10, keeping those students wrote about teachers. */
export function useLatestStudentReviews() {
  return useQuery({
    queryKey: ['reviews', 'latest', HOME.reviewsLimit],
    queryFn: ({ signal }) => fetchLatestReviews(HOME.reviewsLimit, signal),
    select: (reviews) => reviews.filter((review) => review.type === 'student_to_teacher'),
    staleTime: 60_000,
  });
}
