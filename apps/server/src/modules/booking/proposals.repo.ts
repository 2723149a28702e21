import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type ReservationProposalRow,
  reservationProposals,
  reservations,
  type TimeSlotRow,
  timeSlots,
} from '../../db/schema.ts';

/** SQL of the teachers' proposals of a new time (issue 32), in the caller's executor. */

export type ProposalWithSlot = {
  proposal: ReservationProposalRow;
  slot: Pick<TimeSlotRow, 'startTime' | 'endTime' | 'priceFils'>;
  lessonStart: Date | null;
};

const withSlot = {
  proposal: reservationProposals,
  slot: { startTime: timeSlots.startTime, endTime: timeSlots.endTime, priceFils: timeSlots.priceFils },
  lessonStart: reservations.startTime,
};

/** The open proposals of these reservations whose lesson has not started, with their slots. */
export async function openProposalsOf(db: Executor, reservationIds: number[]): Promise<ProposalWithSlot[]> {
  if (reservationIds.length === 0) return [];
  return db
    .select(withSlot)
    .from(reservationProposals)
    .innerJoin(timeSlots, eq(timeSlots.id, reservationProposals.timeSlotId))
    .innerJoin(reservations, eq(reservations.id, reservationProposals.reservationId))
    .where(
      and(
        inArray(reservationProposals.reservationId, reservationIds),
        eq(reservationProposals.status, 'open'),
        sql`${reservations.startTime} > now()`,
      ),
    );
}

/** One proposal with its slot (any status). */
export async function proposalWithSlot(db: Executor, id: number): Promise<ProposalWithSlot | undefined> {
  const [row] = await db
    .select(withSlot)
    .from(reservationProposals)
    .innerJoin(timeSlots, eq(timeSlots.id, reservationProposals.timeSlotId))
    .innerJoin(reservations, eq(reservations.id, reservationProposals.reservationId))
    .where(eq(reservationProposals.id, id));
  return row;
}

/** Locks a proposal row (after its reservation was locked: the reservation first, always). */
export async function lockProposal(db: Executor, id: number): Promise<ReservationProposalRow | undefined> {
  const [row] = await db.select().from(reservationProposals).where(eq(reservationProposals.id, id)).for('update');
  return row;
}

/** The reservation a proposal is for (read without a lock, to lock the reservation first). */
export async function reservationOfProposal(db: Executor, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ reservationId: reservationProposals.reservationId })
    .from(reservationProposals)
    .where(eq(reservationProposals.id, id));
  return row?.reservationId;
}

/** A new open proposal; null when the reservation has one open already (the partial unique index). */
export async function insertProposal(
  db: Executor,
  values: { reservationId: number; timeSlotId: number; note: string },
): Promise<ReservationProposalRow | null> {
  const [row] = await db.insert(reservationProposals).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Decides an open proposal (accepted, declined or lapsed); false when it was not open. */
export async function decideProposal(
  db: Executor,
  id: number,
  status: 'accepted' | 'declined' | 'lapsed',
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(reservationProposals)
    .set({ status, decidedAt: now })
    .where(and(eq(reservationProposals.id, id), eq(reservationProposals.status, 'open')))
    .returning({ id: reservationProposals.id });
  return rows.length > 0;
}

/** The student may now cancel the lesson with a full refund whatever the time (a declined proposal). */
export async function allowFreeCancel(db: Executor, reservationId: number): Promise<void> {
  await db.update(reservations).set({ freeCancel: true }).where(eq(reservations.id, reservationId));
}

/** Every open proposal whose lesson has started by `now` lapses; answers how many. */
export async function lapseStartedProposals(db: Executor, now: Date): Promise<number> {
  const started = db.select({ id: reservations.id }).from(reservations).where(lte(reservations.startTime, now));
  const rows = await db
    .update(reservationProposals)
    .set({ status: 'lapsed', decidedAt: now })
    .where(and(eq(reservationProposals.status, 'open'), inArray(reservationProposals.reservationId, started)))
    .returning({ id: reservationProposals.id });
  return rows.length;
}
