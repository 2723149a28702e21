import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { type NotificationRow, notifications, sessions, users } from '../db/schema.ts';

/** Of these session families, the ones still live: not revoked, not expired, their user active. */
export async function liveSessionFamilies(db: Executor, familyIds: string[], userId?: number): Promise<Set<string>> {
  if (familyIds.length === 0) return new Set();
  const rows = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.familyId, familyIds),
        ...(userId !== undefined ? [eq(sessions.userId, userId)] : []),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.status, 'active'),
      ),
    );
  return new Set(rows.map((row) => row.familyId));
}

/** Notifications committed since a moment, oldest first. */
export async function notificationsSince(db: Executor, since: Date, limit = 500): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(gt(notifications.createdAt, since))
    .orderBy(notifications.id)
    .limit(limit);
}
