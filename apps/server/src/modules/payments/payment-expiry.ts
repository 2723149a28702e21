import { lookup, lookupMatches, settleFailed, settlePaid } from './payment-settle.ts';
import { duePendingPayments, expiredToRecheck, markChecked } from './payments.repo.ts';
import type { PaymentsContext } from './payments-context.ts';

/** Sweeper: pending payments past expiry are asked about once more, then settled or expired. */
export async function expireDue(ctx: PaymentsContext, now = new Date()): Promise<number> {
  const { db, log } = ctx;
  let changed = 0;
  for (const payment of await duePendingPayments(db, now)) {
    try {
      const result = await lookup(ctx, payment);
      if (result.status === 'paid' && lookupMatches(payment, result)) {
        await settlePaid(ctx, payment, result.reference ?? null);
      } else if (result.status === 'failed') {
        await settleFailed(ctx, payment, 'failed', 'declined');
      } else {
        await settleFailed(ctx, payment, 'expired', 'expired');
      }
      changed += 1;
    } catch (error) {
      log.warn(
        { paymentId: payment.id, err: error instanceof Error ? error.message : error },
        'payment expiry check failed; retried later',
      );
    }
  }
  // A customer may pay after the hold lapsed and never come back to the return URL (Payzah
  // has no webhook): expired payments are asked about again for a day, every 10 minutes.
  for (const payment of await expiredToRecheck(db, now)) {
    try {
      await markChecked(db, payment.id, now);
      const result = await lookup(ctx, payment);
      if (result.status === 'paid' && lookupMatches(payment, result)) {
        await settlePaid(ctx, payment, result.reference ?? null);
        changed += 1;
      }
    } catch (error) {
      log.warn(
        { paymentId: payment.id, err: error instanceof Error ? error.message : error },
        'late capture check failed',
      );
    }
  }
  return changed;
}
