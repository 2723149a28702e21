import {
  DEFAULT_LANGUAGE,
  type ProposalAcceptResponse,
  type ProposalBody,
  type ProposalResponse,
} from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { ReservationRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { insertNotifications, type NotificationType } from '../notifications/notifications.service.ts';
import { reservationsAsSeenBy } from './booking.presenter.ts';
import { lockReservation, lockSlots, namesOf, releaseExpiredHolds } from './booking.repo.ts';
import { toProposal } from './proposal.presenter.ts';
import {
  allowFreeCancel,
  decideProposal,
  insertProposal,
  lapseStartedProposals,
  lockProposal,
  proposalWithSlot,
  reservationOfProposal,
} from './proposals.repo.ts';
import { assertMovable, tellRescheduled } from './reschedule.service.ts';
import { checkTarget, moveLesson } from './reschedule-move.ts';

/**
 * A teacher's proposal of a new time (issue 32, ADR 033): the teacher proposes one of their open
 * slots of the same length for an upcoming lesson (inside the 12 h window too); the student accepts
 * (the lesson moves through `moveLesson`, price rules as a reschedule) or declines (the lesson stays
 * and may be cancelled with a full refund whatever the time). Unanswered by the lesson's start, it
 * lapses. Lock order: the reservation, then the proposal, then the slots by id.
 */

type Locked = ReservationRow & { teacherUserId: number };
const notFound = () => new HttpError(404, 'notFound', 'Not found');

/** Tells `userId` about the proposal, naming the other party in the reader's language. */
async function tell(tx: Executor, row: Locked, userId: number, type: NotificationType, data: Record<string, unknown>) {
  const people = await namesOf(tx, [row.studentId, row.teacherUserId]);
  const otherId = userId === row.studentId ? row.teacherUserId : row.studentId;
  const name = people.get(otherId)?.name(people.get(userId)?.language ?? DEFAULT_LANGUAGE) ?? '';
  const key = userId === row.studentId ? 'teacherName' : 'studentName';
  await insertNotifications(tx, [
    {
      userId,
      type,
      data: { reservationId: row.id, startTime: row.startTime?.toISOString() ?? null, [key]: name, ...data },
    },
  ]);
}

export function createProposalsService({ db, clock = () => new Date() }: { db: Db; clock?: Clock }) {
  const proposalOut = async (id: number) => {
    const row = await proposalWithSlot(db, id);
    if (!row) throw notFound();
    return toProposal(row);
  };

  /** Locks the proposal's reservation (the student's, else 404), then the open proposal (else 409 proposalClosed). */
  async function lockAnswerable(tx: Executor, userId: number, proposalId: number, now: Date) {
    const reservationId = await reservationOfProposal(tx, proposalId);
    const row = reservationId === undefined ? undefined : await lockReservation(tx, reservationId);
    if (!row || row.studentId !== userId) throw notFound();
    const proposal = await lockProposal(tx, proposalId);
    if (proposal?.status !== 'open' || (row.startTime ?? now).getTime() <= now.getTime()) {
      throw new HttpError(409, 'proposalClosed', 'This proposal is no longer open');
    }
    return { row, proposal };
  }

  /** A proposal read after its lesson started is lapsed first (in its own statement), so it reads closed. */
  const lapseDue = (now: Date) => lapseStartedProposals(db, now);

  return {
    lapseStartedProposals: lapseDue,

    async propose(userId: number, reservationId: number, body: ProposalBody, now = clock()): Promise<ProposalResponse> {
      const id = await db.transaction(async (tx) => {
        const row = await lockReservation(tx, reservationId);
        if (!row || row.teacherUserId !== userId) throw notFound();
        const live = row.status === 'confirmed' || (row.status === 'pending' && row.standingBookingId !== null);
        if (!live || (row.startTime ?? now).getTime() <= now.getTime()) {
          throw new HttpError(409, 'lessonNotMovable', 'This lesson can no longer be moved');
        }
        await releaseExpiredHolds(tx, now, [body.timeSlotId]);
        const [target] = await lockSlots(tx, [body.timeSlotId]);
        checkTarget(row, target, now);
        const proposal = await insertProposal(tx, {
          reservationId,
          timeSlotId: body.timeSlotId,
          note: body.note ?? '',
        });
        if (!proposal) throw new HttpError(409, 'proposalExists', 'This lesson already has an open proposal');
        await tell(tx, row, row.studentId, 'reservation.proposal', {
          proposalId: proposal.id,
          proposedStartTime: target?.startTime.toISOString() ?? null,
        });
        return proposal.id;
      });
      const [reservation] = await reservationsAsSeenBy(db, [reservationId], userId, now);
      if (!reservation) throw notFound();
      return { proposal: await proposalOut(id), reservation };
    },

    async accept(
      userId: number,
      proposalId: number,
      body: { expectedTotal: string },
      now = clock(),
    ): Promise<ProposalAcceptResponse> {
      await lapseDue(now);
      const { reservationId, difference } = await db.transaction(async (tx) => {
        const { row, proposal } = await lockAnswerable(tx, userId, proposalId, now);
        assertMovable(row, now);
        await decideProposal(tx, proposal.id, 'accepted', now);
        const move = { timeSlotId: proposal.timeSlotId, expectedTotal: body.expectedTotal };
        const result = await moveLesson(tx, row, move, userId, now);
        await tellRescheduled(tx, row, result.moved, 'teacher');
        await tell(tx, row, row.teacherUserId, 'reservation.proposalAccepted', {
          proposalId,
          // The lesson's start is the new one now (the teacher's text: "the lesson now starts ...").
          startTime: result.moved.startTime?.toISOString() ?? null,
          oldStartTime: row.startTime?.toISOString() ?? null,
        });
        return { reservationId: row.id, difference: result.difference };
      });
      const [reservation] = await reservationsAsSeenBy(db, [reservationId], userId, now);
      if (!reservation) throw notFound();
      return { reservation, difference, proposal: await proposalOut(proposalId) };
    },

    async decline(userId: number, proposalId: number, now = clock()): Promise<ProposalResponse> {
      await lapseDue(now);
      const reservationId = await db.transaction(async (tx) => {
        const { row, proposal } = await lockAnswerable(tx, userId, proposalId, now);
        await decideProposal(tx, proposal.id, 'declined', now);
        await allowFreeCancel(tx, row.id);
        await tell(tx, row, row.teacherUserId, 'reservation.proposalDeclined', { proposalId });
        return row.id;
      });
      const [reservation] = await reservationsAsSeenBy(db, [reservationId], userId, now);
      if (!reservation) throw notFound();
      return { reservation, proposal: await proposalOut(proposalId) };
    },
  };
}
