import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminCancelReservationResponse, adminCancelReservationResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_LEDGER_QUERY_KEY } from '../../money/api/get-ledger.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';
import { ADMIN_AUDIT_QUERY_KEY } from './get-audit.ts';
import { ADMIN_RESERVATIONS_QUERY_KEY } from './get-reservations.ts';

/**
 * POST /api/v1/admin/reservations/:id/cancel {reason}: cancels a pending or confirmed reservation
 * that has not ended, with a full refund to where it was paid from (wallet or subscription hours);
 * both people are notified. 409 conflict when it can no longer be cancelled, cancellationClosed
 * when it has ended.
 */
export async function cancelReservation(id: number, reason: string): Promise<AdminCancelReservationResponse> {
  return apiRequest(`/api/v1/admin/reservations/${id}/cancel`, adminCancelReservationResponseSchema, {
    method: 'POST',
    body: { reason },
  });
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => cancelReservation(id, reason),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_RESERVATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_LEDGER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_OVERVIEW_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_QUERY_KEY }),
      ]),
  });
}
