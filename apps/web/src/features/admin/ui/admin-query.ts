import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';

/**
 * The hook of a dashboard list: `get` asks for the page `query` names. The page on screen stays
 * while the next one loads; the cache entries hang below `key`, which the writes invalidate
 * (admin-mutation.ts: apart, so that a list that only reads does not load the mutation code).
 */
export function adminListQuery<Query, Answer>(
  key: QueryKey,
  get: (query: Query, signal: AbortSignal) => Promise<Answer>,
) {
  return function useAdminListQuery(query: Query, { enabled = true }: { enabled?: boolean } = {}) {
    return useQuery({
      queryKey: [...key, query],
      queryFn: ({ signal }) => get(query, signal),
      placeholderData: keepPreviousData,
      enabled,
    });
  };
}
