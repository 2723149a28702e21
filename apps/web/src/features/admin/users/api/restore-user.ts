import { apiRequest } from '../../../../shared/http/client.ts';
import { useUserMutation } from './get-user.ts';

/** POST /api/v1/admin/users/:id/restore: a suspended user may sign in again. */
export function useRestoreUser(id: number) {
  return useUserMutation(
    async () =>
      (
        await apiRequest(`/api/v1/admin/users/${id}/restore`, (contract) => contract.adminUserResponseSchema, {
          method: 'POST',
        })
      ).user,
  );
}
