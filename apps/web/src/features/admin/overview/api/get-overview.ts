import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';

export const ADMIN_OVERVIEW_QUERY_KEY = ['admin', 'overview'] as const;

/** GET /api/v1/admin/overview: the dashboard's headline figures. */
export async function getAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return apiRequest('/api/v1/admin/overview', (contract) => contract.adminOverviewSchema, { signal });
}

export function useAdminOverview() {
  return useQuery({ queryKey: ADMIN_OVERVIEW_QUERY_KEY, queryFn: ({ signal }) => getAdminOverview(signal) });
}
