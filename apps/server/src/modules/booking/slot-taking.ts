import { filsToKwd, type GatewayProvider, kwdToFils, minSlotPriceFils, type PaymentMethod } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { ReservationRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { isListedTeacher } from '../teachers/teachers.service.ts';
import { type LockedSlot, lockLiveUser, lockSlots, releaseExpiredHolds } from './booking.repo.ts';
import { insertReservations } from './reservations.repo.ts';
import { checkTrials, trialRace } from './trial-booking.ts';

/** Taking slots for a booking: the checks every way of booking shares (balance, gateway, top-up). */

export type BookInput = {
  slotIds: number[];
  paymentMethod: PaymentMethod;
  note: string;
  language: 'ar' | 'en';
  /** The body's field for slot errors: `timeSlotId` (single) or `timeSlotIds` (multiple). */
  field: 'timeSlotId' | 'timeSlotIds';
  /** The total the student saw (KWD, required by the contract); another total now is 409 priceChanged. */
  expectedTotal: string;
  /** With `balance`: a short wallet is topped up by the shortfall through this gateway, then booked (ADR 026). */
  topUpWith?: GatewayProvider;
};

export const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

type NewReservation = Parameters<typeof insertReservations>[1][number];

/**
 * Inserts one reservation per slot, in the slots' order (they come back in it): the slot's teacher,
 * time and price, what the whole booking shares (`booking`), and how each slot was paid (`paid`).
 */
export async function reserveSlots(
  tx: Executor,
  slots: LockedSlot[],
  booking: Pick<NewReservation, 'studentId' | 'status' | 'note' | 'bookingGroup' | 'paymentId'>,
  paid: (
    slot: LockedSlot,
    index: number,
  ) => Pick<NewReservation, 'paidWith' | 'subscriptionMinutes' | 'hoursValueFils' | 'cashFils'>,
): Promise<ReservationRow[]> {
  try {
    return await insertReservations(
      tx,
      slots.map((slot, index) => ({
        ...booking,
        teacherId: slot.teacherId,
        timeSlotId: slot.id,
        startTime: slot.startTime,
        endTime: slot.endTime,
        priceFils: slot.priceFils,
        kind: slot.kind,
        ...paid(slot, index),
      })),
    );
  } catch (error) {
    throw trialRace(error);
  }
}

/**
 * Locks and checks the requested slots: all exist, are open, in the future, not the booker's own,
 * of listed teachers (not suspended, unapproved or deleted), and cost what the student saw.
 */
export async function takeSlots(tx: Executor, userId: number, input: BookInput, now: Date): Promise<LockedSlot[]> {
  if (!(await lockLiveUser(tx, userId))) throw new HttpError(401, 'unauthorized', 'Unauthorized');
  await releaseExpiredHolds(tx, now, input.slotIds);
  const slots = await lockSlots(tx, input.slotIds);
  await checkSlots(tx, userId, input.slotIds, input.field, slots, now);
  const totalFils = slots.reduce((sum, slot) => sum + slot.priceFils, 0);
  if (kwdToFils(input.expectedTotal) !== totalFils) {
    throw new HttpError(409, 'priceChanged', `The price of these slots is now ${filsToKwd(totalFils)} KWD`);
  }
  return slots;
}

/** The slots exist, are open, in the future, not the student's own, and their teachers listed. */
export async function checkSlots(
  tx: Executor,
  userId: number,
  slotIds: number[],
  field: BookInput['field'],
  slots: LockedSlot[],
  now: Date,
) {
  if (slots.some((slot) => slot.teacherUserId === userId)) throw new FieldValidationError({ [field]: 'ownSlot' });
  if (
    slots.length !== slotIds.length ||
    slots.some((slot) => slot.status !== 'open' || slot.startTime.getTime() <= now.getTime()) ||
    // Priced below the minimum for its length (a row from before there was one): not for sale (I11).
    slots.some(
      (slot) => slot.priceFils < minSlotPriceFils((slot.endTime.getTime() - slot.startTime.getTime()) / 60_000),
    )
  ) {
    throw new HttpError(409, 'slotUnavailable', 'One or more of these slots is no longer available');
  }
  for (const teacherId of new Set(slots.map((slot) => slot.teacherId))) {
    if (!(await isListedTeacher(tx, teacherId)))
      throw new HttpError(409, 'teacherUnavailable', 'This teacher is not taking bookings');
  }
  await checkTrials(tx, userId, slots);
}
