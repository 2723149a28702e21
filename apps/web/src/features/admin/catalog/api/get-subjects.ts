import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminSubjectsResponse,
  type adminSubjectsQuerySchema,
  adminSubjectsResponseSchema,
} from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';

export const ADMIN_SUBJECTS_QUERY_KEY = ['admin', 'subjects'] as const;

export type AdminSubjectsQuery = z.output<typeof adminSubjectsQuerySchema>;

/** GET /api/v1/admin/subjects?search&isActive&page&limit: every subject, inactive ones too. */
export async function getAdminSubjects(
  query: AdminSubjectsQuery,
  signal?: AbortSignal,
): Promise<AdminSubjectsResponse> {
  return apiRequest('/api/v1/admin/subjects', adminSubjectsResponseSchema, { query, signal });
}

export function useAdminSubjects(query: AdminSubjectsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...ADMIN_SUBJECTS_QUERY_KEY, query],
    queryFn: ({ signal }) => getAdminSubjects(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
