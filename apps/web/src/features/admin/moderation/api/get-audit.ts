import type { auditQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { adminListQuery } from '../../ui/admin-query.ts';

/** Every audit list hangs below this key: each admin write invalidates it. */
export const ADMIN_AUDIT_QUERY_KEY = ['admin', 'audit'] as const;

export type AuditListQuery = z.output<typeof auditQuerySchema>;

/** GET /api/v1/admin/audit?actorId&action&entityType&entityId&page&limit: admin actions, newest first. */
export const useAdminAudit = adminListQuery(ADMIN_AUDIT_QUERY_KEY, (query: AuditListQuery, signal) =>
  apiRequest('/api/v1/admin/audit', (contract) => contract.auditResponseSchema, { query, signal }),
);
