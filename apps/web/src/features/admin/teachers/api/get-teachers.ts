import type { adminTeachersQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { adminListQuery } from '../../ui/admin-query.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';

export const ADMIN_TEACHERS_QUERY_KEY = ['admin', 'teachers'] as const;

export type AdminTeachersListQuery = z.output<typeof adminTeachersQuerySchema>;

/** GET /api/v1/admin/teachers?search&approval&page&limit: teacher profiles, pending ones first. */
export const useAdminTeachers = adminListQuery(ADMIN_TEACHERS_QUERY_KEY, (query: AdminTeachersListQuery, signal) =>
  apiRequest('/api/v1/admin/teachers', (contract) => contract.adminTeachersResponseSchema, { query, signal }),
);

/** What approving or unapproving a teacher changes: the teachers, their user rows, the overview's count. */
export const APPROVAL_CHANGES = [ADMIN_TEACHERS_QUERY_KEY, ADMIN_USERS_QUERY_KEY, ADMIN_OVERVIEW_QUERY_KEY];
