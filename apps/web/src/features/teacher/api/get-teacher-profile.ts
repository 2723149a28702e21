import { useQuery } from '@tanstack/react-query';
import type { TeacherDetail } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { ApiRequestError, apiRequest } from '../../../shared/http/client.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';

/**
 * GET /api/teachers/profiles/{id}: the profile and its reliability figures (null below 5 lessons).
 * Errors are rethrown (spec 8); a 404 means there is no such teacher.
 */
export function getTeacherProfile(id: number, signal?: AbortSignal): Promise<TeacherDetail> {
  return apiRequest(`/api/teachers/profiles/${id}`, (contract) => contract.teacherDetailSchema, { signal });
}

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The profile, in the request language (subject names are translated); a 404 is not retried. */
export function useTeacherProfile(id: number, language: Language) {
  return useQuery({
    queryKey: ['teacher', 'profile', id, language],
    queryFn: ({ signal }) => getTeacherProfile(id, signal),
    retry: (failureCount, error) => !isNotFoundError(error) && failureCount < 1,
    staleTime: 60_000,
  });
}

/** The loaded profile an island reads (in the query cache: the server's, or the page's), in the page's language. */
export function useLoadedTeacher(teacherId: number): TeacherDetail | undefined {
  return useTeacherProfile(teacherId, useCurrentLanguage()).data;
}
