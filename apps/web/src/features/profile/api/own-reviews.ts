import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** The signed-in teacher's reviews from students, by their teacher profile id. */
export const OWN_REVIEWS_QUERY_KEY = ['profile', 'ownReviews'] as const;

/** How many of the newest reviews the profile lists. */
export const OWN_REVIEWS_LIMIT = 50;

/** GET /api/reviews/for-teacher/{id}: the teacher's published reviews from students (unpublished ones are hidden from them). */
export function useOwnReviews(teacherProfileId: number | undefined) {
  return useQuery({
    queryKey: [...OWN_REVIEWS_QUERY_KEY, teacherProfileId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/reviews/for-teacher/${teacherProfileId}`, (contract) => contract.reviewsResponseSchema, {
        query: { limit: OWN_REVIEWS_LIMIT },
        signal,
      }),
    select: (reviews) => reviews.filter((review) => review.type === 'student_to_teacher' && review.published),
    enabled: teacherProfileId !== undefined,
  });
}

/** POST /api/reviews/{id}/reply: the teacher's one public reply to a review; the list shows it after. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: number; text: string }): Promise<Review> =>
      apiRequest(`/api/reviews/${reviewId}/reply`, (contract) => contract.reviewSchema, {
        method: 'POST',
        body: { text },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OWN_REVIEWS_QUERY_KEY }),
  });
}
