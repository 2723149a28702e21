import type { AdminPayout, adminPayoutsQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_AUDIT_QUERY_KEY } from '../../moderation/api/get-audit.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { adminListQuery } from '../../ui/admin-query.ts';
import { ADMIN_LEDGER_QUERY_KEY } from './get-ledger.ts';

/** Every payouts list hangs below this key (a decision invalidates it). */
export const ADMIN_PAYOUTS_QUERY_KEY = ['admin', 'payouts'] as const;

export type AdminPayoutsListQuery = z.output<typeof adminPayoutsQuerySchema>;

/** GET /api/v1/admin/payouts?status&page&limit: waiting requests oldest first, else newest first. */
export const useAdminPayouts = adminListQuery(ADMIN_PAYOUTS_QUERY_KEY, (query: AdminPayoutsListQuery, signal) =>
  apiRequest('/api/v1/admin/payouts', (contract) => contract.adminPayoutsResponseSchema, { query, signal }),
);

export type PayoutDecision =
  | { id: number; paid: true; bankReference: string }
  | { id: number; paid: false; reason: string };

/**
 * POST /api/v1/admin/payouts/:id/paid { bankReference } or /reject { reason }: decides a requested
 * payout once (409 payoutAlreadyDecided afterwards); the ledger and the audit log change with it.
 */
export function useDecidePayout() {
  return useAdminMutation(
    async (decision: PayoutDecision): Promise<AdminPayout> =>
      (
        await apiRequest(
          `/api/v1/admin/payouts/${decision.id}/${decision.paid ? 'paid' : 'reject'}`,
          (contract) => contract.adminPayoutResponseSchema,
          {
            method: 'POST',
            body: decision.paid ? { bankReference: decision.bankReference } : { reason: decision.reason },
          },
        )
      ).payout,
    [ADMIN_PAYOUTS_QUERY_KEY, ADMIN_LEDGER_QUERY_KEY, ADMIN_AUDIT_QUERY_KEY],
  );
}
