import type { Executor } from '../../db/client.ts';
import { swapPaymentStatus } from './payments.repo.ts';

/** Why a payment ended when everything it was for was cancelled before it was paid. */
export const ABANDONED_REASON = 'cancelled';

/**
 * A pending gateway payment whose reservations were all cancelled (issue 30): expired at once, in
 * the caller's transaction, so it no longer counts against `BOOKING.maxPendingPayments` and the
 * student may book again at once. Expired, not failed: a capture the gateway reports later is still
 * asked about by the sweeper and credited to the wallet (nothing is left to buy). True when this
 * call ended it.
 */
export async function expireAbandonedPayment(tx: Executor, paymentId: string): Promise<boolean> {
  const row = await swapPaymentStatus(tx, paymentId, ['pending'], 'expired', { failureReason: ABANDONED_REASON });
  return row !== undefined;
}
