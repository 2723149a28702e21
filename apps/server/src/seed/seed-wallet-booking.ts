import type { Executor } from '../db/client.ts';
import { postTransfer, systemAccountId, userAccountId } from '../modules/ledger/ledger.service.ts';

/**
 * A seeded wallet booking's transfer, as booking.service posts it: the student's wallet pays the
 * slot's price into escrow. Returns the booking group (`bk_seed_<slot id>`) its reservation carries.
 */
export async function postSeedWalletBooking(
  tx: Executor,
  slot: { id: number; priceFils: number },
  studentId: number,
): Promise<string> {
  const group = `bk_seed_${slot.id}`;
  const legs = [
    { accountId: await userAccountId(tx, 'wallet', studentId), amountFils: -slot.priceFils },
    { accountId: await systemAccountId(tx, 'escrow'), amountFils: slot.priceFils },
  ];
  await postTransfer(tx, { key: `booking:${group}`, kind: 'booking', actorUserId: studentId, memo: group, legs });
  return group;
}
