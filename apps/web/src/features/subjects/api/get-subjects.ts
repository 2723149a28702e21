import { useQuery } from '@tanstack/react-query';
import { type Subject, subjectSchema } from '@ustaz/contract';
import { SUBJECT_PAGE_SIZE } from '@ustaz/contract/constants';
import { pageCount } from '@ustaz/contract/paging';
import { z } from 'zod';
import { apiRequest } from '../../../shared/http/client.ts';

export type SubjectsPage = { subjects: Subject[]; total: number; page: number; limit: number; totalPages: number };

/** The answer is not a list of subjects (spec 8: the bad-format message, not the load failure). */
export class SubjectsFormatError extends Error {
  constructor() {
    super('Unexpected subjects response');
    this.name = 'SubjectsFormatError';
  }
}

const subjectListSchema = z.array(subjectSchema);

function whole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * Reads a subjects answer: `{ data, total, page, limit, totalPages }`, or the other reading of
 * spec 3 `{ subjects, total, totalPages }`. A list that is not an array of subjects throws
 * SubjectsFormatError.
 */
export function readSubjectsPage(body: unknown, requestedPage: number): SubjectsPage {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const list = Array.isArray(record.data) ? record.data : Array.isArray(record.subjects) ? record.subjects : null;
  const parsed = list ? subjectListSchema.safeParse(list) : null;
  if (!parsed?.success) throw new SubjectsFormatError();
  const limit = whole(record.limit) || SUBJECT_PAGE_SIZE;
  const total = whole(record.total) ?? parsed.data.length;
  return {
    subjects: parsed.data,
    total,
    page: whole(record.page) || requestedPage,
    limit,
    totalPages: whole(record.totalPages) ?? pageCount(total, limit),
  };
}

/** GET /api/v1/subjects: active subjects, 8 a page, names and descriptions in the request language. */
export async function getSubjects(
  { search, page }: { search: string; page: number },
  signal?: AbortSignal,
): Promise<SubjectsPage> {
  const body = await apiRequest<unknown>('/api/v1/subjects', {
    query: { isActive: true, search, page, limit: SUBJECT_PAGE_SIZE },
    signal,
  });
  return readSubjectsPage(body, page);
}

export function useSubjects(search: string, page: number, language: string) {
  return useQuery({
    queryKey: ['subjects', language, { search, page }],
    queryFn: ({ signal }) => getSubjects({ search, page }, signal),
    staleTime: 5 * 60_000,
  });
}
