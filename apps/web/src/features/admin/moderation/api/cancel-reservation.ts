import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_LEDGER_QUERY_KEY } from '../../money/api/get-ledger.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';
import { ADMIN_AUDIT_QUERY_KEY } from './get-audit.ts';
import { ADMIN_RESERVATIONS_QUERY_KEY } from './get-reservations.ts';

/**
 * POST /api/v1/admin/reservations/:id/cancel {reason}: cancels a pending or confirmed reservation
 * that has not ended, with a full refund to where it was paid from (wallet or subscription hours);
 * both people are notified. 409 conflict when it can no longer be cancelled, cancellationClosed
 * when it has ended.
 */
export function useCancelReservation() {
  return useAdminMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      apiRequest(
        `/api/v1/admin/reservations/${id}/cancel`,
        (contract) => contract.adminCancelReservationResponseSchema,
        {
          method: 'POST',
          body: { reason },
        },
      ),
    [
      ADMIN_RESERVATIONS_QUERY_KEY,
      ADMIN_LEDGER_QUERY_KEY,
      ADMIN_USERS_QUERY_KEY,
      ADMIN_OVERVIEW_QUERY_KEY,
      ADMIN_AUDIT_QUERY_KEY,
    ],
  );
}
