import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { AdminUser, AdminUserDetail } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { ADMIN_USERS_QUERY_KEY } from './get-users.ts';

export function adminUserQueryKey(id: number) {
  return [...ADMIN_USERS_QUERY_KEY, 'detail', id] as const;
}

/** GET /api/v1/admin/users/:id: the user with their money and activity figures. */
export async function getAdminUser(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return apiRequest(`/api/v1/admin/users/${id}`, (contract) => contract.adminUserDetailSchema, { signal });
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

/**
 * An action on a user's account (promote, suspend, restore): the user it answers with shows on
 * their page at once, and the users and teachers lists and the overview are asked again.
 */
export function useUserMutation<Variables>(mutationFn: (variables: Variables) => Promise<AdminUser>) {
  return useAdminMutation(
    mutationFn,
    [ADMIN_USERS_QUERY_KEY, ADMIN_TEACHERS_QUERY_KEY, ADMIN_OVERVIEW_QUERY_KEY],
    (user, queryClient) => updateCachedUser(queryClient, user),
  );
}
