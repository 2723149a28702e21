import { and, asc, eq, isNull } from 'drizzle-orm';
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
      profileMeetingLink: teacherProfiles.meetingLink,
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

/** A party enters the room. */
export async function insertJoin(
  db: Executor,
  row: { reservationId: number; userId: number; role: 'student' | 'teacher'; joinedAt: Date },
) {
  await db.insert(lessonAttendance).values(row);
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

/** Sets a confirmed lesson's own meeting link (null: none); false when it is no longer confirmed. */
export async function setLessonMeetingLink(db: Executor, reservationId: number, url: string | null) {
  const updated = await db
    .update(reservations)
    .set({ meetingLink: url })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'confirmed')))
    .returning({ id: reservations.id });
  return updated.length > 0;
}
