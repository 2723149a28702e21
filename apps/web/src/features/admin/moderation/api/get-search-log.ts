import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type NotFoundTermsResponse,
  type notFoundTermsQuerySchema,
  notFoundTermsResponseSchema,
} from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';

export const ADMIN_SEARCH_LOG_QUERY_KEY = ['admin', 'search-log'] as const;

export type SearchLogQuery = z.output<typeof notFoundTermsQuerySchema>;

/** GET /api/v1/admin/search-not-found?searchType&days&page&limit: missing terms, most searched first. */
export async function getSearchLog(query: SearchLogQuery, signal?: AbortSignal): Promise<NotFoundTermsResponse> {
  return apiRequest('/api/v1/admin/search-not-found', notFoundTermsResponseSchema, { query, signal });
}

export function useSearchLog(query: SearchLogQuery) {
  return useQuery({
    queryKey: [...ADMIN_SEARCH_LOG_QUERY_KEY, query],
    queryFn: ({ signal }) => getSearchLog(query, signal),
    placeholderData: keepPreviousData,
  });
}
