import type { adminReservationsQuerySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../../shared/http/client.ts';
import { adminListQuery } from '../../ui/admin-query.ts';

export const ADMIN_RESERVATIONS_QUERY_KEY = ['admin', 'reservations'] as const;

export type AdminReservationsListQuery = z.output<typeof adminReservationsQuerySchema>;

/** GET /api/v1/admin/reservations?status&userId&from&to&page&limit: latest start first. */
export const useAdminReservations = adminListQuery(
  ADMIN_RESERVATIONS_QUERY_KEY,
  (query: AdminReservationsListQuery, signal) =>
    apiRequest('/api/v1/admin/reservations', (contract) => contract.adminReservationsResponseSchema, { query, signal }),
);
