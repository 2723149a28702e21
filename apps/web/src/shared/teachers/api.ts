import { useQuery } from '@tanstack/react-query';
import type { TeacherProfile, TeacherSearchQuery } from '@ustaz/contract';
import { apiRequest } from '../http/client.ts';

export type TeacherSearchResult = {
  data: TeacherProfile[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
};

/** Teacher search filters as the client sends them (spec 3 "Search filter params"). */
export type TeacherSearchParams = Omit<TeacherSearchQuery, 'subjects'> & { subjects?: string[] };

export function searchTeachers(params: TeacherSearchParams, signal?: AbortSignal) {
  const { subjects, ...rest } = params;
  return apiRequest('/api/teachers/search', (contract) => contract.teacherSearchResponseSchema, {
    query: { ...rest, ...(subjects ? { subjects } : {}) } as Record<
      string,
      string | number | boolean | undefined | string[]
    >,
    signal,
  });
}

/** One search, cached by its parameters and language (the answer is in the request language). */
export function useTeacherSearch(params: TeacherSearchParams, language: string, enabled = true) {
  return useQuery({
    queryKey: ['teachers', 'search', language, params],
    queryFn: ({ signal }) => searchTeachers(params, signal),
    enabled,
    staleTime: 60_000,
  });
}
