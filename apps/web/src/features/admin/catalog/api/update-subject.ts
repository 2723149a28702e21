import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminSubject, type AdminSubjectBody, adminSubjectResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_TEACHERS_QUERY_KEY } from '../../teachers/api/get-teachers.ts';
import { ADMIN_SUBJECTS_QUERY_KEY } from './get-subjects.ts';

export type AdminSubjectPatch = Partial<AdminSubjectBody>;

/** PATCH /api/v1/admin/subjects/:id: any of the fields; `{ isActive: false }` deactivates. */
export async function updateSubject(id: number, body: AdminSubjectPatch): Promise<AdminSubject> {
  return (await apiRequest(`/api/v1/admin/subjects/${id}`, adminSubjectResponseSchema, { method: 'PATCH', body }))
    .subject;
}

export function useUpdateSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminSubjectPatch }) => updateSubject(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_SUBJECTS_QUERY_KEY }),
        // Teacher rows show subject names.
        queryClient.invalidateQueries({ queryKey: ADMIN_TEACHERS_QUERY_KEY }),
      ]),
  });
}
