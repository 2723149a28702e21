import type { AppNotification, NotificationsResponse } from '@ustaz/contract';
import { NOTIFICATIONS } from '@ustaz/contract/constants';
import { factory } from '../../shared/test/factory.ts';

/** Test data factories for the notifications page (used by its tests only). */

export const NOW = new Date('2026-03-10T09:00:00.000Z');

export const notification = factory<AppNotification>((sequence) => ({
  id: 100 + sequence,
  type: 'booking.confirmed',
  data: { reservationIds: [5] },
  readAt: null,
  createdAt: '2026-03-10T08:55:00.000Z',
}));

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
