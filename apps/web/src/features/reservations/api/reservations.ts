import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CancelReservationResponse, ReservationScope, ReservationsResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';

export const RESERVATIONS_PAGE_SIZE = 10;

/** Every list of reservations hangs below this key, so one invalidation refreshes all tabs. */
export const RESERVATIONS_QUERY_KEY = ['reservations'] as const;

export type ReservationsRequest = { scope: ReservationScope; page: number; limit?: number };

/** GET /api/v1/reservations: the signed-in user's reservations of one tab, paged. */
export function getReservations(
  { scope, page, limit = RESERVATIONS_PAGE_SIZE }: ReservationsRequest,
  signal?: AbortSignal,
): Promise<ReservationsResponse> {
  return apiRequest('/api/v1/reservations', (contract) => contract.reservationsResponseSchema, {
    query: { scope, page, limit },
    signal,
  });
}

export function useReservations(request: ReservationsRequest) {
  // Per language: the other party's name is the request language's (ADR 020).
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: [...RESERVATIONS_QUERY_KEY, request.scope, request.page, language],
    queryFn: ({ signal }) => getReservations(request, signal),
    // The previous page of the same tab stays on screen while the next one loads; another tab starts empty.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === request.scope ? keepPreviousData(previous) : undefined,
  });
}

/** POST /api/v1/reservations/{id}/cancel; the answer says what went back and where. */
export function cancelReservation(id: number, reason?: string): Promise<CancelReservationResponse> {
  return apiRequest(`/api/v1/reservations/${id}/cancel`, (contract) => contract.cancelReservationResponseSchema, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}
