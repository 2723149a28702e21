import type { Proposal } from '@ustaz/contract';
import { and, asc, count, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { nameColumns } from '../../db/name-columns.ts';
import { pageWithTotal } from '../../db/paging.ts';
import {
  lessonDisputes,
  payments,
  type ReservationRow,
  reservations,
  teacherProfiles,
  timeSlots,
  type UserRow,
  users,
} from '../../db/schema.ts';
import type { NameSpellings } from '../../http/language.ts';
import { toProposal } from './proposal.presenter.ts';
import { openProposalsOf } from './proposals.repo.ts';

/**
 * Inserts reservations. Time and price are copied from the slot unless given, so what was booked
 * stays what it was when the teacher later edits or deletes other slots.
 */
export async function insertReservations(
  db: Executor,
  values: (typeof reservations.$inferInsert)[],
): Promise<ReservationRow[]> {
  if (values.length === 0) return [];
  const missing = values.filter((value) => !value.startTime).map((value) => value.timeSlotId);
  const slots =
    missing.length > 0
      ? await db
          .select({ id: timeSlots.id, start: timeSlots.startTime, end: timeSlots.endTime, price: timeSlots.priceFils })
          .from(timeSlots)
          .where(inArray(timeSlots.id, missing))
      : [];
  const slotById = new Map(slots.map((slot) => [slot.id, slot]));
  const rows = values.map((value) => {
    const slot = slotById.get(value.timeSlotId);
    return value.startTime || !slot
      ? value
      : { ...value, startTime: slot.start, endTime: slot.end, priceFils: value.priceFils ?? slot.price };
  });
  return db.insert(reservations).values(rows).returning();
}

export type ReservationScope = 'upcoming' | 'past' | 'cancelled';

export type ReservationView = {
  reservation: ReservationRow;
  /** The teacher's open proposal of a new time (issue 32), or null. */
  proposal?: Proposal | null;
  /** The problem reported for the lesson (issue 16), or null. */
  dispute: { id: number; status: 'open' | 'refunded' | 'released' } | null;
  /** The zone the teacher gives lessons in (their profile setting). */
  teacherTimeZone: string;
  /** For a pending (held, unpaid) reservation: its gateway payment while that is still pending. */
  pendingPayment: { id: string; userId: number; expiresAt: Date; redirectUrl: string | null } | null;
  /** Whether its gateway payment paid for it (paid, not credited to the wallet instead); null without one. */
  gatewayPaid: boolean | null;
  teacherUser: Pick<UserRow, 'id' | 'photoFileId'> & NameSpellings;
  /** The student, with the zone their browser last reported (null when unknown). */
  student: Pick<UserRow, 'id' | 'photoFileId' | 'timeZone'> & NameSpellings;
};

/** A teacher sees the lessons they give and any they booked themselves. */
function ownedBy(who: { userId: number; teacherProfileId: number | null }) {
  return who.teacherProfileId === null
    ? eq(reservations.studentId, who.userId)
    : or(eq(reservations.studentId, who.userId), eq(reservations.teacherId, who.teacherProfileId));
}

/**
 * The booked lessons (confirmed or completed) a user takes or gives that end after `since`, soonest
 * first (the calendar feed). Pending (held, unpaid) and cancelled ones are not lessons.
 */
export async function bookedLessonsSince(
  db: Executor,
  who: { userId: number; teacherProfileId: number | null },
  since: Date,
  limit: number,
): Promise<ReservationView[]> {
  const ids = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(ownedBy(who), inArray(reservations.status, ['confirmed', 'completed']), gt(reservations.endTime, since)))
    .orderBy(asc(reservations.startTime), asc(reservations.id))
    .limit(limit);
  return reservationViews(
    db,
    ids.map((row) => row.id),
  );
}

/** A user's reservations as student and, with a teacher profile, as teacher. */
export async function listReservations(
  db: Executor,
  who: { userId: number; teacherProfileId: number | null },
  scope: ReservationScope,
  page: number,
  limit: number,
  now: Date,
): Promise<{ rows: ReservationView[]; total: number }> {
  const owner = ownedBy(who);
  const scoped =
    scope === 'cancelled'
      ? eq(reservations.status, 'cancelled')
      : scope === 'upcoming'
        ? and(inArray(reservations.status, ['pending', 'confirmed']), gt(reservations.endTime, now))
        : or(
            eq(reservations.status, 'completed'),
            and(eq(reservations.status, 'confirmed'), lte(reservations.endTime, now)),
          );
  const where = and(owner, scoped);
  const { rows: ids, total } = await pageWithTotal(
    db
      .select({ id: reservations.id })
      .from(reservations)
      .where(where)
      .orderBy(scope === 'upcoming' ? asc(reservations.startTime) : desc(reservations.startTime), desc(reservations.id))
      .$dynamic(),
    db.select({ n: count() }).from(reservations).where(where),
    { page, limit },
  );
  return {
    rows: await reservationViews(
      db,
      ids.map((row) => row.id),
    ),
    total,
  };
}

