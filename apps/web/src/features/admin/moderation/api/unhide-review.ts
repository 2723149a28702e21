import { apiRequest } from '../../../../shared/http/client.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { REVIEW_CHANGES } from './get-reviews.ts';

/**
 * POST /api/v1/admin/reviews/:id/unhide: a hidden review is public again and counts in the
 * teacher's rating. No reason needed. 409 conflict when it is not hidden.
 */
export function useUnhideReview() {
  return useAdminMutation(
    (id: number) =>
      apiRequest(`/api/v1/admin/reviews/${id}/unhide`, (contract) => contract.adminReviewResponseSchema, {
        method: 'POST',
      }),
    REVIEW_CHANGES,
  );
}
