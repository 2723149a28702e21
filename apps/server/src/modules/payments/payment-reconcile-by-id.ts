import type { PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { GatewayError, type LookupResult } from '../../payments/provider.ts';
import { lookup, lookupMatches, settleFailed, settlePaid } from './payment-settle.ts';
import { findPayment } from './payments.repo.ts';
import type { PaymentsContext, SettleHook } from './payments-context.ts';

/**
 * An admin settles one payment from the gateway's answer, as the sweeper would: paid (the
 * order, amount and currency must match, else 409) from pending or expired, failed from
 * pending, expired when still pending past its expiry. By compare-and-swap, so at most once;
 * `onChange` runs in the settling transaction only when this call changed the status.
 */
export async function reconcileById(
  ctx: PaymentsContext,
  id: string,
  options: { now?: Date; onChange?: SettleHook } = {},
): Promise<{ before: PaymentRow; after: PaymentRow }> {
  const now = options.now ?? new Date();
  const before = await findPayment(ctx.db, id);
  if (!before) throw new HttpError(404, 'notFound', 'Payment not found');
  if (before.status === 'paid' || before.status === 'failed') return { before, after: before };
  let result: LookupResult;
  try {
    result = await lookup(ctx, before);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    ctx.log.warn({ paymentId: id, err: error.message }, 'reconcile: gateway look-up failed');
    throw new HttpError(502, 'gatewayError', 'The payment gateway did not answer; nothing was changed');
  }
  if (result.status === 'paid') {
    if (!lookupMatches(before, result)) {
      throw new HttpError(409, 'paymentMismatch', 'The gateway reports a different amount, currency or order');
    }
    return { before, after: await settlePaid(ctx, before, result.reference ?? null, options.onChange) };
  }
  if (before.status !== 'pending') return { before, after: before };
  if (result.status === 'failed') {
    return { before, after: await settleFailed(ctx, before, 'failed', 'declined', options.onChange) };
  }
  if (before.expiresAt.getTime() <= now.getTime()) {
    return { before, after: await settleFailed(ctx, before, 'expired', 'expired', options.onChange) };
  }
  return { before, after: before };
}
