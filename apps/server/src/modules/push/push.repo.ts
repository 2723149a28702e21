import type { LessonReminderKind } from '@ustaz/contract';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  lessonReminders,
  notifications,
  pushDeliveries,
  pushPreferences,
  pushSubscriptions,
  reservations,
  teacherProfiles,
  users,
} from '../../db/schema.ts';

export type StoredSubscription = { endpoint: string; p256dh: string; auth: string };

/**
 * Saves a device's subscription for the user, or refreshes its keys when the user has it already;
 * answers false, changing nothing, when the endpoint is another user's (one statement: two users
 * racing for one endpoint cannot both have it).
 */
export async function upsertSubscription(
  db: Executor,
  userId: number,
  subscription: StoredSubscription,
): Promise<boolean> {
  const rows = await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: subscription.p256dh, auth: subscription.auth },
      setWhere: eq(pushSubscriptions.userId, userId),
    })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Removes the user's subscription with this endpoint; answers how many went (0 or 1). */
export async function deleteUserSubscription(db: Executor, userId: number, endpoint: string): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** A push service said the endpoint is gone (404/410): its row goes. */
export async function deleteSubscriptionByEndpoint(db: Executor, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function subscriptionsOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
}

export async function countSubscriptions(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/** The kinds each of these users switched off (missing: none). */
export async function disabledKindsOf(db: Executor, userIds: number[]): Promise<Map<number, string[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: pushPreferences.userId, disabled: pushPreferences.disabledKinds })
    .from(pushPreferences)
    .where(inArray(pushPreferences.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row.disabled]));
}

export async function setDisabledKinds(db: Executor, userId: number, disabled: string[]): Promise<void> {
  await db
    .insert(pushPreferences)
    .values({ userId, disabledKinds: disabled })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { disabledKinds: disabled, updatedAt: sql`now()` } });
}

/** Each user's language and zone (the texts of a push are in them). */
export async function readersOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { language: 'ar' | 'en'; timeZone: string | null }>();
  const rows = await db
    .select({ id: users.id, language: users.language, timeZone: users.timeZone })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, { language: row.language, timeZone: row.timeZone }]));
}

/**
 * Notifications of these types committed in the last `lookBackSeconds` that no dispatcher has
 * handled yet (no `push_deliveries` row), oldest first.
 */
export async function unhandledNotifications(db: Executor, types: string[], lookBackSeconds: number, limit = 200) {
  return db
    .select({ id: notifications.id, userId: notifications.userId, type: notifications.type, data: notifications.data })
    .from(notifications)
    .leftJoin(pushDeliveries, eq(pushDeliveries.notificationId, notifications.id))
    .where(
      and(
        gt(notifications.createdAt, sql`now() - make_interval(secs => ${lookBackSeconds})`),
        inArray(notifications.type, types),
        isNull(pushDeliveries.notificationId),
      ),
    )
    .orderBy(notifications.id)
    .limit(limit);
}

/** The claim on one notification: true for the one dispatcher (of any process) that gets it. */
export async function claimDelivery(db: Executor, notificationId: number): Promise<boolean> {
  const rows = await db
    .insert(pushDeliveries)
    .values({ notificationId })
    .onConflictDoNothing()
    .returning({ id: pushDeliveries.notificationId });
  return rows.length === 1;
}

export async function recordDelivery(db: Executor, notificationId: number, devices: number): Promise<void> {
  await db.update(pushDeliveries).set({ devices }).where(eq(pushDeliveries.notificationId, notificationId));
}

const studentUser = alias(users, 'reminder_student');
const teacherUser = alias(users, 'reminder_teacher');

/** What a reminder needs of a party: the address, the name, the language and zone, whether active. */
const party = (person: typeof studentUser | typeof teacherUser) => ({
  id: person.id,
  email: person.email,
  firstName: person.firstName,
  lastName: person.lastName,
  language: person.language,
  timeZone: person.timeZone,
  status: person.status,
});

/** Confirmed lessons starting in (from, to], with both parties (active accounts) as a reminder needs them. */
export async function lessonsStartingBetween(db: Executor, from: Date, to: Date) {
  return db
    .select({
      reservationId: reservations.id,
      startTime: reservations.startTime,
      createdAt: reservations.createdAt,
      student: party(studentUser),
      teacher: party(teacherUser),
    })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .innerJoin(studentUser, eq(studentUser.id, reservations.studentId))
    .innerJoin(teacherUser, eq(teacherUser.id, teacherProfiles.userId))
    .where(
      and(eq(reservations.status, 'confirmed'), gt(reservations.startTime, from), lte(reservations.startTime, to)),
    );
}

/** The reminders already sent for these lessons, as `reservation:kind:user` keys. */
export async function sentReminders(db: Executor, reservationIds: number[]): Promise<Set<string>> {
  if (reservationIds.length === 0) return new Set();
  const rows = await db
    .select({ r: lessonReminders.reservationId, k: lessonReminders.kind, u: lessonReminders.userId })
    .from(lessonReminders)
    .where(inArray(lessonReminders.reservationId, reservationIds));
  return new Set(rows.map((row) => `${row.r}:${row.k}:${row.u}`));
}

/**
 * The claim on one reminder (`insert ... on conflict do nothing`): true for the one caller, in any
 * process, that gets to send it.
 */
export async function claimReminder(
  db: Executor,
  reminder: { reservationId: number; kind: LessonReminderKind; userId: number; channel: 'push' | 'mail' },
): Promise<boolean> {
  const rows = await db
    .insert(lessonReminders)
    .values(reminder)
    .onConflictDoNothing()
    .returning({ id: lessonReminders.reservationId });
  return rows.length === 1;
}

export async function setReminderChannel(
  db: Executor,
  reminder: { reservationId: number; kind: LessonReminderKind; userId: number },
  channel: 'push' | 'mail',
): Promise<void> {
  await db
    .update(lessonReminders)
    .set({ channel })
    .where(
      and(
        eq(lessonReminders.reservationId, reminder.reservationId),
        eq(lessonReminders.kind, reminder.kind),
        eq(lessonReminders.userId, reminder.userId),
      ),
    );
}
