import type { Executor } from '../../db/client.ts';
import { type ReservationRow, reservations } from '../../db/schema.ts';

/** Minimal for now (reviews need completed reservations); the booking issue extends this module. */
export async function insertReservations(
  db: Executor,
  values: (typeof reservations.$inferInsert)[],
): Promise<ReservationRow[]> {
  if (values.length === 0) return [];
  return db.insert(reservations).values(values).returning();
}
