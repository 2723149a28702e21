import { type AppNotification, SOCKET_EVENTS } from '@ustaz/contract';
import type { Db } from '../db/client.ts';
import { toNotification } from '../modules/notifications/notification.presenter.ts';
import { notificationsSince } from './realtime.repo.ts';
import { type AppServer, room } from './socket.ts';

/**
 * Stored notifications reach the sockets of this process: a short look-back over committed rows
 * (uncommitted ones are invisible, so nothing is pushed that could still roll back). Rows older
 * than the look-back were there before this process started: not "new". Answers how many went.
 */
export function notificationPusher(io: AppServer, db: Db): () => Promise<number> {
  const pushed = new Map<number, number>();
  return async function pushNewNotifications(): Promise<number> {
    const since = new Date(Date.now() - 15_000);
    const rows = await notificationsSince(db, since);
    let count = 0;
    for (const row of rows) {
      if (pushed.has(row.id)) continue;
      pushed.set(row.id, Date.now());
      const payload: AppNotification = toNotification(row);
      io.local.to(room.user(row.userId)).emit(SOCKET_EVENTS.notification, payload);
      count += 1;
    }
    for (const [id, at] of pushed) if (at < Date.now() - 60_000) pushed.delete(id);
    return count;
  };
}
