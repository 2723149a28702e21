import type { AppNotification, NotificationsResponse } from '@ustaz/contract';
import { NOTIFICATIONS } from '@ustaz/contract/constants';

/** Test data factories for the notifications page (used by its tests only). */

export const NOW = new Date('2026-03-10T09:00:00.000Z');

let nextId = 100;

export function notification(overrides: Partial<AppNotification> = {}): AppNotification {
  nextId += 1;
  return {
    id: nextId,
    type: 'booking.confirmed',
    data: { reservationIds: [5] },
    readAt: null,
    createdAt: '2026-03-10T08:55:00.000Z',
    ...overrides,
  };
}

export function notificationsPage(
  data: AppNotification[],
  {
    page = 1,
    totalPages = 1,
    total = data.length,
    unreadCount = data.filter((item) => item.readAt === null).length,
  }: { page?: number; totalPages?: number; total?: number; unreadCount?: number } = {},
): NotificationsResponse {
  return { data, total, page, limit: NOTIFICATIONS.pageSize, totalPages, unreadCount };
}
