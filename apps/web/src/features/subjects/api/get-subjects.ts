import { useQuery } from '@tanstack/react-query';
import type { Subject } from '@ustaz/contract';
import { SUBJECT_PAGE_SIZE } from '@ustaz/contract/constants';
import { apiRequest, isInvalidResponse } from '../../../shared/http/client.ts';

export type SubjectsPage = { subjects: Subject[]; total: number; page: number; limit: number; totalPages: number };

/** The answer is not a list of subjects (spec 8: the bad-format message, not the load failure). */
export class SubjectsFormatError extends Error {
  constructor() {
    super('Unexpected subjects response');
    this.name = 'SubjectsFormatError';
  }
}

/**
 * GET /api/v1/subjects: active subjects, 8 a page, names and descriptions in the request language.
 * An answer that is not a page of subjects throws SubjectsFormatError.
 */
export async function getSubjects(
  { search, page }: { search: string; page: number },
  signal?: AbortSignal,
): Promise<SubjectsPage> {
  try {
    const { data, ...paging } = await apiRequest('/api/v1/subjects', (contract) => contract.subjectsResponseSchema, {
      query: { isActive: true, search, page, limit: SUBJECT_PAGE_SIZE },
      signal,
    });
    return { subjects: data, ...paging };
  } catch (error) {
    throw isInvalidResponse(error) ? new SubjectsFormatError() : error;
  }
}

export function useSubjects(search: string, page: number, language: string) {
  return useQuery({
    queryKey: ['subjects', language, { search, page }],
    queryFn: ({ signal }) => getSubjects({ search, page }, signal),
    staleTime: 5 * 60_000,
  });
}
