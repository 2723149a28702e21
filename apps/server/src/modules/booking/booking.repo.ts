import type { Language } from '@ustaz/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { nameColumns } from '../../db/name-columns.ts';
import {
  type ReservationRow,
  reservations,
  type TimeSlotRow,
  teacherProfiles,
  timeSlots,
  users,
} from '../../db/schema.ts';
import { nameIn } from '../../http/language.ts';

/**
 * SQL of booking: slot state changes and reservation state changes, always inside the caller's
 * transaction and always by compare-and-swap on the current state, so a check and its write are
 * one step (RELIABILITY "Booking invariants").
 */

/** A slot with its teacher's user and trial price (null: the teacher offers no trial, issue 32). */
export type LockedSlot = TimeSlotRow & { teacherUserId: number; teacherTrialPriceFils: number | null };

/**
 * Frees held slots whose hold has lapsed (all of them, or only `slotIds`) and cancels the pending
 * reservations that waited on them. The payment itself is settled by the payments sweeper.
 */
export async function releaseExpiredHolds(db: Executor, now: Date, slotIds?: number[]): Promise<number> {
  const released = await db
    .update(timeSlots)
    .set({ status: 'open', holdExpiresAt: null, holdPaymentId: null })
    .where(
      and(
        eq(timeSlots.status, 'held'),
        lte(timeSlots.holdExpiresAt, now),
        ...(slotIds ? [inArray(timeSlots.id, slotIds)] : []),
      ),
    )
    .returning({ id: timeSlots.id });
  if (released.length > 0) {
    await db
      .update(reservations)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'system', cancelReason: 'holdExpired' })
      .where(
        and(
          inArray(
            reservations.timeSlotId,
            released.map((slot) => slot.id),
          ),
          eq(reservations.status, 'pending'),
        ),
      );
  }
  return released.length;
}

/** Locks the slots in id order (so two bookings never deadlock) with their teacher's user id. */
export async function lockSlots(db: Executor, ids: number[]): Promise<LockedSlot[]> {
  const rows = await db
    .select({ slot: timeSlots, teacherUserId: teacherProfiles.userId, trialPrice: teacherProfiles.trialPriceFils })
    .from(timeSlots)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, timeSlots.teacherId))
    .where(inArray(timeSlots.id, ids))
    .orderBy(asc(timeSlots.id))
    .for('update', { of: timeSlots });
  return rows.map((row) => ({ ...row.slot, teacherUserId: row.teacherUserId, teacherTrialPriceFils: row.trialPrice }));
}

/** The slots with their teacher's user id, read without locking (a quote). */
export async function readSlots(db: Executor, ids: number[]): Promise<LockedSlot[]> {
  const rows = await db
    .select({ slot: timeSlots, teacherUserId: teacherProfiles.userId, trialPrice: teacherProfiles.trialPriceFils })
    .from(timeSlots)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, timeSlots.teacherId))
    .where(inArray(timeSlots.id, ids))
    .orderBy(asc(timeSlots.id));
  return rows.map((row) => ({ ...row.slot, teacherUserId: row.teacherUserId, teacherTrialPriceFils: row.trialPrice }));
}

