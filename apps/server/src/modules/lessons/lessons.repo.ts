import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessonAttendance, reservations, teacherProfiles } from '../../db/schema.ts';

/** A reservation's two parties (user ids), status and times; null when there is no such reservation. */
export async function lessonParties(db: Executor, reservationId: number) {
  const [row] = await db
    .select({
      id: reservations.id,
      status: reservations.status,
      cancelReason: reservations.cancelReason,
      studentId: reservations.studentId,
      teacherUserId: teacherProfiles.userId,
      startTime: reservations.startTime,
      endTime: reservations.endTime,
      meetingLink: reservations.meetingLink,
      meetingLinkFixedAt: reservations.meetingLinkFixedAt,
      profileMeetingLink: teacherProfiles.meetingLink,
      cashFils: reservations.cashFils,
      hoursValueFils: reservations.hoursValueFils,
    })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(eq(reservations.id, reservationId));
  return row ?? null;
}

/** Every stay in the reservation's room, oldest first. */
export async function attendanceRows(db: Executor, reservationId: number) {
  return db
    .select()
    .from(lessonAttendance)
    .where(eq(lessonAttendance.reservationId, reservationId))
    .orderBy(asc(lessonAttendance.joinedAt), asc(lessonAttendance.id));
}

/** A party enters the room, or (`via: 'link'`) opens the lesson's external link through the app. */
export async function insertJoin(
  db: Executor,
  row: { reservationId: number; userId: number; role: 'student' | 'teacher'; joinedAt: Date; via?: 'room' | 'link' },
) {
  await db.insert(lessonAttendance).values(row);
}

/**
 * The user's video call reached the other party (issue 29): marks the user's open stay, once, when
 * the other party has an open stay too (both in the room together). True when marked now.
 */
export async function markMediaConnected(db: Executor, reservationId: number, userId: number, at: Date) {
  const marked = await db
    .update(lessonAttendance)
    .set({ mediaConnectedAt: at })
    .where(
      and(
        eq(lessonAttendance.reservationId, reservationId),
        eq(lessonAttendance.userId, userId),
        eq(lessonAttendance.via, 'room'),
        isNull(lessonAttendance.leftAt),
        isNull(lessonAttendance.mediaConnectedAt),
        sql`exists (select 1 from lesson_attendance other where other.reservation_id = ${reservationId}
          and other.user_id <> ${userId} and other.via = 'room' and other.left_at is null)`,
      ),
    )
    .returning({ id: lessonAttendance.id });
  return marked.length > 0;
}

/** Closes the user's open stays in the room (a leave or a disconnect); the number closed. */
export async function closeOpenStays(db: Executor, reservationId: number, userId: number, leftAt: Date) {
  const closed = await db
    .update(lessonAttendance)
    .set({ leftAt })
    .where(
      and(
        eq(lessonAttendance.reservationId, reservationId),
        eq(lessonAttendance.userId, userId),
        isNull(lessonAttendance.leftAt),
      ),
    )
    .returning({ id: lessonAttendance.id });
  return closed.length;
}

/**
 * Sets a confirmed lesson's own meeting link (null: none) while its room has not opened (`opensBy`:
 * now + the room's lead time, compared with the start in the same statement); false otherwise.
 */
export async function setLessonMeetingLink(db: Executor, reservationId: number, url: string | null, opensBy: Date) {
  const updated = await db
    .update(reservations)
    .set({ meetingLink: url })
    .where(
      and(
        eq(reservations.id, reservationId),
        eq(reservations.status, 'confirmed'),
        isNull(reservations.meetingLinkFixedAt),
        gt(reservations.startTime, opensBy),
      ),
    )
    .returning({ id: reservations.id });
  return updated.length > 0;
}

/**
 * Before a teacher's profile link changes (issue 29): every confirmed lesson of theirs whose room has
 * opened (start <= `opensBy`, now + the room's lead time) keeps the link it had, its own or
 * `profileLink`, fixed from now on. The number of lessons fixed.
 */
export async function fixOpenedLessonLinks(
  db: Executor,
  teacherProfileId: number,
  profileLink: string | null,
  opensBy: Date,
  now: Date,
) {
  const fixed = await db
    .update(reservations)
    .set({ meetingLink: sql`coalesce(${reservations.meetingLink}, ${profileLink})`, meetingLinkFixedAt: now })
    .where(
      and(
        eq(reservations.teacherId, teacherProfileId),
        eq(reservations.status, 'confirmed'),
        isNull(reservations.meetingLinkFixedAt),
        lte(reservations.startTime, opensBy),
      ),
    )
    .returning({ id: reservations.id });
  return fixed.length;
}
