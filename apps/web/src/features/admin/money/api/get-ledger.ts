import type { adminLedgerQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { adminListQuery } from '../../ui/admin-query.ts';

/** Every ledger list hangs below this key (a refund invalidates it). */
export const ADMIN_LEDGER_QUERY_KEY = ['admin', 'ledger'] as const;

export type AdminLedgerListQuery = z.output<typeof adminLedgerQuerySchema>;

/** GET /api/v1/admin/ledger?userId&kind&from&to&page&limit: transfers with their lines, newest first. */
export const useAdminLedger = adminListQuery(ADMIN_LEDGER_QUERY_KEY, (query: AdminLedgerListQuery, signal) =>
  apiRequest('/api/v1/admin/ledger', (contract) => contract.adminLedgerResponseSchema, { query, signal }),
);
