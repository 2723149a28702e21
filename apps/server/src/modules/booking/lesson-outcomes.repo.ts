import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessonAttendance, lessonDisputes, reservations, teacherProfiles } from '../../db/schema.ts';

/**
 * SQL of a lesson's outcome (issue 16, ADR 016): who came, the teacher no-show, and when the
 * teacher's earning leaves escrow. The callers lock the reservation and re-check under the lock.
 */

/** The teacher counts as present when they joined the room by this long after the start. */
export const NO_SHOW_GRACE_MS = 15 * 60_000;

/** A lesson held on an external meeting link (the lesson's own or the teacher's) has no room attendance to judge by. */
const onExternalLink = sql`coalesce(${reservations.meetingLink}, ${teacherProfiles.meetingLink}) is not null`;

/** Some stay of the teacher in the reservation's room began by start + 15 min. */
const teacherJoinedInTime = sql`exists (
  select 1 from ${lessonAttendance}
  where ${lessonAttendance.reservationId} = ${reservations.id}
    and ${lessonAttendance.role} = 'teacher'
    and ${lessonAttendance.joinedAt} <= ${reservations.startTime} + interval '15 minutes')`;

/**
 * Confirmed lessons that started at least 15 minutes ago without the teacher in the room (and not on
 * an external link): the sweeper cancels them as teacher no-shows.
 */
export async function noShowCandidateIds(db: Executor, now: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(
      and(
        eq(reservations.status, 'confirmed'),
        lte(reservations.startTime, new Date(now.getTime() - NO_SHOW_GRACE_MS)),
        sql`not (${onExternalLink})`,
        sql`not ${teacherJoinedInTime}`,
      ),
    )
    .orderBy(asc(reservations.startTime))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * How a lesson went by its attendance: whether the teacher joined within 15 minutes of the start,
 * whether the student joined at all, and whether it was on an external link. Null: no such lesson.
 */
export async function lessonPresence(db: Executor, reservationId: number) {
  const [row] = await db
    .select({
      teacherInTime: sql<boolean>`${teacherJoinedInTime}`,
      teacher: sql<boolean>`exists (select 1 from ${lessonAttendance} where ${lessonAttendance.reservationId} = ${reservations.id} and ${lessonAttendance.role} = 'teacher')`,
      student: sql<boolean>`exists (select 1 from ${lessonAttendance} where ${lessonAttendance.reservationId} = ${reservations.id} and ${lessonAttendance.role} = 'student')`,
      externalLink: sql<boolean>`${onExternalLink}`,
    })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(eq(reservations.id, reservationId));
  return row
    ? {
        teacherInTime: Boolean(row.teacherInTime),
        teacher: Boolean(row.teacher),
        student: Boolean(row.student),
        externalLink: Boolean(row.externalLink),
      }
    : null;
}

export async function addNoShow(db: Executor, teacherProfileId: number): Promise<void> {
  await db
    .update(teacherProfiles)
    .set({ noShowCount: sql`${teacherProfiles.noShowCount} + 1` })
    .where(eq(teacherProfiles.id, teacherProfileId));
}

const openDispute = sql`exists (select 1 from ${lessonDisputes} where ${lessonDisputes.reservationId} = ${reservations.id} and ${lessonDisputes.status} = 'open')`;

/** Completed lessons whose earning is still in escrow, ended by `endedBy` (end + 24 h <= now), with no open dispute. */
export async function releasableIds(db: Executor, endedBy: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'completed'),
        isNull(reservations.earningReleasedAt),
        lte(reservations.endTime, endedBy),
        sql`not ${openDispute}`,
      ),
    )
    .orderBy(asc(reservations.endTime))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Whether the reservation has an open dispute (read under the reservation's lock). */
export async function hasOpenDispute(db: Executor, reservationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lessonDisputes.id })
    .from(lessonDisputes)
    .where(and(eq(lessonDisputes.reservationId, reservationId), eq(lessonDisputes.status, 'open')));
  return row !== undefined;
}

/** Marks the escrow of a completed lesson settled (released, refunded or split); false when it already was. */
export async function markEarningSettled(db: Executor, reservationId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(reservations)
    .set({ earningReleasedAt: now })
    .where(
      and(
        eq(reservations.id, reservationId),
        eq(reservations.status, 'completed'),
        isNull(reservations.earningReleasedAt),
      ),
    )
    .returning({ id: reservations.id });
  return rows.length > 0;
}

/** A lesson cancelled as a teacher no-show is refunded in full: a problem reported for it is closed so. */
export async function closeDisputeAsRefunded(db: Executor, reservationId: number, refundFils: number, now: Date) {
  await db
    .update(lessonDisputes)
    .set({
      status: 'refunded',
      refundFils: refundFils > 0 ? refundFils : null,
      resolutionNote: 'teacherNoShow',
      resolvedAt: now,
    })
    .where(and(eq(lessonDisputes.reservationId, reservationId), eq(lessonDisputes.status, 'open')));
}
