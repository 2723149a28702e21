import { apiRequest } from '../../../../shared/http/client.ts';
import { useUserMutation } from './get-user.ts';

/**
 * POST /api/v1/admin/users/:id/suspend {reason}: signs the user out everywhere and blocks sign-in.
 * 409 protectedUser for an admin or oneself. The reason goes to the audit log.
 */
export function useSuspendUser(id: number) {
  return useUserMutation(
    async (reason: string) =>
      (
        await apiRequest(`/api/v1/admin/users/${id}/suspend`, (contract) => contract.adminUserResponseSchema, {
          method: 'POST',
          body: { reason },
        })
      ).user,
  );
}
