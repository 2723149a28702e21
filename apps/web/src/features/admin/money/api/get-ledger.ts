import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminLedgerResponse, type adminLedgerQuerySchema, adminLedgerResponseSchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';

export type AdminLedgerListQuery = z.output<typeof adminLedgerQuerySchema>;

/** Every ledger list hangs below this key (a refund invalidates it). */
export const ADMIN_LEDGER_QUERY_KEY = ['admin', 'ledger'] as const;

/** GET /api/v1/admin/ledger?userId&kind&from&to&page&limit: transfers with their lines, newest first. */
export async function getAdminLedger(query: AdminLedgerListQuery, signal?: AbortSignal): Promise<AdminLedgerResponse> {
  return apiRequest('/api/v1/admin/ledger', adminLedgerResponseSchema, { query, signal });
}

export function useAdminLedger(query: AdminLedgerListQuery) {
  return useQuery({
    queryKey: [...ADMIN_LEDGER_QUERY_KEY, query],
    queryFn: ({ signal }) => getAdminLedger(query, signal),
    placeholderData: keepPreviousData,
  });
}
