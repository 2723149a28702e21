import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminUsersResponse, type adminUsersQuerySchema, adminUsersResponseSchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';

/** Every users list and user page hangs below this key. */
export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

export type AdminUsersListQuery = z.output<typeof adminUsersQuerySchema>;

/** GET /api/v1/admin/users?search&roleId&status&page&limit: users, newest first. */
export async function getAdminUsers(query: AdminUsersListQuery, signal?: AbortSignal): Promise<AdminUsersResponse> {
  return apiRequest('/api/v1/admin/users', adminUsersResponseSchema, { query, signal });
}

export function useAdminUsers(query: AdminUsersListQuery) {
  return useQuery({
    queryKey: [...ADMIN_USERS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
