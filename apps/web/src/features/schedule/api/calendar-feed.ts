import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/http/client.ts';

const CALENDAR_FEED_KEY = ['calendar-feed'] as const;

/** GET /api/v1/calendar: the signed-in user's secret calendar feed address (made on the first call). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: CALENDAR_FEED_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/calendar', (contract) => contract.calendarFeedResponseSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/v1/calendar/rotate: a new address; the old one stops working. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/v1/calendar/rotate', (contract) => contract.calendarFeedResponseSchema, { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(CALENDAR_FEED_KEY, answer),
  });
}
