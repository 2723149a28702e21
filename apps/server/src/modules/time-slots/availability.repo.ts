import { and, asc, eq, gt, gte, inArray, lt, ne, notExists } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { reservations, type TimeSlotRow, timeSlots, users } from '../../db/schema.ts';

/** The live (not cancelled) reservation of each of these slots, with its student's name. */
export async function liveReservationsOfSlots(db: Db, slotIds: number[]) {
  return db
    .select({
      slotId: reservations.timeSlotId,
      id: reservations.id,
      first: users.firstName,
      last: users.lastName,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.studentId))
    .where(and(inArray(reservations.timeSlotId, slotIds), ne(reservations.status, 'cancelled')));
}

export async function findTeacherSlot(db: Db, teacherId: number, id: number): Promise<TimeSlotRow | undefined> {
  const [row] = await db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.id, id), eq(timeSlots.teacherId, teacherId)));
  return row;
}

/** A teacher's slots starting in [start, end), earliest first, at most 1,000. */
export async function teacherSlotsBetween(db: Db, teacherId: number, start: Date, end: Date): Promise<TimeSlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.teacherId, teacherId), gte(timeSlots.startTime, start), lt(timeSlots.startTime, end)))
    .orderBy(asc(timeSlots.startTime))
    .limit(1000);
}

export async function insertTeacherSlot(
  db: Db,
  slot: { teacherId: number; startTime: Date; endTime: Date; priceFils: number; kind?: 'lesson' | 'trial' },
): Promise<TimeSlotRow | undefined> {
  const [row] = await db.insert(timeSlots).values(slot).returning();
  return row;
}

/** Changes a slot only while it is open; undefined when it is not (held, booked) or not the teacher's. */
export async function updateOpenTeacherSlot(
  db: Db,
  teacherId: number,
  slotId: number,
  values: { startTime: Date; endTime: Date; priceFils?: number },
): Promise<TimeSlotRow | undefined> {
  const [row] = await db
    .update(timeSlots)
    .set(values)
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.teacherId, teacherId), eq(timeSlots.status, 'open')))
    .returning();
  return row;
}

export async function slotHasReservations(db: Db, slotId: number): Promise<boolean> {
  const live = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.timeSlotId, slotId))
    .limit(1);
  return live.length > 0;
}

/** Deletes a slot only while it is open; false when it is not (held, booked) or not the teacher's. */
export async function deleteOpenTeacherSlot(db: Db, teacherId: number, slotId: number): Promise<boolean> {
  const deleted = await db
    .delete(timeSlots)
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.teacherId, teacherId), eq(timeSlots.status, 'open')))
    .returning({ id: timeSlots.id });
  return deleted.length > 0;
}

/**
 * Deletes the open slots of a teacher's series that start after `now` and were never reserved
 * (a reopened slot keeps its reservation history); held and booked ones stay. The deleted ids.
 */
export async function deleteOpenFutureSeriesSlots(
  db: Executor,
  teacherId: number,
  seriesId: string,
  now: Date,
): Promise<number[]> {
  const deleted = await db
    .delete(timeSlots)
    .where(
      and(
        eq(timeSlots.teacherId, teacherId),
        eq(timeSlots.seriesId, seriesId),
        eq(timeSlots.status, 'open'),
        gt(timeSlots.startTime, now),
        notExists(
          db.select({ id: reservations.id }).from(reservations).where(eq(reservations.timeSlotId, timeSlots.id)),
        ),
      ),
    )
    .returning({ id: timeSlots.id });
  return deleted.map((row) => row.id);
}

/** Whether the teacher has any slot of this series. */
export async function teacherHasSeries(db: Executor, teacherId: number, seriesId: string): Promise<boolean> {
  const rows = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.teacherId, teacherId), eq(timeSlots.seriesId, seriesId)))
    .limit(1);
  return rows.length > 0;
}
