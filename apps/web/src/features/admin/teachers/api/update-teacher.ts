import type { AdminTeacherPatch } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { useAdminMutation } from '../../ui/admin-query.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from './get-teachers.ts';

/** PATCH /api/v1/admin/teachers/:id: the profile in both languages, rate, video and subjects. 422 field codes. */
export function useUpdateTeacher() {
  return useAdminMutation(
    async ({ id, body }: { id: number; body: AdminTeacherPatch }) =>
      (
        await apiRequest(`/api/v1/admin/teachers/${id}`, (contract) => contract.adminTeacherResponseSchema, {
          method: 'PATCH',
          body,
        })
      ).teacher,
    [ADMIN_TEACHERS_QUERY_KEY, ADMIN_USERS_QUERY_KEY],
  );
}
