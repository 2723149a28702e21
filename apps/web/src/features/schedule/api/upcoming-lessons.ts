import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/http/client.ts';

/** The most lessons one page of the API holds: a schedule shows the next 50. */
export const SCHEDULE_LIMIT = 50;

/**
 * Under the reservations' key (`['reservations']`): a cancellation or a booking, which invalidates
 * it, refreshes the schedule too.
 */
export const SCHEDULE_QUERY_KEY = ['reservations', 'schedule'] as const;

/** GET /api/v1/reservations?scope=upcoming: the signed-in user's next lessons, as student and as teacher, soonest first. */
export function useUpcomingLessons() {
  return useQuery({
    queryKey: SCHEDULE_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/reservations', (contract) => contract.reservationsResponseSchema, {
        query: { scope: 'upcoming', page: 1, limit: SCHEDULE_LIMIT },
        signal,
      }),
  });
}
