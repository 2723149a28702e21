import { useQuery } from '@tanstack/react-query';
import type { TeacherApplication } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

export const MY_APPLICATION_QUERY_KEY = ['teacher-applications', 'mine'] as const;

/** GET /api/v1/teacher-applications/mine: the caller's newest application to teach, or null. */
export async function getMyApplication(signal?: AbortSignal): Promise<TeacherApplication | null> {
  const { application } = await apiRequest(
    '/api/v1/teacher-applications/mine',
    (contract) => contract.myTeacherApplicationResponseSchema,
    { signal },
  );
  return application;
}

/** The signed-in student's application (not asked for anyone else). */
export function useMyApplication(enabled: boolean) {
  return useQuery({ queryKey: MY_APPLICATION_QUERY_KEY, queryFn: ({ signal }) => getMyApplication(signal), enabled });
}
