import { useQuery } from '@tanstack/react-query';
import type { ReconciliationResponse } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';

export const ADMIN_RECONCILIATION_QUERY_KEY = ['admin', 'reconciliation'] as const;

export function reconciliationQueryKey(days: number) {
  return [...ADMIN_RECONCILIATION_QUERY_KEY, days] as const;
}

/**
 * GET /api/v1/admin/reconciliation?days: asks the gateways about the payments of the last `days`
 * and answers with those where they and we disagree. Slow (seconds) and rate limited, so it runs
 * only when the admin asks (`enabled`), never on a window focus or a remount.
 */
export async function getReconciliation(days: number, signal?: AbortSignal): Promise<ReconciliationResponse> {
  return apiRequest('/api/v1/admin/reconciliation', (contract) => contract.reconciliationResponseSchema, {
    query: { days },
    signal,
  });
}

export function useReconciliation(days: number, enabled: boolean) {
  return useQuery({
    queryKey: reconciliationQueryKey(days),
    queryFn: ({ signal }) => getReconciliation(days, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
