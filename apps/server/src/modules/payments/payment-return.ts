import type { Payment } from '@ustaz/contract';
import type { PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { toPayment } from './payment.presenter.ts';
import { handlerOf, reconcile } from './payment-settle.ts';
import { findPayment } from './payments.repo.ts';
import type { PaymentsContext } from './payments-context.ts';

/** The payer's payment and what it bought; 404 for anyone else's. */
export async function getPayment(
  ctx: PaymentsContext,
  userId: number,
  paymentId: string,
  language: 'ar' | 'en' = 'ar',
): Promise<Payment> {
  const row = await findPayment(ctx.db, paymentId);
  if (!row || row.userId !== userId) throw new HttpError(404, 'notFound', 'Payment not found');
  let current = row;
  if (row.status === 'pending') {
    // A customer waiting on the result page: ask the gateway now rather than wait for the sweeper.
    try {
      current = await reconcile(ctx, row);
    } catch {
      current = row;
    }
  }
  return toPayment(current, await handlerOf(ctx, current.purpose).purchase(ctx.db, current, language));
}

/** The browser came back from the gateway: settle from the gateway's answer, then say where to go. */
export async function handleReturn(ctx: PaymentsContext, paymentId: string): Promise<string> {
  const row = await findPayment(ctx.db, paymentId);
  if (!row) return '/ar/payment/failed';
  let settled = row;
  try {
    settled = await reconcile(ctx, row);
  } catch (error) {
    ctx.log.warn(
      { paymentId, err: error instanceof Error ? error.message : error },
      'payment return could not be settled yet',
    );
  }
  const outcome = settled.status === 'paid' ? 'success' : settled.status === 'pending' ? 'pending' : 'failed';
  return `/${settled.language}/payment/${outcome}?paymentId=${encodeURIComponent(settled.id)}`;
}

/** A gateway told us (webhook) that something happened to a payment: verify with a look-up. */
export async function handleNotification(ctx: PaymentsContext, paymentId: string): Promise<PaymentRow> {
  const row = await findPayment(ctx.db, paymentId);
  if (!row) throw new HttpError(404, 'notFound', 'Unknown order');
  return reconcile(ctx, row);
}
