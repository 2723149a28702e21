import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { timeSlots } from '../../db/schema.ts';

/** A lock key of its own for a teacher's gateway holds ('THLD'), paired with the teacher profile's id. */
const TEACHER_HOLDS_LOCK = 0x54484c44;

/** The teachers of these slots (their teacher never changes, so no lock is needed to read it), ascending. */
export async function teachersOfSlots(db: Executor, slotIds: number[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ teacherId: timeSlots.teacherId })
    .from(timeSlots)
    .where(inArray(timeSlots.id, slotIds));
  return rows.map((row) => row.teacherId).sort((a, b) => a - b);
}

/**
 * Serialises the gateway holds of these teachers until the transaction ends (their holds are
 * counted, then added to). Taken in ascending order, before any slot is locked, so two bookings
 * never wait on each other in a circle.
 */
export async function lockTeacherHolds(db: Executor, teacherIds: number[]): Promise<void> {
  for (const teacherId of [...teacherIds].sort((a, b) => a - b)) {
    await db.execute(sql`select pg_advisory_xact_lock(${TEACHER_HOLDS_LOCK}::int, ${teacherId}::int)`);
  }
}

/**
 * Of a teacher's slots that have not started: how many are unbooked (open, or held) and how many
 * of those are held for a gateway payment whose hold has not lapsed.
 */
export async function teacherHoldCounts(
  db: Executor,
  teacherId: number,
  now: Date,
): Promise<{ unbooked: number; held: number }> {
  const [row] = await db
    .select({
      unbooked: sql<number>`count(*)::int`,
      held: sql<number>`(count(*) filter (where ${timeSlots.status} = 'held' and ${timeSlots.holdExpiresAt} > ${now}))::int`,
    })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.teacherId, teacherId),
        inArray(timeSlots.status, ['open', 'held']),
        gt(timeSlots.startTime, now),
      ),
    );
  return { unbooked: Number(row?.unbooked ?? 0), held: Number(row?.held ?? 0) };
}
