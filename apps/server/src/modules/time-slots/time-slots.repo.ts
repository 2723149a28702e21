import { and, asc, eq, exists, gt, isNotNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type TimeSlotRow, teacherProfiles, timeSlots } from '../../db/schema.ts';

export async function findOpenSlots(db: Executor, teacherId: number, from: Date, to: Date): Promise<TimeSlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.teacherId, teacherId),
        eq(timeSlots.status, 'open'),
        gt(timeSlots.startTime, from),
        lt(timeSlots.startTime, to),
        // A trial slot is for sale only while its teacher offers a trial (trial price set, issue 32).
        or(
          eq(timeSlots.kind, 'lesson'),
          exists(
            db
              .select({ id: teacherProfiles.id })
              .from(teacherProfiles)
              .where(and(eq(teacherProfiles.id, timeSlots.teacherId), isNotNull(teacherProfiles.trialPriceFils))),
          ),
        ),
      ),
    )
    .orderBy(asc(timeSlots.startTime));
}

/**
 * Inserts slots. A slot overlapping another of the same teacher is refused by the exclusion
 * constraint; with `skipOverlaps` such slots are silently left out instead (seed top-ups).
 */
export async function insertSlots(
  db: Executor,
  values: (typeof timeSlots.$inferInsert)[],
  options: { skipOverlaps?: boolean } = {},
): Promise<TimeSlotRow[]> {
  if (values.length === 0) return [];
  const insert = db.insert(timeSlots).values(values);
  return options.skipOverlaps ? insert.onConflictDoNothing().returning() : insert.returning();
}
