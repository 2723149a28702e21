import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, adminUserResponseSchema, type SuspendUserBody } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { updateCachedUser } from './get-user.ts';
import { ADMIN_USERS_QUERY_KEY } from './get-users.ts';

/**
 * POST /api/v1/admin/users/:id/suspend {reason}: signs the user out everywhere and blocks sign-in.
 * 409 protectedUser for an admin or oneself. The reason goes to the audit log.
 */
export async function suspendUser(id: number, body: SuspendUserBody): Promise<AdminUser> {
  return (await apiRequest(`/api/v1/admin/users/${id}/suspend`, adminUserResponseSchema, { method: 'POST', body }))
    .user;
}

export function useSuspendUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => suspendUser(id, { reason }),
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
