import { apiRequest } from '../../../../shared/http/client.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { APPROVAL_CHANGES } from './get-teachers.ts';

/**
 * POST /api/v1/admin/teachers/:id/approve: the teacher is listed in search from now on;
 * POST /api/v1/admin/teachers/:id/unapprove: the teacher leaves search until approved again.
 */
function useApproval(action: 'approve' | 'unapprove') {
  return useAdminMutation(
    async (id: number) =>
      (
        await apiRequest(`/api/v1/admin/teachers/${id}/${action}`, (contract) => contract.adminTeacherResponseSchema, {
          method: 'POST',
        })
      ).teacher,
    APPROVAL_CHANGES,
  );
}

export function useApproveTeacher() {
  return useApproval('approve');
}

export function useUnapproveTeacher() {
  return useApproval('unapprove');
}
