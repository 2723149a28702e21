import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, adminUserResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { updateCachedUser } from './get-user.ts';
import { ADMIN_USERS_QUERY_KEY } from './get-users.ts';

/** POST /api/v1/admin/users/:id/restore: a suspended user may sign in again. */
export async function restoreUser(id: number): Promise<AdminUser> {
  return (await apiRequest(`/api/v1/admin/users/${id}/restore`, adminUserResponseSchema, { method: 'POST' })).user;
}

export function useRestoreUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => restoreUser(id),
    onSuccess: (user) => {
      updateCachedUser(queryClient, user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_TEACHERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_OVERVIEW_QUERY_KEY }),
      ]);
    },
  });
}
