import { gt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { type NotificationRow, notifications } from '../db/schema.ts';

/** Notifications committed since a moment, oldest first. */
export async function notificationsSince(db: Executor, since: Date, limit = 500): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(gt(notifications.createdAt, since))
    .orderBy(notifications.id)
    .limit(limit);
}
