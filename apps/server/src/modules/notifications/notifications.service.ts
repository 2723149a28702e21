import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { listNotifications, markAllRead, markNotificationRead, unreadCount } from './notifications.repo.ts';

/** One page of the user's notifications, and how many of all of them are unread. */
export async function notificationsPage(db: Db, userId: number, page: number, limit: number, unreadOnly: boolean) {
  const [{ rows, total }, unread] = await Promise.all([
    listNotifications(db, userId, page, limit, unreadOnly),
    unreadCount(db, userId),
  ]);
  return { rows, total, unread };
}

export const unreadNotifications = (db: Db, userId: number): Promise<number> => unreadCount(db, userId);

export const markAllNotificationsRead = (db: Db, userId: number): Promise<number> => markAllRead(db, userId);

/** Marks one of the user's own notifications read; another user's, or none, is 404. */
export async function markOneNotificationRead(db: Db, userId: number, id: number) {
  const row = await markNotificationRead(db, userId, id);
  if (!row) throw new HttpError(404, 'notFound', 'Notification not found');
  return row;
}

/**
 * For the other modules (ADR 011): a change stores its notifications in its own transaction (`tx`),
 * so a notification exists exactly when the change it announces does.
 */
export { insertNotifications, type NotificationType } from './notifications.repo.ts';
