import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminTeacher, type AdminTeacherPatch, adminTeacherResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from './get-teachers.ts';

/** PATCH /api/v1/admin/teachers/:id: the profile in both languages, rate, video and subjects. 422 field codes. */
export async function updateTeacher(id: number, body: AdminTeacherPatch): Promise<AdminTeacher> {
  return (await apiRequest(`/api/v1/admin/teachers/${id}`, adminTeacherResponseSchema, { method: 'PATCH', body }))
    .teacher;
}

export function useUpdateTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminTeacherPatch }) => updateTeacher(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_TEACHERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
      ]),
  });
}
