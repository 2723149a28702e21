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
import type { MailContent } from '../../mail/templates.ts';
import {
  LESSONS_PAGE,
  type MailReader,
  renderProposalAnswerMail,
  renderProposalMail,
} from '../../mail/weekly-templates.ts';
import { insertNotifications, type NotificationType } from '../notifications/notifications.service.ts';
import { reservationsAsSeenBy } from './booking.presenter.ts';
import { lockReservation, lockSlots, namesOf, releaseExpiredHolds } from './booking.repo.ts';
import { type BookingMail, mailParty } from './booking-notices.ts';
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
import { checkTarget, moveLesson } from './reschedule-move.ts';
import { assertMovable, tellRescheduled } from './reschedule-rules.ts';

/**
 * A teacher's proposal of a new time (issue 32, ADR 033): the teacher proposes one of their open
 * slots of the same length for an upcoming lesson (inside the 12 h window too); the student accepts
 * (the lesson moves through `moveLesson`, price rules as a reschedule) or declines (the lesson stays
 * and may be cancelled with a full refund whatever the time). Unanswered by the lesson's start, it
 * lapses. Lock order: the reservation, then the proposal, then the slots by id.
 */

type Locked = ReservationRow & { teacherUserId: number };
const notFound = () => new HttpError(404, 'notFound', 'Not found');

type Render = (reader: MailReader, url: string, otherName: string) => MailContent;

/**
 * Tells `userId` about the proposal, naming the other party in the reader's language, and mails
 * them (`render`) in their language and zone, the button to their lessons' page.
 */
async function tell(
  tx: Executor,
  mail: BookingMail,
  row: Locked,
  userId: number,
  type: NotificationType,
  data: Record<string, unknown>,
  render: Render,
) {
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
  const page = userId === row.studentId ? LESSONS_PAGE.student : LESSONS_PAGE.teacher;
  await mailParty(tx, mail, people.get(userId), page, (reader, url) => render(reader, url, name));
}

export function createProposalsService({
  db,
  mail,
  clock = () => new Date(),
}: {
  db: Db;
  mail: BookingMail;
  clock?: Clock;
}) {
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
        const start = row.startTime ?? now;
        const proposedStart = target?.startTime ?? start;
        const data = { proposalId: proposal.id, proposedStartTime: target?.startTime.toISOString() ?? null };
        await tell(tx, mail, row, row.studentId, 'reservation.proposal', data, (reader, url, teacherName) =>
          renderProposalMail(reader, { teacherName, start, proposedStart, note: proposal.note, url }),
        );
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
        // The teacher's mail is the answer's below (old and new time): one mail to each party.
        await tellRescheduled(tx, mail, row, result.moved, 'teacher', { mailTeacher: false });
        const oldStart = row.startTime ?? now;
        const newStart = result.moved.startTime ?? oldStart;
        const data = {
          proposalId,
          // The lesson's start is the new one now (the teacher's text: "the lesson now starts ...").
          startTime: result.moved.startTime?.toISOString() ?? null,
          oldStartTime: row.startTime?.toISOString() ?? null,
        };
        await tell(tx, mail, row, row.teacherUserId, 'reservation.proposalAccepted', data, (reader, url, studentName) =>
          renderProposalAnswerMail(reader, { answer: 'accepted', studentName, oldStart, newStart, url }),
        );
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
        const start = row.startTime ?? now;
        await tell(
          tx,
          mail,
          row,
          row.teacherUserId,
          'reservation.proposalDeclined',
          { proposalId },
          (reader, url, studentName) =>
            renderProposalAnswerMail(reader, { answer: 'declined', studentName, start, url }),
        );
        return row.id;
      });
      const [reservation] = await reservationsAsSeenBy(db, [reservationId], userId, now);
      if (!reservation) throw notFound();
      return { reservation, proposal: await proposalOut(proposalId) };
    },
  };
}
