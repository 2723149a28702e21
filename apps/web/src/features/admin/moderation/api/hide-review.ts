import { apiRequest } from '../../../../shared/http/client.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { REVIEW_CHANGES } from './get-reviews.ts';

/**
 * POST /api/v1/admin/reviews/:id/hide {reason}: the review leaves every public list and the
 * teacher's rating, which is recomputed at once. 409 conflict when it is already hidden.
 */
export function useHideReview() {
  return useAdminMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      apiRequest(`/api/v1/admin/reviews/${id}/hide`, (contract) => contract.adminReviewResponseSchema, {
        method: 'POST',
        body: { reason },
      }),
    REVIEW_CHANGES,
  );
}
