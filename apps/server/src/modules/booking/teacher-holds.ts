import { teacherHoldCap } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { LockedSlot } from './booking.repo.ts';
import { lockTeacherHolds, teacherHoldCounts, teachersOfSlots } from './teacher-holds.repo.ts';

/**
 * The cross-account cap on unpaid gateway holds (issue 29): whoever holds them, a teacher's held
 * slots may cover at most `teacherHoldCap(unbooked)` of their unbooked future slots, so a handful
 * of fresh accounts cannot block a teacher's calendar by starting checkouts they never finish.
 * The per-student caps (BOOKING.maxPendingPayments, maxHeldSlots) still apply on top.
 */

/** Takes the hold locks of the requested slots' teachers; call before the slots are locked. */
export async function lockHoldsOfTeachers(tx: Executor, slotIds: number[]): Promise<void> {
  await lockTeacherHolds(tx, await teachersOfSlots(tx, slotIds));
}

/** Refuses (409 teacherSlotsHeld) holding `slots` when it would take a teacher past the cap. */
export async function assertTeacherHoldRoom(tx: Executor, slots: LockedSlot[], now: Date): Promise<void> {
  const wanted = new Map<number, number>();
  for (const slot of slots) wanted.set(slot.teacherId, (wanted.get(slot.teacherId) ?? 0) + 1);
  for (const [teacherId, count] of wanted) {
    const { unbooked, held } = await teacherHoldCounts(tx, teacherId, now);
    if (held + count > teacherHoldCap(unbooked)) {
      throw new HttpError(
        409,
        'teacherSlotsHeld',
        "Too many of this teacher's slots are waiting for payment: pay with your balance, choose fewer slots or try again in a few minutes",
      );
    }
  }
}
