import type { GatewayProvider } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import { holdSlots, type LockedSlot } from './booking.repo.ts';
import { idsOf, reserveSlots } from './slot-taking.ts';
import { assertTeacherHoldRoom } from './teacher-holds.ts';

/**
 * Holds the taken slots for a gateway payment until `holdUntil` (within each teacher's room for
 * holds) and reserves them pending on it, each paid `paidWith` with its price as cash, the
 * payment being the booking group. Returns the reservations' ids, in the slots' order.
 */
export async function holdForPayment(
  tx: Executor,
  slots: LockedSlot[],
  hold: { studentId: number; note: string | undefined; paymentId: string; holdUntil: Date; now: Date },
  paidWith: GatewayProvider | 'wallet',
): Promise<number[]> {
  const { studentId, note, paymentId, holdUntil, now } = hold;
  await assertTeacherHoldRoom(tx, slots, now);
  await holdSlots(tx, idsOf(slots), paymentId, holdUntil);
  const rows = await reserveSlots(
    tx,
    slots,
    { studentId, status: 'pending', note, bookingGroup: paymentId, paymentId },
    (slot) => ({ paidWith, cashFils: slot.priceFils }),
  );
  return idsOf(rows);
}
