import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';

/** The teachers among `teacherIds` with whom the student has a live (not cancelled) trial lesson (issue 32). */
export async function teachersWithLiveTrial(db: Executor, studentId: number, teacherIds: number[]): Promise<number[]> {
  if (teacherIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ teacherId: reservations.teacherId })
    .from(reservations)
    .where(
      and(
        eq(reservations.studentId, studentId),
        inArray(reservations.teacherId, teacherIds),
        eq(reservations.kind, 'trial'),
        ne(reservations.status, 'cancelled'),
      ),
    );
  return rows.map((row) => row.teacherId);
}
