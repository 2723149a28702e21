import { adminTeacherResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { useAdminMutation } from '../../ui/admin-query.ts';
import { APPROVAL_CHANGES } from './get-teachers.ts';

/** POST /api/v1/admin/teachers/:id/unapprove: the teacher leaves search until approved again. */
export function useUnapproveTeacher() {
  return useAdminMutation(
    async (id: number) =>
      (await apiRequest(`/api/v1/admin/teachers/${id}/unapprove`, adminTeacherResponseSchema, { method: 'POST' }))
        .teacher,
    APPROVAL_CHANGES,
  );
}
