import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeacherApplicationBody } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { MY_APPLICATION_QUERY_KEY } from './get-my-application.ts';

/**
 * POST /api/v1/teacher-applications: 201 `{ id, status: 'pending' }`; 403 forbidden or
 * emailNotConfirmed, 409 applicationPending, 422 field codes (`subjectIds: 'notFound'`).
 */
export function submitApplication(body: TeacherApplicationBody) {
  return apiRequest('/api/v1/teacher-applications', (contract) => contract.createTeacherApplicationResponseSchema, {
    method: 'POST',
    body,
  });
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_APPLICATION_QUERY_KEY }),
  });
}
