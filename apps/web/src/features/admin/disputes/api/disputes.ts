import { useQuery } from '@tanstack/react-query';
import type { AdminDispute, adminDisputesQuerySchema, ResolveDisputeBody } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_AUDIT_QUERY_KEY } from '../../moderation/api/get-audit.ts';
import { ADMIN_RESERVATIONS_QUERY_KEY } from '../../moderation/api/get-reservations.ts';
import { ADMIN_LEDGER_QUERY_KEY } from '../../money/api/get-ledger.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { adminListQuery } from '../../ui/admin-query.ts';

/** Every disputes list and dispute hangs below this key (a decision invalidates it, and the nav's count). */
export const ADMIN_DISPUTES_QUERY_KEY = ['admin', 'disputes'] as const;

export type AdminDisputesListQuery = z.output<typeof adminDisputesQuerySchema>;

/** GET /api/v1/admin/disputes?status=open|resolved&page&limit: reported lesson problems. */
export const useAdminDisputes = adminListQuery(ADMIN_DISPUTES_QUERY_KEY, (query: AdminDisputesListQuery, signal) =>
  apiRequest('/api/v1/admin/disputes', (contract) => contract.adminDisputesResponseSchema, { query, signal }),
);

/** GET /api/v1/admin/disputes/{id}: one dispute as it is now (the drawer reads it fresh). */
export function useAdminDispute(id: number | null) {
  return useQuery({
    queryKey: [...ADMIN_DISPUTES_QUERY_KEY, 'one', id],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/v1/admin/disputes/${id}`, (contract) => contract.adminDisputeResponseSchema, {
          signal,
        })
      ).dispute,
    enabled: id !== null,
  });
}

/**
 * POST /api/v1/admin/disputes/{id}/resolve { outcome, amount?, note }: refund the student (in full
 * without an amount, or that part) or release the held earning to the teacher, once (409
 * disputeAlreadyResolved afterwards; 422 refundTooLarge on amount). Ledger and audit change with it.
 */
export function useResolveDispute() {
  return useAdminMutation(
    async ({ id, body }: { id: number; body: ResolveDisputeBody }): Promise<AdminDispute> =>
      (
        await apiRequest(`/api/v1/admin/disputes/${id}/resolve`, (contract) => contract.adminDisputeResponseSchema, {
          method: 'POST',
          body,
        })
      ).dispute,
    [ADMIN_DISPUTES_QUERY_KEY, ADMIN_LEDGER_QUERY_KEY, ADMIN_AUDIT_QUERY_KEY, ADMIN_RESERVATIONS_QUERY_KEY],
  );
}
