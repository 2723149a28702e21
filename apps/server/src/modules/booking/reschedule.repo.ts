import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessonReminders, type ReservationRow, reservationProposals, reservations } from '../../db/schema.ts';

/** SQL of moving a lesson (issue 32), always in the caller's transaction. */

export type MovedFields = Pick<
  ReservationRow,
  | 'timeSlotId'
  | 'startTime'
  | 'endTime'
  | 'priceFils'
  | 'cashFils'
  | 'walletFils'
  | 'hoursValueFils'
  | 'subscriptionMinutes'
>;

/** Points the locked reservation at its new slot with its new money, one revision up. */
export async function moveReservation(
  db: Executor,
  row: ReservationRow,
  fields: MovedFields,
  now: Date,
): Promise<ReservationRow> {
  const [moved] = await db
    .update(reservations)
    .set({ ...fields, revision: row.revision + 1, rescheduledAt: now })
    .where(and(eq(reservations.id, row.id), eq(reservations.revision, row.revision)))
    .returning();
  if (!moved) throw new Error(`reservation ${row.id} changed while locked`);
  return moved;
}

/** The reminders already sent for the old time are forgotten, so the new time gets its own. */
export async function forgetReminders(db: Executor, reservationId: number): Promise<void> {
  await db.delete(lessonReminders).where(eq(lessonReminders.reservationId, reservationId));
}

/** Closes the open proposals of these reservations with `status` (lapsed when the lesson moved or started). */
export async function closeOpenProposals(
  db: Executor,
  reservationIds: number[],
  status: 'lapsed' | 'declined' | 'accepted',
  now: Date,
): Promise<number[]> {
  if (reservationIds.length === 0) return [];
  const rows = await db
    .update(reservationProposals)
    .set({ status, decidedAt: now })
    .where(and(inArray(reservationProposals.reservationId, reservationIds), eq(reservationProposals.status, 'open')))
    .returning({ id: reservationProposals.id });
  return rows.map((row) => row.id);
}
