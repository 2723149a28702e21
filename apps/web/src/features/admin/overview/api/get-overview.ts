import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';

export const ADMIN_OVERVIEW_QUERY_KEY = ['admin', 'overview'] as const;

/** A range of Kuwaiti days (both inclusive); without it the server's default, the last 30 days. */
export type OverviewQuery = { from?: string | undefined; to?: string | undefined };

/** GET /api/v1/admin/overview?from&to: the headline figures and the range's against the range before. */
export async function getAdminOverview(range: OverviewQuery = {}, signal?: AbortSignal): Promise<AdminOverview> {
  return apiRequest('/api/v1/admin/overview', (contract) => contract.adminOverviewSchema, {
    signal,
    query: { from: range.from, to: range.to },
  });
}

export function useAdminOverview(range: OverviewQuery = {}) {
  return useQuery({
    queryKey: [...ADMIN_OVERVIEW_QUERY_KEY, range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => getAdminOverview(range, signal),
    placeholderData: (previous) => previous,
  });
}
