import { useQuery } from '@tanstack/react-query';
import type { Review } from '@ustaz/contract';
import { HOME } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';

/** The latest reviews; a failed request rejects, so the home page can show its error placeholder (spec 8). */
export async function fetchLatestReviews(limit: number = HOME.reviewsLimit, signal?: AbortSignal): Promise<Review[]> {
  return apiRequest('/api/reviews', (contract) => contract.reviewsResponseSchema, { query: { limit }, signal });
}

/** The home page's student reviews (spec 2): the latest 10, keeping those students wrote about teachers. */
export function useLatestStudentReviews() {
  // Per language: the order and the names are the request language's (ADR 020).
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['reviews', 'latest', HOME.reviewsLimit, language],
    queryFn: ({ signal }) => fetchLatestReviews(HOME.reviewsLimit, signal),
    select: (reviews) => reviews.filter((review) => review.type === 'student_to_teacher'),
    staleTime: 60_000,
  });
}
