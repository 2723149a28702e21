import type { adminTeacherApplicationsQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { adminListQuery } from '../../ui/admin-query.ts';

export const ADMIN_APPLICATIONS_QUERY_KEY = ['admin', 'teacher-applications'] as const;

/** GET /api/v1/admin/teacher-applications?status&page&limit: pending ones oldest first, others newest first. */
export const useAdminApplications = adminListQuery(
  ADMIN_APPLICATIONS_QUERY_KEY,
  (query: z.output<typeof adminTeacherApplicationsQuerySchema>, signal) =>
    apiRequest('/api/v1/admin/teacher-applications', (contract) => contract.adminTeacherApplicationsResponseSchema, {
      query,
      signal,
    }),
);