/** How many slots the student holds now for gateway payments (pending reservations, hold not lapsed). */
export async function heldSlotCount(db: Executor, studentId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .innerJoin(timeSlots, eq(timeSlots.id, reservations.timeSlotId))
    .where(
      and(
        eq(reservations.studentId, studentId),
        eq(reservations.status, 'pending'),
        eq(timeSlots.status, 'held'),
        sql`${timeSlots.holdExpiresAt} > ${now}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Takes a share lock on the booking student's row and answers whether the account is live (not
 * suspended, not deleted). Deleting an account locks the row for update, so a booking and a
 * deletion of the same user run one after the other: the deletion then sees the new lesson
 * (and refuses), or the booking sees the deleted account.
 */
export async function lockLiveUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  return row !== undefined && row.status === 'active' && row.deletedAt === null;
}

/**
 * A user as the texts of booking notifications and mails name them: the full and first name on a
 * reader's language (their spelling for it where given, ADR 020), their address and language.
 */
export type NamedPerson = {
  name: (language: Language) => string;
  firstName: (language: Language) => string;
  email: string;
  language: Language;
  /** The zone their browser reported (null: never reported; readers fall back to Kuwait time). */
  timeZone: string | null;
};

/** Display names of users (for the texts of booking notifications). */
export async function namesOf(db: Executor, userIds: number[]): Promise<Map<number, NamedPerson>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      ...nameColumns(users),
      email: users.email,
      language: users.language,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: (language: Language) => {
          const { firstName, lastName } = nameIn(language, row);
          return `${firstName} ${lastName}`.trim();
        },
        firstName: (language: Language) => nameIn(language, row).firstName,
        email: row.email,
        language: row.language,
        timeZone: row.timeZone,
      },
    ]),
  );
}

export async function setSlotsBooked(db: Executor, ids: number[]): Promise<void> {
  await db
    .update(timeSlots)
    .set({ status: 'booked', holdExpiresAt: null, holdPaymentId: null })
    .where(inArray(timeSlots.id, ids));
}

export async function holdSlots(db: Executor, ids: number[], paymentId: string, until: Date): Promise<void> {
  await db
    .update(timeSlots)
    .set({ status: 'held', holdExpiresAt: until, holdPaymentId: paymentId })
    .where(inArray(timeSlots.id, ids));
}

export async function openSlots(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(timeSlots)
    .set({ status: 'open', holdExpiresAt: null, holdPaymentId: null })
    .where(inArray(timeSlots.id, ids));
}

/** The slots a payment holds, locked. */
export async function lockSlotsHeldBy(db: Executor, paymentId: string): Promise<TimeSlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.holdPaymentId, paymentId), eq(timeSlots.status, 'held')))
    .orderBy(asc(timeSlots.id))
    .for('update');
}

export async function pendingReservationsOf(db: Executor, paymentId: string): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    .where(and(eq(reservations.paymentId, paymentId), eq(reservations.status, 'pending')))
    .orderBy(asc(reservations.id))
    .for('update');
}

export async function confirmReservations(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(reservations).set({ status: 'confirmed' }).where(inArray(reservations.id, ids));
}

/** Confirms pending reservations with how each was paid in the end (a top-up's booking, ADR 026); returns them. */
export async function confirmPaidReservations(
  db: Executor,
  parts: Pick<ReservationRow, 'id' | 'paidWith' | 'subscriptionMinutes' | 'hoursValueFils' | 'cashFils'>[],
): Promise<ReservationRow[]> {
  const rows: ReservationRow[] = [];
  for (const { id, ...paid } of parts) {
    const [row] = await db
      .update(reservations)
      .set({ status: 'confirmed', ...paid })
      .where(and(eq(reservations.id, id), eq(reservations.status, 'pending')))
      .returning();
    if (row) rows.push(row);
  }
  return rows;
}

export async function cancelReservations(
  db: Executor,
  ids: number[],
  by: NonNullable<ReservationRow['cancelledBy']>,
  reason: string,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(reservations)
    .set({ status: 'cancelled', cancelledAt: now, cancelledBy: by, cancelReason: reason })
    .where(and(inArray(reservations.id, ids), inArray(reservations.status, ['pending', 'confirmed'])));
}

export async function adjustBookingsCount(db: Executor, teacherProfileId: number, delta: number): Promise<void> {
  await db
    .update(teacherProfiles)
    .set({ bookingsCount: sql`greatest(0, ${teacherProfiles.bookingsCount} + ${delta})` })
    .where(eq(teacherProfiles.id, teacherProfileId));
}

export async function lockReservation(
  db: Executor,
  id: number,
): Promise<(ReservationRow & { teacherUserId: number }) | undefined> {
  const [row] = await db
    .select({ reservation: reservations, teacherUserId: teacherProfiles.userId })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(eq(reservations.id, id))
    .for('update', { of: reservations });
  return row ? { ...row.reservation, teacherUserId: row.teacherUserId } : undefined;
}

/**
 * Locks every slot of a teacher (by user id), so bookings in flight finish before the caller goes
 * on, and answers the live reservations (pending or confirmed) that have not started yet.
 */
export async function lockTeacherFutureReservations(db: Executor, teacherUserId: number, now: Date): Promise<number[]> {
  await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, timeSlots.teacherId))
    .where(eq(teacherProfiles.userId, teacherUserId))
    .orderBy(asc(timeSlots.id))
    .for('update', { of: timeSlots });
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(
      and(
        eq(teacherProfiles.userId, teacherUserId),
        inArray(reservations.status, ['pending', 'confirmed']),
        sql`${reservations.startTime} > ${now}`,
      ),
    )
    .orderBy(asc(reservations.id));
  return rows.map((row) => row.id);
}

/** Confirmed reservations whose lesson has ended: the sweeper completes them. */
export async function dueReservationIds(db: Executor, now: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'confirmed'), lte(reservations.endTime, now)))
    .orderBy(asc(reservations.endTime))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function completeReservation(db: Executor, id: number, now: Date): Promise<ReservationRow | undefined> {
  const [row] = await db
    .update(reservations)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(reservations.id, id), eq(reservations.status, 'confirmed')))
    .returning();
  return row;
}
