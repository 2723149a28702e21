import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type AdminUser, type AdminUserDetail, adminUserDetailSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_USERS_QUERY_KEY } from './get-users.ts';

export function adminUserQueryKey(id: number) {
  return [...ADMIN_USERS_QUERY_KEY, 'detail', id] as const;
}

/** GET /api/v1/admin/users/:id: the user with their money and activity figures. */
export async function getAdminUser(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return apiRequest(`/api/v1/admin/users/${id}`, adminUserDetailSchema, { signal });
}

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: adminUserQueryKey(id ?? 0),
    queryFn: ({ signal }) => getAdminUser(id ?? 0, signal),
    enabled: id !== null,
  });
}

/** Shows the user an action answered with at once on their page (the refetch follows). */
export function updateCachedUser(queryClient: QueryClient, user: AdminUser) {
  queryClient.setQueryData<AdminUserDetail>(adminUserQueryKey(user.id), (detail) =>
    detail ? { ...detail, user } : detail,
  );
}
