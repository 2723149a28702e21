import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  notifications,
  type ReservationRow,
  reservations,
  type StandingBookingRow,
  standingBookings,
  teacherProfiles,
  timeSlots,
} from '../../db/schema.ts';

/** SQL of standing weekly series (issue 32, ADR 034): the series rows and their unpaid lessons. */

/** The teacher's zone (their profile's), for the series' weekday and time. */
export async function teacherZoneOf(db: Executor, teacherProfileId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ timeZone: teacherProfiles.timeZone })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherProfileId));
  return row?.timeZone;
}

/** The teacher's open lesson slots (not trials) starting in [from, to], by start. */
export async function openLessonSlotsBetween(db: Executor, teacherProfileId: number, from: Date, to: Date) {
  return db
    .select({
      id: timeSlots.id,
      startTime: timeSlots.startTime,
      endTime: timeSlots.endTime,
      priceFils: timeSlots.priceFils,
    })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.teacherId, teacherProfileId),
        eq(timeSlots.status, 'open'),
        eq(timeSlots.kind, 'lesson'),
        sql`${timeSlots.startTime} >= ${from}`,
        sql`${timeSlots.startTime} <= ${to}`,
      ),
    )
    .orderBy(asc(timeSlots.startTime));
}

export async function insertStandingBooking(
  db: Executor,
  values: typeof standingBookings.$inferInsert,
): Promise<StandingBookingRow> {
  const [row] = await db.insert(standingBookings).values(values).returning();
  if (!row) throw new Error('standing booking not inserted');
  return row;
}

export async function lockStandingBooking(db: Executor, id: number): Promise<StandingBookingRow | undefined> {
  const [row] = await db.select().from(standingBookings).where(eq(standingBookings.id, id)).for('update');
  return row;
}

export async function stopStandingBooking(
  db: Executor,
  id: number,
  status: 'stopped' | 'ended',
  now: Date,
): Promise<void> {
  await db
    .update(standingBookings)
    .set({ status, stoppedAt: now })
    .where(and(eq(standingBookings.id, id), eq(standingBookings.status, 'active')));
}

/** A student's series (`studentId`) or a teacher's (`teacherProfileId`), newest first. */
export async function standingBookingsOf(
  db: Executor,
  of: { studentId: number } | { teacherProfileId: number },
): Promise<StandingBookingRow[]> {
  return db
    .select()
    .from(standingBookings)
    .where(
      'studentId' in of
        ? eq(standingBookings.studentId, of.studentId)
        : eq(standingBookings.teacherId, of.teacherProfileId),
    )
    .orderBy(desc(standingBookings.createdAt), desc(standingBookings.id));
}

export async function standingBookingById(db: Executor, id: number): Promise<StandingBookingRow | undefined> {
  const [row] = await db.select().from(standingBookings).where(eq(standingBookings.id, id));
  return row;
}

/** The lessons of these series (every status), by start. */
export async function lessonsOfStanding(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: reservations.id, standingBookingId: reservations.standingBookingId })
    .from(reservations)
    .where(inArray(reservations.standingBookingId, ids))
    .orderBy(asc(reservations.startTime), asc(reservations.id));
}

/** How many series lessons the student holds unpaid (pending with a charge time), over all their series. */
export async function unpaidSeriesLessonCount(db: Executor, studentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.studentId, studentId),
        eq(reservations.status, 'pending'),
        isNotNull(reservations.standingBookingId),
        isNotNull(reservations.chargeAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A lock key of its own for a teacher's newcomer room ('STND', ADR 037), paired with the teacher profile's id. */
const STANDING_ROOM_LOCK = 0x53544e44;

/**
 * Serialises the new series at this teacher until the transaction ends (the room is counted, then
 * filled). Only series creation takes it, after the student's row and before any slot is locked.
 */
export async function lockStandingRoom(db: Executor, teacherProfileId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${STANDING_ROOM_LOCK}::int, ${teacherProfileId}::int)`);
}

/** Whether the student has had a verified lesson with the teacher (completed, paid, both attended, not refunded in full). */
export async function hadVerifiedLesson(db: Executor, studentId: number, teacherProfileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.studentId, studentId),
        eq(reservations.teacherId, teacherProfileId),
        eq(reservations.verifiedLesson, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The unpaid series lessons held at the teacher by students who have not had a verified lesson
 * with them (the newcomer room, ADR 037), over every such student.
 */
export async function newcomerUnpaidCount(db: Executor, teacherProfileId: number): Promise<number> {
  const taught = alias(reservations, 'taught');
  const [row] = await db
    .select({ n: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.teacherId, teacherProfileId),
        eq(reservations.status, 'pending'),
        isNotNull(reservations.standingBookingId),
        isNotNull(reservations.chargeAt),
        notExists(
          db
            .select({ id: taught.id })
            .from(taught)
            .where(
              and(
                eq(taught.studentId, reservations.studentId),
                eq(taught.teacherId, reservations.teacherId),
                eq(taught.verifiedLesson, true),
              ),
            ),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Series lessons not paid yet whose charge time has come and whose release time has not. */
export async function dueChargeIds(db: Executor, now: Date, releaseBefore: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'pending'),
        isNotNull(reservations.standingBookingId),
        isNull(reservations.paymentId),
        lte(reservations.chargeAt, now),
        gt(reservations.startTime, releaseBefore),
      ),
    )
    .orderBy(asc(reservations.chargeAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Series lessons still unpaid that start by `releaseBefore` (start - 24 h has come): released. */
export async function dueReleaseIds(db: Executor, releaseBefore: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'pending'),
        isNotNull(reservations.standingBookingId),
        isNull(reservations.paymentId),
        lte(reservations.startTime, releaseBefore),
      ),
    )
    .orderBy(asc(reservations.startTime))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Locks an unpaid series lesson, skipping it when another process holds it (that one charges or
 * releases it): the row only while it is still pending, unpaid and of a series.
 */
export async function lockUnpaidSeriesLesson(
  db: Executor,
  id: number,
): Promise<(ReservationRow & { teacherUserId: number }) | undefined> {
  const [row] = await db
    .select({ reservation: reservations, teacherUserId: teacherProfiles.userId })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(
      and(
        eq(reservations.id, id),
        eq(reservations.status, 'pending'),
        isNotNull(reservations.standingBookingId),
        isNull(reservations.paymentId),
      ),
    )
    .for('update', { of: reservations, skipLocked: true });
  return row ? { ...row.reservation, teacherUserId: row.teacherUserId } : undefined;
}

/** A charged series lesson: confirmed, paid like a balance booking, no charge time left. */
export async function markSeriesLessonPaid(
  db: Executor,
  id: number,
  paid: Pick<ReservationRow, 'paidWith' | 'subscriptionMinutes' | 'hoursValueFils' | 'cashFils' | 'bookingGroup'>,
): Promise<ReservationRow | undefined> {
  const [row] = await db
    .update(reservations)
    .set({ status: 'confirmed', chargeAt: null, ...paid })
    .where(and(eq(reservations.id, id), eq(reservations.status, 'pending')))
    .returning();
  return row;
}

/** Whether the student was already told this lesson's charge failed (they are told once). */
export async function chargeFailureTold(db: Executor, userId: number, reservationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, 'standing.chargeFailed'),
        sql`(${notifications.data} ->> 'reservationId')::int = ${reservationId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
