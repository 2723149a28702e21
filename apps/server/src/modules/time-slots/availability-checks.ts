import { BOOKING, kwdToFils, minSlotPriceFils, type OwnSlot } from '@ustaz/contract';
import { isExclusionViolation } from '../../db/errors.ts';
import type { TimeSlotRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { findTeacherSlot, liveReservationsOfSlots } from './availability.repo.ts';
import type { AvailabilityContext } from './availability-context.ts';
import { toOwnSlot } from './time-slot.presenter.ts';

export const DAY_MS = 24 * 3600_000;
/** How far ahead a teacher may open slots. */
export const MAX_AHEAD_DAYS = 180;

export async function teacher({ teacherOf }: AvailabilityContext, userId: number) {
  const profile = await teacherOf(userId);
  if (!profile) throw new HttpError(403, 'forbidden', 'Only teachers have availability');
  return profile;
}

export function checkRange(start: Date, end: Date, now: Date) {
  if (start.getTime() <= now.getTime()) throw new FieldValidationError({ startTime: 'inPast' });
  if (start.getTime() > now.getTime() + MAX_AHEAD_DAYS * DAY_MS)
    throw new FieldValidationError({ startTime: 'tooBig' });
  const minutes = (end.getTime() - start.getTime()) / 60_000;
  if (minutes < BOOKING.minSlotMinutes) throw new FieldValidationError({ endTime: 'tooSmall' });
  if (minutes > BOOKING.maxSlotMinutes) throw new FieldValidationError({ endTime: 'tooBig' });
}

/**
 * At least BOOKING.minPricePerHourKwd an hour for its length (RELIABILITY I11: nothing is bought for
 * nothing), at most BOOKING.maxPricePerHourKwd (I9: a slot cannot be priced to mint money).
 */
export function checkPrice(priceFils: number, start: Date, end: Date) {
  const minutes = (end.getTime() - start.getTime()) / 60_000;
  if (priceFils < minSlotPriceFils(minutes)) throw new FieldValidationError({ price: 'tooSmall' });
  if (priceFils > (kwdToFils(BOOKING.maxPricePerHourKwd) * minutes) / 60)
    throw new FieldValidationError({ price: 'tooBig' });
}

export async function present({ db }: AvailabilityContext, rows: TimeSlotRow[]): Promise<OwnSlot[]> {
  const ids = rows.filter((row) => row.status !== 'open').map((row) => row.id);
  const live = ids.length > 0 ? await liveReservationsOfSlots(db, ids) : [];
  const bySlot = new Map(live.map((row) => [row.slotId, row]));
  return rows.map((row) => toOwnSlot(row, bySlot.get(row.id)));
}

export async function ownSlot({ db }: AvailabilityContext, teacherId: number, id: number): Promise<TimeSlotRow> {
  const row = await findTeacherSlot(db, teacherId, id);
  if (!row) throw new HttpError(404, 'notFound', 'Slot not found');
  return row;
}

export const overlap = (error: unknown) =>
  isExclusionViolation(error) ? new HttpError(409, 'slotOverlap', 'This time overlaps another of your slots') : error;
