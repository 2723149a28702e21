import type { notFoundTermsQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { adminListQuery } from '../../ui/admin-query.ts';

export const ADMIN_SEARCH_LOG_QUERY_KEY = ['admin', 'search-log'] as const;

export type SearchLogQuery = z.output<typeof notFoundTermsQuerySchema>;

/** GET /api/v1/admin/search-not-found?searchType&days&page&limit: missing terms, most searched first. */
export const useSearchLog = adminListQuery(ADMIN_SEARCH_LOG_QUERY_KEY, (query: SearchLogQuery, signal) =>
  apiRequest('/api/v1/admin/search-not-found', (contract) => contract.notFoundTermsResponseSchema, { query, signal }),
);
