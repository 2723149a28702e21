import { useQuery } from '@tanstack/react-query';
import type { Review } from '@ustaz/contract';
import { HOME } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';

function isReview(value: unknown): value is Review {
  if (typeof value !== 'object' || value === null) return false;
  const review = value as Record<string, unknown>;
  return typeof review.id === 'number' && typeof review.rating === 'number' && typeof review.comment === 'string';
}

/** The answer of GET /api/reviews as a list: an array or `{ data: [...] }` (spec 7); anything else is empty. */
export function toReviewList(answer: unknown): Review[] {
  const list = Array.isArray(answer)
    ? answer
    : typeof answer === 'object' && answer !== null && 'data' in answer
      ? answer.data
      : [];
  return Array.isArray(list) ? list.filter(isReview) : [];
}

/** The latest reviews; a failed request rejects, so the home page can show its error placeholder (spec 8). */
export async function fetchLatestReviews(limit: number = HOME.reviewsLimit, signal?: AbortSignal): Promise<Review[]> {
  return toReviewList(await apiRequest<unknown>('/api/reviews', { query: { limit }, signal }));
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
