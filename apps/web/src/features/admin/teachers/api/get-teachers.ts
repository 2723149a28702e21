import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminTeachersResponse,
  type adminTeachersQuerySchema,
  adminTeachersResponseSchema,
} from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';

export const ADMIN_TEACHERS_QUERY_KEY = ['admin', 'teachers'] as const;

export type AdminTeachersListQuery = z.output<typeof adminTeachersQuerySchema>;

/** GET /api/v1/admin/teachers?search&approval&page&limit: teacher profiles, pending ones first. */
export async function getAdminTeachers(
  query: AdminTeachersListQuery,
  signal?: AbortSignal,
): Promise<AdminTeachersResponse> {
  return apiRequest('/api/v1/admin/teachers', adminTeachersResponseSchema, { query, signal });
}

export function useAdminTeachers(query: AdminTeachersListQuery) {
  return useQuery({
    queryKey: [...ADMIN_TEACHERS_QUERY_KEY, query],
    queryFn: ({ signal }) => getAdminTeachers(query, signal),
    placeholderData: keepPreviousData,
  });
}
