import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../http/client.ts';

/**
 * GET /api/v1/subjects?isActive=true&limit=50: every active subject a teacher (or an applicant)
 * may pick, in the page's language.
 */
export function useActiveSubjects(language: string) {
  return useQuery({
    queryKey: ['subjects', language, 'all-active'],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/subjects', (contract) => contract.subjectsResponseSchema, {
        query: { isActive: true, limit: 50, page: 1 },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}
