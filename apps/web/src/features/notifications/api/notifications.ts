import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppNotification, NotificationCountResponse, NotificationsResponse } from '@ustaz/contract';
import { NOTIFICATIONS } from '@ustaz/contract/constants';
import { pageCount } from '@ustaz/contract/paging';
import { apiRequest } from '../../../shared/http/client.ts';
import { NOTIFICATION_COUNT_QUERY_KEY } from './notification-count.ts';

/** Every page of the list hangs below this key. */
export const NOTIFICATIONS_LIST_QUERY_KEY = ['notifications', 'list'] as const;

/** GET /api/notifications: the signed-in user's notifications, newest first, paged. */
export function getNotifications(
  { userId, page, limit = NOTIFICATIONS.pageSize }: { userId: number | null; page: number; limit?: number },
  signal?: AbortSignal,
): Promise<NotificationsResponse> {
  return apiRequest('/api/notifications', (contract) => contract.notificationsResponseSchema, {
    query: { userId: userId ?? undefined, page, limit },
    signal,
  });
}

export function useNotifications({ userId, page }: { userId: number | null; page: number }) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_LIST_QUERY_KEY, page],
    queryFn: ({ signal }) => getNotifications({ userId, page }, signal),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/notifications/{id}/mark-as-read. */
export function markNotificationAsRead(id: number): Promise<AppNotification> {
  return apiRequest(`/api/notifications/${id}/mark-as-read`, (contract) => contract.notificationSchema, {
    method: 'PATCH',
  });
}

/** PATCH /api/notifications/mark-all-as-read: answers how many were marked. */
export function markAllNotificationsAsRead(): Promise<NotificationCountResponse> {
  return apiRequest('/api/notifications/mark-all-as-read', (contract) => contract.notificationCountResponseSchema, {
    method: 'PATCH',
  });
}

type ListPage = NotificationsResponse;

function updateLists(queryClient: QueryClient, update: (list: ListPage) => ListPage) {
  queryClient.setQueriesData<ListPage>({ queryKey: NOTIFICATIONS_LIST_QUERY_KEY }, (list) =>
    list ? update(list) : list,
  );
}

function lowerCount(queryClient: QueryClient, by: number | 'all') {
  queryClient.setQueriesData<number>({ queryKey: NOTIFICATION_COUNT_QUERY_KEY }, (count) =>
    count === undefined ? count : by === 'all' ? 0 : Math.max(0, count - by),
  );
}

/** Ends an optimistic change: the server's lists and count replace the guesses. */
function refreshAll(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['notifications'] });
}

/**
 * Marks one notification read at once on screen (list and bell), then tells the server; the
 * change survives leaving the page, as a click on a notification usually does.
 */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: markNotificationAsRead,
    onSettled: () => refreshAll(queryClient),
  });
  return (notification: AppNotification) => {
    if (notification.readAt !== null) return;
    const readAt = new Date().toISOString();
    updateLists(queryClient, (list) => {
      if (!list.data.some((item) => item.id === notification.id && item.readAt === null)) return list;
      return {
        ...list,
        data: list.data.map((item) => (item.id === notification.id ? { ...item, readAt } : item)),
        unreadCount: Math.max(0, list.unreadCount - 1),
      };
    });
    lowerCount(queryClient, 1);
    mutation.mutate(notification.id);
  };
}

/** Marks everything read on screen at once, then on the server. */
export function useMarkAllAsRead({ onError }: { onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsAsRead,
    onMutate: async () => {
      // A list answer on its way would bring the unread ones back.
      await queryClient.cancelQueries({ queryKey: ['notifications'] });
      const readAt = new Date().toISOString();
      updateLists(queryClient, (list) => ({
        ...list,
        data: list.data.map((item) => (item.readAt === null ? { ...item, readAt } : item)),
        unreadCount: 0,
      }));
      lowerCount(queryClient, 'all');
    },
    onError,
    onSettled: () => refreshAll(queryClient),
  });
}

/**
 * A notification the socket delivered: first on page 1 (once, however often it arrives), the
 * other pages marked stale without a jump on screen, and the bell's count asked again.
 */
export function addLiveNotification(queryClient: QueryClient, notification: AppNotification) {
  queryClient.setQueryData<ListPage>([...NOTIFICATIONS_LIST_QUERY_KEY, 1], (list) => {
    if (!list || list.data.some((item) => item.id === notification.id)) return list;
    const total = list.total + 1;
    return {
      ...list,
      data: [notification, ...list.data].slice(0, list.limit),
      total,
      totalPages: Math.max(1, pageCount(total, list.limit)),
      unreadCount: list.unreadCount + (notification.readAt === null ? 1 : 0),
    };
  });
  void queryClient.invalidateQueries({
    queryKey: NOTIFICATIONS_LIST_QUERY_KEY,
    predicate: (query) => query.queryKey[2] !== 1,
    refetchType: 'none',
  });
  void queryClient.invalidateQueries({ queryKey: NOTIFICATION_COUNT_QUERY_KEY });
}
