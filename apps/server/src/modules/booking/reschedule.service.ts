import {
  DEFAULT_LANGUAGE,
  type RescheduleBody,
  type RescheduleResponse,
  type RescheduleTopUpResponse,
} from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { reservationsAsSeenBy } from './booking.presenter.ts';
import { lockReservation } from './booking.repo.ts';
import type { BookingMail } from './booking-notices.ts';
import type { MoveTopUp } from './move-top-up.ts';
import { moveLesson } from './reschedule-move.ts';
import { assertStudentMayMove, tellRescheduled } from './reschedule-rules.ts';

/**
 * Rescheduling (issue 32, ADR 033): the student moves a confirmed, upcoming lesson to another open slot
 * of the same teacher and length until RESCHEDULE_MIN_HOURS before its start, in one transaction
 * (`moveLesson`). Anyone but the lesson's student gets 404. A dearer slot whose difference the
 * balance cannot pay, asked with `topUpWith`, holds the slot for a gateway top-up (`move-top-up.ts`).
 */

export type RescheduleOutcome =
  | { status: 200; body: RescheduleResponse }
  | { status: 202; body: RescheduleTopUpResponse };

const shortOfBalance = (error: unknown) =>
  error instanceof FieldValidationError && error.errors.expectedTotal === 'insufficientBalance';

export function createRescheduleService({
  db,
  mail,
  moveTopUp,
  clock = () => new Date(),
}: {
  db: Db;
  mail: BookingMail;
  moveTopUp: MoveTopUp;
  clock?: Clock;
}) {
  const seenBy = async (reservationId: number, userId: number, now: Date) => {
    const [reservation] = await reservationsAsSeenBy(db, [reservationId], userId, now);
    if (!reservation) throw new HttpError(404, 'notFound', 'Reservation not found');
    return reservation;
  };

  return {
    async reschedule(
      userId: number,
      reservationId: number,
      body: RescheduleBody,
      now = clock(),
    ): Promise<RescheduleOutcome> {
      let difference: RescheduleResponse['difference'];
      try {
        difference = await db.transaction(async (tx) => {
          const row = assertStudentMayMove(await lockReservation(tx, reservationId), userId, now);
          if (await moveTopUp.waiting(tx, row.id, now)) {
            throw new HttpError(409, 'moveAwaitingPayment', "This lesson's move is waiting for its payment");
          }
          const result = await moveLesson(tx, row, body, userId, now);
          await tellRescheduled(tx, mail, row, result.moved, 'student');
          return result.difference;
        });
      } catch (error) {
        // The balance is short of the difference: top it up through the gateway, the new slot held.
        if (!body.topUpWith || !shortOfBalance(error)) throw error;
        const terms = { ...body, topUpWith: body.topUpWith, language: body.language ?? DEFAULT_LANGUAGE };
        const started = await moveTopUp.start(userId, reservationId, terms, now);
        return { status: 202, body: { reservation: await seenBy(reservationId, userId, now), topUp: started } };
      }
      return { status: 200, body: { reservation: await seenBy(reservationId, userId, now), difference } };
    },
  };
}
