import type { AdminTeacherPatch } from '@ustaz/contract';
import { useAdminMutation } from '../../ui/admin-query.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';
import { ADMIN_TEACHERS_QUERY_KEY, TEACHER_ROW } from './get-teachers.ts';

/** PATCH /api/v1/admin/teachers/:id: the profile in both languages, rate, video and subjects. 422 field codes. */
export function useUpdateTeacher() {
  return useAdminMutation(
    ({ id, body }: { id: number; body: AdminTeacherPatch }) => TEACHER_ROW.patch(id, body),
    [ADMIN_TEACHERS_QUERY_KEY, ADMIN_USERS_QUERY_KEY],
  );
}
