import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { nameColumns } from '../../db/name-columns.ts';
import { pageWithTotal } from '../../db/paging.ts';
import { type NotificationRow, notifications, reservations, teacherProfiles, users } from '../../db/schema.ts';

export type NotificationType =
  | 'booking.confirmed'
  | 'booking.received'
  | 'booking.cancelled'
  | 'booking.refunded'
  | 'booking.rescheduled'
  | 'reservation.proposal'
  | 'reservation.proposalAccepted'
  | 'reservation.proposalDeclined'
  | 'payment.paid'
  | 'payment.failed'
  | 'payment.creditedToWallet'
  | 'wallet.refund'
  | 'subscription.activated'
  | 'lesson.completed'
  | 'lesson.teacherNoShow'
  | 'review.requested'
  | 'dispute.opened'
  | 'dispute.resolved'
  | 'message.new'
  | 'review.new'
  | 'teacherApplication.approved'
  | 'teacherApplication.rejected'
  | 'payout.paid'
  | 'payout.rejected'
  | 'standing.chargeFailed'
  | 'standing.released';

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

export async function listNotifications(
  db: Executor,
  userId: number,
  page: number,
  limit: number,
  unreadOnly: boolean,
) {
  const where = and(eq(notifications.userId, userId), ...(unreadOnly ? [isNull(notifications.readAt)] : []));
  return pageWithTotal(
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .$dynamic(),
    db.select({ n: count() }).from(notifications).where(where),
    { page, limit },
  );
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read (idempotent); undefined when it is not theirs. */
export async function markNotificationRead(
  db: Executor,
  userId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

export async function markAllRead(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

const noticeTeacher = alias(users, 'notice_teacher');
const noticeStudent = alias(users, 'notice_student');

/** The two parties of each of these reservations, their names as written and spelled for each language (ADR 020). */
export async function reservationParties(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: reservations.id, teacher: nameColumns(noticeTeacher), student: nameColumns(noticeStudent) })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .innerJoin(noticeTeacher, eq(noticeTeacher.id, teacherProfiles.userId))
    .innerJoin(noticeStudent, eq(noticeStudent.id, reservations.studentId))
    .where(inArray(reservations.id, ids));
}
