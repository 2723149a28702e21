import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminSubject, type AdminSubjectBody, adminSubjectResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_SUBJECTS_QUERY_KEY } from './get-subjects.ts';

/** POST /api/v1/admin/subjects: a new subject. 422 `nameEn: 'alreadyExists'` for a duplicate English name. */
export async function createSubject(body: AdminSubjectBody): Promise<AdminSubject> {
  return (await apiRequest('/api/v1/admin/subjects', adminSubjectResponseSchema, { method: 'POST', body })).subject;
}

export function useCreateSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SUBJECTS_QUERY_KEY }),
  });
}
