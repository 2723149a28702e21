import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminTeacher, adminTeacherResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from './get-teachers.ts';

/** POST /api/v1/admin/teachers/:id/unapprove: the teacher leaves search until approved again. */
export async function unapproveTeacher(id: number): Promise<AdminTeacher> {
  return (await apiRequest(`/api/v1/admin/teachers/${id}/unapprove`, adminTeacherResponseSchema, { method: 'POST' }))
    .teacher;
}

export function useUnapproveTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unapproveTeacher,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_TEACHERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_OVERVIEW_QUERY_KEY }),
      ]),
  });
}
