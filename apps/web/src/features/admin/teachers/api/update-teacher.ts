import type { AdminTeacherPatch } from '@ustaz/contract';
import { adminRow, useAdminMutation } from '../../ui/admin-mutation.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from './get-teachers.ts';

const TEACHER_ROW = adminRow('/api/v1/admin/teachers', (contract) => contract.adminTeacherResponseSchema, 'teacher');

/** PATCH /api/v1/admin/teachers/:id: the profile in both languages, rate, video and subjects. 422 field codes. */
export function useUpdateTeacher() {
  return useAdminMutation(
    ({ id, body }: { id: number; body: AdminTeacherPatch }) => TEACHER_ROW.patch(id, body),
    [ADMIN_TEACHERS_QUERY_KEY, ADMIN_USERS_QUERY_KEY],
  );
}
