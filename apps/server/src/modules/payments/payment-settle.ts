import type { PaymentPurpose } from '@ustaz/contract';
import type { PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { LookupResult } from '../../payments/provider.ts';
import { findPayment, swapPaymentStatus } from './payments.repo.ts';
import type { PaymentsContext, PurposeHandler, SettleHook } from './payments-context.ts';

/** Whether the gateway's answer is about this payment: same order id, amount and currency (I8). */
export function lookupMatches(payment: PaymentRow, result: LookupResult): boolean {
  return (
    result.orderId === payment.id && result.currency === payment.currency && result.amountFils === payment.amountFils
  );
}

export function handlerOf(ctx: PaymentsContext, purpose: PaymentPurpose): PurposeHandler {
  const handler = ctx.handlers.get(purpose);
  if (!handler) throw new Error(`no payment handler for ${purpose}`);
  return handler;
}

export async function settlePaid(
  ctx: PaymentsContext,
  payment: PaymentRow,
  reference: string | null,
  onChange?: SettleHook,
): Promise<PaymentRow> {
  return ctx.db.transaction(async (tx) => {
    // Late payments (after expiry) still count: the money was taken, so it is credited.
    const row = await swapPaymentStatus(tx, payment.id, ['pending', 'expired'], 'paid', {
      gatewayReference: reference,
    });
    if (!row) return (await findPayment(tx, payment.id)) ?? payment;
    await handlerOf(ctx, row.purpose).paid(tx, row);
    const after = (await findPayment(tx, payment.id)) ?? row;
    if (onChange) await onChange(tx, { before: payment, after });
    return after;
  });
}

export async function settleFailed(
  ctx: PaymentsContext,
  payment: PaymentRow,
  to: 'failed' | 'expired',
  reason: string,
  onChange?: SettleHook,
): Promise<PaymentRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await swapPaymentStatus(tx, payment.id, ['pending'], to, { failureReason: reason });
    if (!row) return (await findPayment(tx, payment.id)) ?? payment;
    await handlerOf(ctx, row.purpose).failed(tx, row);
    if (onChange) await onChange(tx, { before: payment, after: row });
    return row;
  });
}

export async function lookup(ctx: PaymentsContext, payment: PaymentRow): Promise<LookupResult> {
  return ctx.providers[payment.provider].lookup({ paymentId: payment.id, providerRef: payment.providerRef });
}

/** Asks the gateway and settles accordingly; a mismatch of amount, currency or order is refused. */
export async function reconcile(ctx: PaymentsContext, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status === 'paid' || payment.status === 'failed') return payment;
  const result = await lookup(ctx, payment);
  if (result.status === 'pending') return payment;
  if (result.status === 'paid') {
    if (!lookupMatches(payment, result)) {
      ctx.log.warn({ paymentId: payment.id, gateway: payment.gateway }, 'gateway answer does not match the payment');
      throw new HttpError(409, 'paymentMismatch', 'The gateway reports a different amount, currency or order');
    }
    return settlePaid(ctx, payment, result.reference ?? null);
  }
  if (payment.status === 'expired') return payment;
  return settleFailed(ctx, payment, 'failed', 'declined');
}
