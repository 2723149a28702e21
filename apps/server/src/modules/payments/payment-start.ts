import { randomBytes } from 'node:crypto';
import { BOOKING, type GatewayProvider, kwdToFils, type PaymentPurpose, type TopUpBody } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { GatewayError } from '../../payments/provider.ts';
import { settleFailed } from './payment-settle.ts';
import { insertPayment, lockUserAndCountPending, setGatewayStart } from './payments.repo.ts';
import type { PaymentsContext } from './payments-context.ts';

const TOP_UP_MINUTES = 30;

export type StartInput = {
  userId: number;
  provider: GatewayProvider;
  purpose: PaymentPurpose;
  /** Known up front (top-up, package) or computed by `prepare` (the held slots' total). */
  amountFils?: number;
  language: 'ar' | 'en';
  paymentType?: '1' | '2' | '3';
  expiresAt?: Date;
  prepare?: (
    tx: Executor,
    paymentId: string,
    expiresAt: Date,
  ) => Promise<{ subscriptionId?: number; amountFils?: number } | undefined>;
};

export function newPaymentId(): string {
  return `pay${randomBytes(12).toString('hex')}`;
}

/**
 * Creates the payment (and, through `prepare`, what it pays for: held slots, a pending
 * subscription) in one transaction, then asks the gateway for a link. A gateway that fails
 * releases everything at once (the payment fails) and answers 502.
 */
export async function startPayment(
  ctx: PaymentsContext,
  input: StartInput,
): Promise<{ payment: PaymentRow; paymentLink: string }> {
  const { db, providers, publicUrl, log } = ctx;
  const id = newPaymentId();
  const expiresAt = input.expiresAt ?? new Date(Date.now() + TOP_UP_MINUTES * 60_000);
  const gatewayProvider = providers[input.provider];
  const payment = await db.transaction(async (tx) => {
    // A student cannot hoard slots: at most BOOKING.maxPendingPayments bookings waiting for a gateway.
    if (
      input.purpose === 'booking' &&
      (await lockUserAndCountPending(tx, input.userId, 'booking', new Date())) >= BOOKING.maxPendingPayments
    ) {
      throw new HttpError(
        429,
        'tooManyPendingPayments',
        'Finish or cancel the payments you have started before starting another',
      );
    }
    const prepared = input.prepare ? await input.prepare(tx, id, expiresAt) : undefined;
    const amountFils = prepared?.amountFils ?? input.amountFils;
    if (!amountFils || amountFils <= 0) throw new Error('a gateway payment needs a positive amount');
    return insertPayment(tx, {
      id,
      userId: input.userId,
      provider: input.provider,
      gateway: gatewayProvider.sandbox ? 'sandbox' : input.provider,
      purpose: input.purpose,
      amountFils,
      currency: 'KWD',
      language: input.language,
      expiresAt,
      subscriptionId: prepared?.subscriptionId ?? null,
    });
  });
  const returnUrl = `${publicUrl}/api/v1/payments/return/${id}`;
  try {
    const started = await gatewayProvider.initiate({
      paymentId: id,
      amountFils: payment.amountFils,
      currency: 'KWD',
      language: input.language,
      successUrl: returnUrl,
      errorUrl: `${returnUrl}?outcome=error`,
      ...(input.provider === 'payzah' ? { paymentType: input.paymentType ?? '1' } : {}),
    });
    // The same link is offered again as 'continue payment' while the payment is pending.
    await setGatewayStart(db, id, started);
    return {
      payment: { ...payment, providerRef: started.providerRef, redirectUrl: started.redirectUrl },
      paymentLink: started.redirectUrl,
    };
  } catch (error) {
    log.warn({ err: error instanceof GatewayError ? error.message : error, paymentId: id }, 'gateway initiate failed');
    await settleFailed(ctx, payment, 'failed', 'initiateFailed');
    throw new HttpError(502, 'gatewayError', 'The payment gateway did not answer; nothing was charged');
  }
}

export async function topUp(
  ctx: PaymentsContext,
  userId: number,
  provider: GatewayProvider,
  body: TopUpBody & { amount: string },
) {
  const amountFils = kwdToFils(body.amount);
  if (amountFils < ctx.providers[provider].minAmountFils) throw new FieldValidationError({ amount: 'belowMinimum' });
  const paymentType = body.options?.payment_type;
  const { payment, paymentLink } = await startPayment(ctx, {
    userId,
    provider,
    purpose: 'top_up',
    amountFils,
    language: body.language === 'en' ? 'en' : 'ar',
    ...(paymentType !== undefined ? { paymentType: String(paymentType) as '1' | '2' | '3' } : {}),
  });
  return { paymentLink, paymentId: payment.id };
}
