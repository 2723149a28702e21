import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminSubject, type AdminSubjectBody, adminSubjectResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_SUBJECTS_QUERY_KEY } from './get-subjects.ts';

/** POST /api/v1/admin/subjects: a new subject. 422 `nameEn: 'alreadyExists'` for a duplicate English name. */
export async function createSubject(body: AdminSubjectBody): Promise<AdminSubject> {
  const answer = await apiRequest<unknown>('/api/v1/admin/subjects', { method: 'POST', body });
  return adminSubjectResponseSchema.parse(answer).subject;
}

export function useCreateSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SUBJECTS_QUERY_KEY }),
  });
}
