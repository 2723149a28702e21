import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminReviewResponse, adminReviewResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { ADMIN_AUDIT_QUERY_KEY } from './get-audit.ts';
import { ADMIN_REVIEWS_QUERY_KEY } from './get-reviews.ts';

/**
 * POST /api/v1/admin/reviews/:id/unhide: a hidden review is public again and counts in the
 * teacher's rating. No reason needed. 409 conflict when it is not hidden.
 */
export async function unhideReview(id: number): Promise<AdminReviewResponse> {
  return apiRequest(`/api/v1/admin/reviews/${id}/unhide`, adminReviewResponseSchema, { method: 'POST' });
}

export function useUnhideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unhideReview,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_TEACHERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_QUERY_KEY }),
      ]),
  });
}
