import { type AttendanceStay, NO_SHOW_AFTER_START_MS } from '@ustaz/contract';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessonAttendance, lessonDisputes, reservations, teacherProfiles } from '../../db/schema.ts';

/**
 * SQL of a lesson's outcome (issue 16, ADR 016): who came, the teacher no-show, and when the
 * teacher's earning leaves escrow. The callers lock the reservation and re-check under the lock.
 */

/** The teacher's no-show deadline after the start (the contract's rule). */
export const NO_SHOW_GRACE_MS = NO_SHOW_AFTER_START_MS;

/**
 * The teacher appeared by start + 15 min (issue 29): a room stay that reaches into [start - 2 min,
 * start + 15 min], or the external link opened through the app between the room's opening and then.
 * The contract's `judgeAttendance` is the rule; this is the same test in SQL to pick candidates.
 */
const teacherAppearedInTime = sql`exists (
  select 1 from ${lessonAttendance}
  where ${lessonAttendance.reservationId} = ${reservations.id}
    and ${lessonAttendance.role} = 'teacher'
    and ((${lessonAttendance.via} = 'room'
          and ${lessonAttendance.joinedAt} <= ${reservations.startTime} + interval '15 minutes'
          and coalesce(${lessonAttendance.leftAt}, 'infinity') >= ${reservations.startTime} - interval '2 minutes')
      or (${lessonAttendance.via} = 'link'
          and ${lessonAttendance.joinedAt} >= ${reservations.startTime} - interval '10 minutes'
          and ${lessonAttendance.joinedAt} <= ${reservations.startTime} + interval '15 minutes')))`;

/**
 * Confirmed lessons that started at least 15 minutes ago without the teacher having appeared, in the
 * room or through the lesson's link (issue 29: a link no longer exempts a lesson): the sweeper
 * re-judges each under its lock and cancels it as a teacher no-show.
 */
export async function noShowCandidateIds(db: Executor, now: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'confirmed'),
        lte(reservations.startTime, new Date(now.getTime() - NO_SHOW_GRACE_MS)),
        sql`not ${teacherAppearedInTime}`,
      ),
    )
    .orderBy(asc(reservations.startTime))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Every stay (room) and link opening of a lesson, for the contract's `judgeAttendance`. */
export async function lessonStays(db: Executor, reservationId: number): Promise<AttendanceStay[]> {
  return db
    .select({
      role: lessonAttendance.role,
      via: lessonAttendance.via,
      joinedAt: lessonAttendance.joinedAt,
      leftAt: lessonAttendance.leftAt,
      mediaConnectedAt: lessonAttendance.mediaConnectedAt,
    })
    .from(lessonAttendance)
    .where(eq(lessonAttendance.reservationId, reservationId))
    .orderBy(asc(lessonAttendance.joinedAt), asc(lessonAttendance.id));
}

/** Marks a completed lesson verified or not (issue 29); true when the mark changed. */
export async function setVerifiedLesson(db: Executor, reservationId: number, verified: boolean): Promise<boolean> {
  const rows = await db
    .update(reservations)
    .set({ verifiedLesson: verified })
    .where(and(eq(reservations.id, reservationId), sql`${reservations.verifiedLesson} <> ${verified}`))
    .returning({ id: reservations.id });
  return rows.length > 0;
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

/**
 * A lesson cancelled as a teacher no-show is refunded in full: a problem reported for it is closed so,
 * also one an admin released before the lesson ended (its money had not moved, issue 29).
 */
export async function closeDisputeAsRefunded(db: Executor, reservationId: number, refundFils: number, now: Date) {
  await db
    .update(lessonDisputes)
    .set({
      status: 'refunded',
      refundFils: refundFils > 0 ? refundFils : null,
      resolutionNote: 'teacherNoShow',
      resolvedAt: now,
    })
    .where(and(eq(lessonDisputes.reservationId, reservationId), inArray(lessonDisputes.status, ['open', 'released'])));
}
