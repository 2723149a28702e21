import { and, eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { firstRow } from './rows.ts';
import { reservations, teacherProfiles } from './schema.ts';

/**
 * Whether the student ever booked the teacher (by the teacher's user id): a reservation of any
 * status. Chat (who may write first) and reviews (who may read a student's reviews) both ask it.
 */
export async function hasBookedTeacher(db: Executor, studentId: number, teacherUserId: number): Promise<boolean> {
  const row = await firstRow(
    db
      .select({ id: reservations.id })
      .from(reservations)
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
      .where(and(eq(reservations.studentId, studentId), eq(teacherProfiles.userId, teacherUserId)))
      .limit(1),
  );
  return row !== undefined;
}
