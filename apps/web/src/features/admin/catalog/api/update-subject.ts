import type { AdminSubjectBody } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { useAdminMutation } from '../../ui/admin-query.ts';
import { ADMIN_SUBJECTS_QUERY_KEY } from './get-subjects.ts';

export type AdminSubjectPatch = Partial<AdminSubjectBody>;

/** PATCH /api/v1/admin/subjects/:id: any of the fields; `{ isActive: false }` deactivates. */
export function useUpdateSubject() {
  return useAdminMutation(
    async ({ id, body }: { id: number; body: AdminSubjectPatch }) =>
      (
        await apiRequest(`/api/v1/admin/subjects/${id}`, (contract) => contract.adminSubjectResponseSchema, {
          method: 'PATCH',
          body,
        })
      ).subject,
    // Teacher rows show subject names.
    [ADMIN_SUBJECTS_QUERY_KEY, ADMIN_TEACHERS_QUERY_KEY],
  );
}
