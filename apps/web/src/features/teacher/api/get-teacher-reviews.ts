import { useQuery } from '@tanstack/react-query';
import type { Review } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';

/**
 * GET /api/reviews/for-teacher/{id}: the teacher's visible reviews; any failure gives an empty
 * list (spec 7 and 8, "review helpers swallow errors").
 */
export async function getTeacherReviews(teacherId: number, signal?: AbortSignal): Promise<Review[]> {
  try {
    return await apiRequest(`/api/reviews/for-teacher/${teacherId}`, (contract) => contract.reviewsResponseSchema, {
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Teacher reviews could not be loaded', error);
    return [];
  }
}

/**
 * The students' reviews of the teacher (a teacher's reviews of students are not shown here), per
 * language: names and subjects come in the request's (ADR 020).
 */
export function useTeacherReviews(teacherId: number) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['teacher', 'reviews', teacherId, language],
    queryFn: ({ signal }) => getTeacherReviews(teacherId, signal),
    select: (reviews) => reviews.filter((review) => review.type !== 'teacher_to_student'),
    staleTime: 60_000,
  });
}
