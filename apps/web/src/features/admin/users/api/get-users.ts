import type { adminUsersQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { adminListQuery } from '../../ui/admin-query.ts';

/** Every users list and user page hangs below this key. */
export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

export type AdminUsersListQuery = z.output<typeof adminUsersQuerySchema>;

/** GET /api/v1/admin/users?search&roleId&status&page&limit: users, newest first. */
export const useAdminUsers = adminListQuery([...ADMIN_USERS_QUERY_KEY, 'list'], (query: AdminUsersListQuery, signal) =>
  apiRequest('/api/v1/admin/users', (contract) => contract.adminUsersResponseSchema, { query, signal }),
);
