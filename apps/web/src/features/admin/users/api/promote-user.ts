import type { promoteUserBodySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { useUserMutation } from './get-user.ts';

type PromoteBody = z.input<typeof promoteUserBodySchema>;

/**
 * POST /api/v1/admin/users/:id/promote {hourlyRate?}: a student becomes a teacher with an
 * unapproved profile (not listed until approved). 409 notStudent for any other role.
 */
export function usePromoteUser(id: number) {
  return useUserMutation(
    async (body: PromoteBody) =>
      (
        await apiRequest(`/api/v1/admin/users/${id}/promote`, (contract) => contract.adminUserResponseSchema, {
          method: 'POST',
          body,
        })
      ).user,
  );
}
