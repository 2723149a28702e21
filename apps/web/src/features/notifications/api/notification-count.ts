import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '@ustaz/contract';
import { TIMINGS } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';
import { useRealtimeEvent } from '../../../shared/realtime/use-realtime-event.ts';

/** The unread count of the bell; the notifications page updates it too, so the key lives here. */
export const NOTIFICATION_COUNT_QUERY_KEY = ['notifications', 'count'] as const;

/**
 * GET /api/notifications/count?userId=: the unread count. Any failure counts as 0, silently:
 * the bell must stay calm when the notifications service is down.
 */
export async function fetchNotificationCount(userId: number, signal?: AbortSignal): Promise<number> {
  try {
    const { count } = await apiRequest(
      '/api/notifications/count',
      (contract) => contract.notificationCountResponseSchema,
      {
        query: { userId },
        signal,
      },
    );
    return Math.max(0, count);
  } catch {
    return 0;
  }
}

/**
 * Notifications already counted by a live event. The bell is mounted twice (desktop and mobile
 * bars) and a socket may deliver one notification again after a reconnect: count each id once.
 */
const counted = new Set<number>();
const COUNTED_MEMORY = 200;

function countOnce(notification: AppNotification): boolean {
  if (notification.readAt !== null || counted.has(notification.id)) return false;
  if (counted.size >= COUNTED_MEMORY) counted.clear();
  counted.add(notification.id);
  return true;
}

/**
 * The bell's count: fetched on load and every 60 s (spec 7) while a user is signed in, and one
 * more for every unread notification the socket delivers in between.
 */
export function useNotificationCount(userId: number | null): number {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...NOTIFICATION_COUNT_QUERY_KEY, userId],
    queryFn: ({ signal }) => fetchNotificationCount(userId ?? 0, signal),
    enabled: userId !== null,
    refetchInterval: TIMINGS.notificationsPollMs,
    retry: false,
  });

  useRealtimeEvent('notification', (notification) => {
    if (userId === null || !countOnce(notification)) return;
    queryClient.setQueryData<number>([...NOTIFICATION_COUNT_QUERY_KEY, userId], (count) => (count ?? 0) + 1);
  });

  return query.data ?? 0;
}
