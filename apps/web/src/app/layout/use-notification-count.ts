import { useQuery } from '@tanstack/react-query';
import { TIMINGS } from '@ustaz/contract/constants';
import { apiRequest } from '../../shared/http/client.ts';

/**
 * GET /api/notifications/count?userId=: the unread count. Any failure counts as 0, silently:
 * the bell must stay calm when the notifications service is down or not there yet.
 */
export async function fetchNotificationCount(userId: number): Promise<number> {
  try {
    const body = await apiRequest<unknown>('/api/notifications/count', { query: { userId } });
    const count = body && typeof body === 'object' && 'count' in body ? Number(body.count) : 0;
    return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  } catch {
    return 0;
  }
}

/** The bell's count: fetched on load and every 60 s (spec 7) while a user is signed in. */
export function useNotificationCount(userId: number | null): number {
  const query = useQuery({
    queryKey: ['notifications', 'count', userId],
    queryFn: () => fetchNotificationCount(userId ?? 0),
    enabled: userId !== null,
    refetchInterval: TIMINGS.notificationsPollMs,
    retry: false,
  });
  return query.data ?? 0;
}
