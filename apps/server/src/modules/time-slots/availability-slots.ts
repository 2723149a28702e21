import { defaultSlotPriceFils, kwdToFils, type OwnSlot, type SlotBody, type SlotPatch } from '@ustaz/contract';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import {
  deleteOpenTeacherSlot,
  insertTeacherSlot,
  slotHasReservations,
  teacherSlotsBetween,
  updateOpenTeacherSlot,
} from './availability.repo.ts';
import { checkPrice, checkRange, DAY_MS, overlap, ownSlot, present, teacher } from './availability-checks.ts';
import type { AvailabilityContext } from './availability-context.ts';
import { isTrialLength, trialPriceOf } from './trial-slots.ts';

export async function listSlots(
  ctx: AvailabilityContext,
  userId: number,
  from?: string,
  to?: string,
): Promise<OwnSlot[]> {
  const { id } = await teacher(ctx, userId);
  const start = from ? new Date(from) : new Date(Date.now() - DAY_MS);
  const end = to ? new Date(to) : new Date(start.getTime() + 60 * DAY_MS);
  const rows = await teacherSlotsBetween(ctx.db, id, start, end);
  return present(ctx, rows);
}

export async function createSlot(
  ctx: AvailabilityContext,
  userId: number,
  body: SlotBody,
  now: Date,
): Promise<OwnSlot> {
  const profile = await teacher(ctx, userId);
  const { id, hourlyRateFils } = profile;
  const start = new Date(body.startTime);
  const end = new Date(body.endTime);
  checkRange(start, end, now);
  const kind = body.kind ?? 'lesson';
  // A trial (issue 32) is TRIAL_MINUTES long at the teacher's trial price, whatever price was sent.
  if (kind === 'trial' && !isTrialLength(start, end)) throw new FieldValidationError({ endTime: 'invalid' });
  const priceFils =
    kind === 'trial'
      ? trialPriceOf(profile)
      : body.price !== undefined
        ? kwdToFils(body.price)
        : defaultSlotPriceFils(hourlyRateFils, (end.getTime() - start.getTime()) / 60_000);
  checkPrice(priceFils, start, end);
  try {
    const row = await insertTeacherSlot(ctx.db, { teacherId: id, startTime: start, endTime: end, priceFils, kind });
    if (!row) throw new Error('slot not created');
    return (await present(ctx, [row]))[0] as OwnSlot;
  } catch (error) {
    throw overlap(error);
  }
}

export async function updateSlot(
  ctx: AvailabilityContext,
  userId: number,
  slotId: number,
  body: SlotPatch,
  now: Date,
): Promise<OwnSlot> {
  const { id } = await teacher(ctx, userId);
  const current = await ownSlot(ctx, id, slotId);
  const start = body.startTime ? new Date(body.startTime) : current.startTime;
  const end = body.endTime ? new Date(body.endTime) : current.endTime;
  if (body.startTime || body.endTime) checkRange(start, end, now);
  // A trial slot moves but stays TRIAL_MINUTES long at the trial price (its price follows the profile's).
  const trial = current.kind === 'trial';
  if (trial && !isTrialLength(start, end)) throw new FieldValidationError({ endTime: 'invalid' });
  const newPrice = body.price !== undefined && !trial ? kwdToFils(body.price) : undefined;
  checkPrice(newPrice ?? current.priceFils, start, end);
  try {
    const row = await updateOpenTeacherSlot(ctx.db, id, slotId, {
      startTime: start,
      endTime: end,
      ...(newPrice !== undefined ? { priceFils: newPrice } : {}),
    });
    if (!row) throw new HttpError(409, 'slotNotEditable', 'A held or booked slot cannot be changed');
    return (await present(ctx, [row]))[0] as OwnSlot;
  } catch (error) {
    throw overlap(error);
  }
}

export async function removeSlot(ctx: AvailabilityContext, userId: number, slotId: number): Promise<void> {
  const { id } = await teacher(ctx, userId);
  await ownSlot(ctx, id, slotId);
  if (await slotHasReservations(ctx.db, slotId)) {
    // Reservation history points at the slot: keep the row, but it can no longer be booked.
    throw new HttpError(409, 'slotNotEditable', 'A slot with reservations cannot be deleted');
  }
  if (!(await deleteOpenTeacherSlot(ctx.db, id, slotId)))
    throw new HttpError(409, 'slotNotEditable', 'A held or booked slot cannot be deleted');
}
