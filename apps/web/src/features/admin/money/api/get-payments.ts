import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminPaymentsResponse,
  type adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
} from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';

export type AdminPaymentsListQuery = z.output<typeof adminPaymentsQuerySchema>;

/** Every payments list hangs below this key (a reconcile or a refund invalidates it). */
export const ADMIN_PAYMENTS_QUERY_KEY = ['admin', 'payments'] as const;

/** GET /api/v1/admin/payments?status&provider&userId&search&page&limit: gateway payments, newest first. */
export async function getAdminPayments(
  query: AdminPaymentsListQuery,
  signal?: AbortSignal,
): Promise<AdminPaymentsResponse> {
  return apiRequest('/api/v1/admin/payments', adminPaymentsResponseSchema, { query, signal });
}

export function useAdminPayments(query: AdminPaymentsListQuery) {
  return useQuery({
    queryKey: [...ADMIN_PAYMENTS_QUERY_KEY, query],
    queryFn: ({ signal }) => getAdminPayments(query, signal),
    placeholderData: keepPreviousData,
  });
}
