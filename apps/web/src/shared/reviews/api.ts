import { useQuery } from '@tanstack/react-query';
import type { Review } from '@ustaz/contract';
import { apiRequest } from '../http/client.ts';

/** How many of a student's reviews the summary reads (the newest). */
export const STUDENT_REVIEWS_LIMIT = 20;

/**
 * GET /api/reviews/for-student/{id}: what teachers wrote about a student. The student, their
 * teachers (a lesson or a conversation) and admins may read it; the list holds published reviews
 * and the reader's own unpublished one.
 */
export function getStudentReviews(studentId: number, signal?: AbortSignal): Promise<Review[]> {
  return apiRequest(`/api/reviews/for-student/${studentId}`, (contract) => contract.reviewsResponseSchema, {
    query: { limit: STUDENT_REVIEWS_LIMIT },
    signal,
  });
}

/** A student's published reviews from teachers (the reader's own blind one is left out: it is not a rating yet). */
export function useStudentReviews(studentId: number) {
  return useQuery({
    queryKey: ['reviews', 'for-student', studentId],
    queryFn: ({ signal }) => getStudentReviews(studentId, signal),
    select: (reviews) => reviews.filter((review) => review.type === 'teacher_to_student' && review.published),
    staleTime: 60_000,
    retry: false,
  });
}
