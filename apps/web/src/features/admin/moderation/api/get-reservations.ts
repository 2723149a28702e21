import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminReservationsResponse,
  type adminReservationsQuerySchema,
  adminReservationsResponseSchema,
} from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';

export type AdminReservationsListQuery = z.output<typeof adminReservationsQuerySchema>;

export const ADMIN_RESERVATIONS_QUERY_KEY = ['admin', 'reservations'] as const;

/** GET /api/v1/admin/reservations?status&userId&from&to&page&limit: latest start first. */
export async function getAdminReservations(
  query: AdminReservationsListQuery,
  signal?: AbortSignal,
): Promise<AdminReservationsResponse> {
  return apiRequest('/api/v1/admin/reservations', adminReservationsResponseSchema, { query, signal });
}

export function useAdminReservations(query: AdminReservationsListQuery) {
  return useQuery({
    queryKey: [...ADMIN_RESERVATIONS_QUERY_KEY, query],
    queryFn: ({ signal }) => getAdminReservations(query, signal),
    placeholderData: keepPreviousData,
  });
}
