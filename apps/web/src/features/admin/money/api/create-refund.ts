import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ManualRefundBody, type ManualRefundResponse, manualRefundResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_AUDIT_QUERY_KEY } from '../../moderation/api/get-audit.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';
import { ADMIN_LEDGER_QUERY_KEY } from './get-ledger.ts';
import { ADMIN_PAYMENTS_QUERY_KEY } from './get-payments.ts';

export type RefundRequest = { body: ManualRefundBody; idempotencyKey: string };

/**
 * POST /api/v1/admin/refunds: money from the platform's revenue to a user's wallet (a ledger
 * transfer of kind manual_refund), with the user notified. The Idempotency-Key is made once per
 * opening of the refund dialog: a retry after a lost answer cannot pay twice, and the same key
 * with another amount is refused (422 idempotencyKey: idempotencyKeyReused).
 */
export async function createRefund({ body, idempotencyKey }: RefundRequest): Promise<ManualRefundResponse> {
  return apiRequest('/api/v1/admin/refunds', manualRefundResponseSchema, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRefund,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_LEDGER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_PAYMENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_OVERVIEW_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_QUERY_KEY }),
      ]),
  });
}
