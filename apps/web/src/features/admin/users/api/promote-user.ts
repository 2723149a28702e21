import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, adminUserResponseSchema, type promoteUserBodySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { updateCachedUser } from './get-user.ts';
import { ADMIN_USERS_QUERY_KEY } from './get-users.ts';

type PromoteBody = z.input<typeof promoteUserBodySchema>;

/**
 * POST /api/v1/admin/users/:id/promote {hourlyRate?}: a student becomes a teacher with an
 * unapproved profile (not listed until approved). 409 notStudent for any other role.
 */
export async function promoteUser(id: number, body: PromoteBody): Promise<AdminUser> {
  return (await apiRequest(`/api/v1/admin/users/${id}/promote`, adminUserResponseSchema, { method: 'POST', body }))
    .user;
}

export function usePromoteUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoteBody) => promoteUser(id, body),
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
