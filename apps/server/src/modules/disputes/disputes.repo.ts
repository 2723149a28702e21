import { ROLE } from '@ustaz/contract';
import { and, count, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { pageWithTotal } from '../../db/paging.ts';
import { firstRow } from '../../db/rows.ts';
import { lessonAttendance, lessonDisputes, reservations, teacherProfiles, users } from '../../db/schema.ts';

/** SQL of lesson problem reports and their resolution (issue 16, ADR 016). */

export type LessonDisputeRow = typeof lessonDisputes.$inferSelect;

export async function disputeOfReservation(db: Executor, reservationId: number): Promise<LessonDisputeRow | undefined> {
  return firstRow(db.select().from(lessonDisputes).where(eq(lessonDisputes.reservationId, reservationId)));
}

/** Inserts the reservation's one dispute; undefined when it already has one (the unique index decides). */
export async function insertDispute(
  db: Executor,
  values: Pick<LessonDisputeRow, 'reservationId' | 'reporterId' | 'reportedBy' | 'reason' | 'details'> & {
    createdAt: Date;
  },
): Promise<LessonDisputeRow | undefined> {
  return firstRow(
    db.insert(lessonDisputes).values(values).onConflictDoNothing({ target: lessonDisputes.reservationId }).returning(),
  );
}

export async function findDispute(db: Executor, id: number): Promise<LessonDisputeRow | undefined> {
  return firstRow(db.select().from(lessonDisputes).where(eq(lessonDisputes.id, id)));
}

/** Resolves an open dispute by compare-and-swap on its status; undefined when it was not open. */
export async function resolveDispute(
  db: Executor,
  id: number,
  change: { status: 'refunded' | 'released'; refundFils: number | null; note: string; adminId: number; now: Date },
): Promise<LessonDisputeRow | undefined> {
  return firstRow(
    db
      .update(lessonDisputes)
      .set({
        status: change.status,
        refundFils: change.refundFils,
        resolutionNote: change.note,
        resolvedBy: change.adminId,
        resolvedAt: change.now,
      })
      .where(and(eq(lessonDisputes.id, id), eq(lessonDisputes.status, 'open')))
      .returning(),
  );
}

/** Every active admin's user id (they are told of a new dispute). */
export async function adminUserIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, ROLE.admin), eq(users.status, 'active'), isNull(users.deletedAt)));
  return rows.map((row) => row.id);
}

const teacherUser = alias(users, 'teacher_user');
const attended = (role: 'student' | 'teacher') =>
  sql<boolean>`exists (select 1 from ${lessonAttendance} where ${lessonAttendance.reservationId} = ${reservations.id} and ${lessonAttendance.role} = ${role})`;

const adminColumns = {
  dispute: lessonDisputes,
  studentId: reservations.studentId,
  studentFirst: users.firstName,
  studentLast: users.lastName,
  teacherId: reservations.teacherId,
  teacherFirst: teacherUser.firstName,
  teacherLast: teacherUser.lastName,
  startTime: reservations.startTime,
  endTime: reservations.endTime,
  paidFils: sql<number>`${reservations.cashFils} + ${reservations.hoursValueFils}`.mapWith(Number),
  paidWith: reservations.paidWith,
  studentAttended: attended('student'),
  teacherAttended: attended('teacher'),
};

function adminQuery(db: Executor, where: SQL | undefined) {
  return db
    .select(adminColumns)
    .from(lessonDisputes)
    .innerJoin(reservations, eq(reservations.id, lessonDisputes.reservationId))
    .innerJoin(users, eq(users.id, reservations.studentId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .innerJoin(teacherUser, eq(teacherUser.id, teacherProfiles.userId))
    .where(where);
}

export type AdminDisputeRow = Awaited<ReturnType<typeof adminQuery>>[number];

/** The admin's disputes: open ones oldest first, resolved (or all) newest first. */
export async function listAdminDisputes(
  db: Executor,
  status: 'open' | 'resolved' | undefined,
  at: { page: number; limit: number },
) {
  const where =
    status === 'open'
      ? eq(lessonDisputes.status, 'open')
      : status === 'resolved'
        ? ne(lessonDisputes.status, 'open')
        : undefined;
  return pageWithTotal(
    adminQuery(db, where)
      .orderBy(status === 'open' ? lessonDisputes.createdAt : desc(lessonDisputes.createdAt), desc(lessonDisputes.id))
      .$dynamic(),
    db.select({ n: count() }).from(lessonDisputes).where(where),
    at,
  );
}

export async function findAdminDispute(db: Executor, id: number): Promise<AdminDisputeRow | undefined> {
  return firstRow(adminQuery(db, eq(lessonDisputes.id, id)));
}
