import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export type NotificationType =
  | 'booking.confirmed'
  | 'booking.received'
  | 'booking.cancelled'
  | 'payment.paid'
  | 'payment.failed'
  | 'payment.creditedToWallet'
  | 'subscription.activated'
  | 'lesson.completed';

/**
 * Stores notifications in the caller's transaction, so a notification exists exactly when the
 * change it announces does. The realtime issue serves them and pushes them live.
 */
export async function insertNotifications(
  db: Executor,
  rows: { userId: number; type: NotificationType; data: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}
