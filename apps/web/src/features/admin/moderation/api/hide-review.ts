import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminReviewResponse, adminReviewResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { ADMIN_AUDIT_QUERY_KEY } from './get-audit.ts';
import { ADMIN_REVIEWS_QUERY_KEY } from './get-reviews.ts';

/**
 * POST /api/v1/admin/reviews/:id/hide {reason}: the review leaves every public list and the
 * teacher's rating, which is recomputed at once. 409 conflict when it is already hidden.
 */
export async function hideReview(id: number, reason: string): Promise<AdminReviewResponse> {
  return apiRequest(`/api/v1/admin/reviews/${id}/hide`, adminReviewResponseSchema, {
    method: 'POST',
    body: { reason },
  });
}

export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => hideReview(id, reason),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_TEACHERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_QUERY_KEY }),
      ]),
  });
}
