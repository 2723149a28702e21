import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StandingBooking, StandingBookingsResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { BALANCE_QUERY_KEY } from '../../../shared/money/use-balance.ts';

export const standingKey = ['standing-bookings'] as const;

/** GET /api/v1/standing-bookings: the student's weekly series. */
export function getStandingBookings(signal?: AbortSignal): Promise<StandingBookingsResponse> {
  return apiRequest('/api/v1/standing-bookings', (contract) => contract.standingBookingsResponseSchema, { signal });
}

export function useStandingBookings() {
  return useQuery({ queryKey: standingKey, queryFn: ({ signal }) => getStandingBookings(signal) });
}

/** POST .../{id}/skip and .../{id}/stop: the series as it is after. */
export function useStandingAction() {
  const queryClient = useQueryClient();
  return useMutation<StandingBooking, Error, { id: number; reservationId?: number }>({
    mutationFn: ({ id, reservationId }) =>
      apiRequest(
        `/api/v1/standing-bookings/${id}/${reservationId ? 'skip' : 'stop'}`,
        (contract) => contract.standingBookingSchema,
        { method: 'POST', ...(reservationId ? { body: { reservationId } } : { body: {} }) },
      ),
    // The reservations list (below the same key) and the balance follow a skipped or stopped week.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: standingKey }),
        queryClient.invalidateQueries({ queryKey: ['reservations'] }),
        queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
      ]),
  });
}
