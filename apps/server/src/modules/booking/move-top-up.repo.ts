import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type MoveTopUpRow, moveTopUps, payments, timeSlots } from '../../db/schema.ts';

/** SQL of a dearer move paid through a gateway top-up (issue 32, ADR 033), inside the caller's transaction. */

export async function insertMoveTopUp(db: Executor, row: Omit<MoveTopUpRow, 'createdAt'>): Promise<void> {
  await db.insert(moveTopUps).values(row);
}

export async function moveTopUpOf(db: Executor, paymentId: string): Promise<MoveTopUpRow | undefined> {
  const [row] = await db.select().from(moveTopUps).where(eq(moveTopUps.paymentId, paymentId));
  return row;
}

/** The slot a move's payment holds is still held by it and not expired: the move waits for that payment. */
const liveHold = (now: Date) =>
  and(
    eq(timeSlots.holdPaymentId, moveTopUps.paymentId),
    eq(timeSlots.status, 'held'),
    gt(timeSlots.holdExpiresAt, now),
    eq(payments.status, 'pending'),
  );

/** How many moves matching `filter` still wait for their top-up, each holding its slot. */
async function waitingMoves(db: Executor, filter: SQL, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(moveTopUps)
    .innerJoin(timeSlots, eq(timeSlots.id, moveTopUps.timeSlotId))
    .innerJoin(payments, eq(payments.id, moveTopUps.paymentId))
    .where(and(filter, liveHold(now)));
  return Number(row?.n ?? 0);
}

/** Whether a move of this lesson still waits for its top-up (one at a time per lesson). */
export async function hasWaitingMove(db: Executor, reservationId: number, now: Date): Promise<boolean> {
  return (await waitingMoves(db, eq(moveTopUps.reservationId, reservationId), now)) > 0;
}

/** Slots a student's waiting moves hold (counted with their held bookings against BOOKING.maxHeldSlots). */
export function heldMoveSlotCount(db: Executor, studentId: number, now: Date): Promise<number> {
  return waitingMoves(db, eq(payments.userId, studentId), now);
}

/** Frees the slot a move's payment held, if it still holds it. */
export async function releaseMoveHold(db: Executor, paymentId: string): Promise<void> {
  await db
    .update(timeSlots)
    .set({ status: 'open', holdExpiresAt: null, holdPaymentId: null })
    .where(and(eq(timeSlots.holdPaymentId, paymentId), eq(timeSlots.status, 'held')));
}
