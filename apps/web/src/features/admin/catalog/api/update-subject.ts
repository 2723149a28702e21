import type { AdminSubjectBody } from '@ustaz/contract';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { ADMIN_SUBJECTS_QUERY_KEY, SUBJECT_ROW } from './get-subjects.ts';

export type AdminSubjectPatch = Partial<AdminSubjectBody>;

/** PATCH /api/v1/admin/subjects/:id: any of the fields; `{ isActive: false }` deactivates. */
export function useUpdateSubject() {
  return useAdminMutation(
    ({ id, body }: { id: number; body: AdminSubjectPatch }) => SUBJECT_ROW.patch(id, body),
    // Teacher rows show subject names.
    [ADMIN_SUBJECTS_QUERY_KEY, ADMIN_TEACHERS_QUERY_KEY],
  );
}
