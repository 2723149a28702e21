import type { ManualRefundBody } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_AUDIT_QUERY_KEY } from '../../moderation/api/get-audit.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
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
export function useCreateRefund() {
  return useAdminMutation(
    ({ body, idempotencyKey }: RefundRequest) =>
      apiRequest('/api/v1/admin/refunds', (contract) => contract.manualRefundResponseSchema, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    [
      ADMIN_LEDGER_QUERY_KEY,
      ADMIN_PAYMENTS_QUERY_KEY,
      ADMIN_USERS_QUERY_KEY,
      ADMIN_OVERVIEW_QUERY_KEY,
      ADMIN_AUDIT_QUERY_KEY,
    ],
  );
}