/** Reservations with both people, in the order of `ids`. */
/** The reservations a gateway payment was started for, whatever became of them, earliest first. */
export async function reservationIdsOfPayment(db: Executor, paymentId: string): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.paymentId, paymentId))
    .orderBy(asc(reservations.startTime), asc(reservations.id));
  return rows.map((row) => row.id);
}

export async function reservationViews(db: Executor, ids: number[]): Promise<ReservationView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      reservation: reservations,
      teacherUserId: teacherProfiles.userId,
      teacherTimeZone: teacherProfiles.timeZone,
      studentNames: nameColumns(users),
      studentPhoto: users.photoFileId,
      studentTimeZone: users.timeZone,
    })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .innerJoin(users, eq(users.id, reservations.studentId))
    .where(inArray(reservations.id, ids));
  const teacherIds = [...new Set(rows.map((row) => row.teacherUserId))];
  const teachers = await db
    .select({ id: users.id, ...nameColumns(users), photoFileId: users.photoFileId })
    .from(users)
    .where(inArray(users.id, teacherIds));
  const teacherById = new Map(teachers.map((teacher) => [teacher.id, teacher]));
  const disputes = await db
    .select({ id: lessonDisputes.id, reservationId: lessonDisputes.reservationId, status: lessonDisputes.status })
    .from(lessonDisputes)
    .where(inArray(lessonDisputes.reservationId, ids));
  const disputeOf = new Map(disputes.map((d) => [d.reservationId, { id: d.id, status: d.status }]));
  const proposalOf = new Map(
    (await openProposalsOf(db, ids)).map((row) => [row.proposal.reservationId, toProposal(row)]),
  );
  const paymentIds = [
    ...new Set(rows.flatMap((row) => (row.reservation.paymentId ? [row.reservation.paymentId] : []))),
  ];
  const gatewayPayments =
    paymentIds.length > 0
      ? await db
          .select({
            id: payments.id,
            userId: payments.userId,
            status: payments.status,
            creditedToWallet: payments.creditedToWallet,
            expiresAt: payments.expiresAt,
            redirectUrl: payments.redirectUrl,
          })
          .from(payments)
          .where(inArray(payments.id, paymentIds))
      : [];
  const paymentOf = new Map(gatewayPayments.map((payment) => [payment.id, payment]));
  const pendingPaymentOf = (id: string) => {
    const payment = paymentOf.get(id);
    return payment?.status === 'pending'
      ? { id: payment.id, userId: payment.userId, expiresAt: payment.expiresAt, redirectUrl: payment.redirectUrl }
      : null;
  };
  const gatewayPaidOf = (id: string | null) => {
    const payment = id ? paymentOf.get(id) : undefined;
    return payment ? payment.status === 'paid' && !payment.creditedToWallet : null;
  };
  const byId = new Map(
    rows.map((row) => [
      row.reservation.id,
      {
        reservation: row.reservation,
        dispute: disputeOf.get(row.reservation.id) ?? null,
        proposal: proposalOf.get(row.reservation.id) ?? null,
        teacherTimeZone: row.teacherTimeZone,
        pendingPayment:
          row.reservation.status === 'pending' && row.reservation.paymentId
            ? pendingPaymentOf(row.reservation.paymentId)
            : null,
        gatewayPaid: gatewayPaidOf(row.reservation.paymentId),
        teacherUser: teacherById.get(row.teacherUserId) ?? {
          id: row.teacherUserId,
          firstName: '',
          lastName: '',
          firstNameAr: null,
          lastNameAr: null,
          firstNameEn: null,
          lastNameEn: null,
          photoFileId: null,
        },
        student: {
          id: row.reservation.studentId,
          ...row.studentNames,
          photoFileId: row.studentPhoto,
          timeZone: row.studentTimeZone,
        },
      },
    ]),
  );
  return ids.flatMap((id) => {
    const view = byId.get(id);
    return view ? [view] : [];
  });
}
