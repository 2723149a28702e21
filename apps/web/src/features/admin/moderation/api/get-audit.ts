import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditResponse, type auditQuerySchema, auditResponseSchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';

export type AuditListQuery = z.output<typeof auditQuerySchema>;

/** Every audit list hangs below this key: each admin write invalidates it. */
export const ADMIN_AUDIT_QUERY_KEY = ['admin', 'audit'] as const;

/** GET /api/v1/admin/audit?actorId&action&entityType&entityId&page&limit: admin actions, newest first. */
export async function getAdminAudit(query: AuditListQuery, signal?: AbortSignal): Promise<AuditResponse> {
  return apiRequest('/api/v1/admin/audit', auditResponseSchema, { query, signal });
}

export function useAdminAudit(query: AuditListQuery) {
  return useQuery({
    queryKey: [...ADMIN_AUDIT_QUERY_KEY, query],
    queryFn: ({ signal }) => getAdminAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
