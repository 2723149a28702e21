import type { adminPaymentsQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { adminListQuery } from '../../ui/admin-query.ts';

/** Every payments list hangs below this key (a reconcile or a refund invalidates it). */
export const ADMIN_PAYMENTS_QUERY_KEY = ['admin', 'payments'] as const;

export type AdminPaymentsListQuery = z.output<typeof adminPaymentsQuerySchema>;

/** GET /api/v1/admin/payments?status&provider&userId&search&page&limit: gateway payments, newest first. */
export const useAdminPayments = adminListQuery(ADMIN_PAYMENTS_QUERY_KEY, (query: AdminPaymentsListQuery, signal) =>
  apiRequest('/api/v1/admin/payments', (contract) => contract.adminPaymentsResponseSchema, { query, signal }),
);
