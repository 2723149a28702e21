import { randomBytes } from 'node:crypto';
import {
  BOOKING,
  filsToKwd,
  type GatewayProvider,
  kwdToFils,
  type Payment,
  type PaymentMethodsResponse,
  type PaymentPurchase,
  type PaymentPurpose,
  type TopUpBody,
} from '@ustaz/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { GatewayError, type LookupResult, type PaymentProvider } from '../../payments/provider.ts';
import { userBalance, userLines } from '../ledger/ledger.service.ts';
import { toPayment } from './payment.presenter.ts';
import { topUpHandler } from './payment-credit.ts';
import {
  duePendingPayments,
  expiredToRecheck,
  findPayment,
  insertPayment,
  lockUserAndCountPending,
  markChecked,
  setGatewayStart,
  swapPaymentStatus,
} from './payments.repo.ts';

/** What a purpose (booking, subscription) does when its payment is paid or fails, in the settling transaction. */
export type PurposeHandler = {
  paid(tx: Executor, payment: PaymentRow): Promise<void>;
  failed(tx: Executor, payment: PaymentRow): Promise<void>;
  /** What the payment bought, for its payer's result page (names in `language`); null when gone. */
  purchase(db: Executor, payment: PaymentRow, language: 'ar' | 'en'): Promise<PaymentPurchase | null>;
};

type Deps = {
  db: Db;
  providers: Record<GatewayProvider, PaymentProvider>;
  publicUrl: string;
  log: FastifyBaseLogger;
};

const TOP_UP_MINUTES = 30;

/** Runs in the settling transaction after this call changed the payment's status (an admin's audit row). */
export type SettleHook = (tx: Executor, change: { before: PaymentRow; after: PaymentRow }) => Promise<void>;

/** Whether the gateway's answer is about this payment: same order id, amount and currency (I8). */
export function lookupMatches(payment: PaymentRow, result: LookupResult): boolean {
  return (
    result.orderId === payment.id && result.currency === payment.currency && result.amountFils === payment.amountFils
  );
}

export function newPaymentId(): string {
  return `pay${randomBytes(12).toString('hex')}`;
}

/**
 * Gateway payments: start one (row first, then the gateway), settle it from the gateway's own
 * answer (never from a redirect's query string, I8), exactly once (I7), and expire the ones
 * nobody paid. The ledger moves only inside the settling transaction.
 */
export function createPaymentsService({ db, providers, publicUrl, log }: Deps) {
  const handlers = new Map<PaymentPurpose, PurposeHandler>();

  handlers.set('top_up', topUpHandler);

  function handlerOf(purpose: PaymentPurpose): PurposeHandler {
    const handler = handlers.get(purpose);
    if (!handler) throw new Error(`no payment handler for ${purpose}`);
    return handler;
  }

  async function settlePaid(payment: PaymentRow, reference: string | null, onChange?: SettleHook): Promise<PaymentRow> {
    return db.transaction(async (tx) => {
      // Late payments (after expiry) still count: the money was taken, so it is credited.
      const row = await swapPaymentStatus(tx, payment.id, ['pending', 'expired'], 'paid', {
        gatewayReference: reference,
      });
      if (!row) return (await findPayment(tx, payment.id)) ?? payment;
      await handlerOf(row.purpose).paid(tx, row);
      const after = (await findPayment(tx, payment.id)) ?? row;
      if (onChange) await onChange(tx, { before: payment, after });
      return after;
    });
  }

  async function settleFailed(
    payment: PaymentRow,
    to: 'failed' | 'expired',
    reason: string,
    onChange?: SettleHook,
  ): Promise<PaymentRow> {
    return db.transaction(async (tx) => {
      const row = await swapPaymentStatus(tx, payment.id, ['pending'], to, { failureReason: reason });
      if (!row) return (await findPayment(tx, payment.id)) ?? payment;
      await handlerOf(row.purpose).failed(tx, row);
      if (onChange) await onChange(tx, { before: payment, after: row });
      return row;
    });
  }

  async function lookup(payment: PaymentRow): Promise<LookupResult> {
    return providers[payment.provider].lookup({ paymentId: payment.id, providerRef: payment.providerRef });
  }

  /** Asks the gateway and settles accordingly; a mismatch of amount, currency or order is refused. */
  async function reconcile(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status === 'paid' || payment.status === 'failed') return payment;
    const result = await lookup(payment);
    if (result.status === 'pending') return payment;
    if (result.status === 'paid') {
      if (!lookupMatches(payment, result)) {
        log.warn({ paymentId: payment.id, gateway: payment.gateway }, 'gateway answer does not match the payment');
        throw new HttpError(409, 'paymentMismatch', 'The gateway reports a different amount, currency or order');
      }
      return settlePaid(payment, result.reference ?? null);
    }
    if (payment.status === 'expired') return payment;
    return settleFailed(payment, 'failed', 'declined');
  }

  return {
    registerPurpose(purpose: PaymentPurpose, handler: PurposeHandler) {
      handlers.set(purpose, handler);
    },

    provider(name: GatewayProvider): PaymentProvider {
      return providers[name];
    },

    methods(): PaymentMethodsResponse {
      return {
        currency: 'KWD',
        methods: (['payzah', 'deema'] as const).map((id) => ({
          id,
          enabled: true,
          minAmount: filsToKwd(providers[id].minAmountFils),
          sandbox: providers[id].sandbox,
        })),
      };
    },

    /** Refuses an amount below the provider's minimum (Deema: 10 KWD in production). */
    assertMinimum(provider: GatewayProvider, amountFils: number, field: string) {
      if (amountFils < providers[provider].minAmountFils) throw new FieldValidationError({ [field]: 'belowMinimum' });
    },

    /**
     * Creates the payment (and, through `prepare`, what it pays for: held slots, a pending
     * subscription) in one transaction, then asks the gateway for a link. A gateway that fails
     * releases everything at once (the payment fails) and answers 502.
     */
    async start(input: {
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
    }): Promise<{ payment: PaymentRow; paymentLink: string }> {
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
        log.warn(
          { err: error instanceof GatewayError ? error.message : error, paymentId: id },
          'gateway initiate failed',
        );
        await settleFailed(payment, 'failed', 'initiateFailed');
        throw new HttpError(502, 'gatewayError', 'The payment gateway did not answer; nothing was charged');
      }
    },

    async topUp(userId: number, provider: GatewayProvider, body: TopUpBody & { amount: string }) {
      const amountFils = kwdToFils(body.amount);
      if (amountFils < providers[provider].minAmountFils) throw new FieldValidationError({ amount: 'belowMinimum' });
      const paymentType = body.options?.payment_type;
      const { payment, paymentLink } = await this.start({
        userId,
        provider,
        purpose: 'top_up',
        amountFils,
        language: body.language === 'en' ? 'en' : 'ar',
        ...(paymentType !== undefined ? { paymentType: String(paymentType) as '1' | '2' | '3' } : {}),
      });
      return { paymentLink, paymentId: payment.id };
    },

    /** The user's wallet or earnings balance, in fils. */
    balanceFils(userId: number, account: 'wallet' | 'earnings'): Promise<number> {
      return userBalance(db, account, userId);
    },

    /** The user's wallet and earnings movements, newest first, one page. */
    ledgerLines(userId: number, page: number, limit: number) {
      return userLines(db, userId, page, limit);
    },

    /** The payer's payment and what it bought; 404 for anyone else's. */
    async get(userId: number, paymentId: string, language: 'ar' | 'en' = 'ar'): Promise<Payment> {
      const row = await findPayment(db, paymentId);
      if (!row || row.userId !== userId) throw new HttpError(404, 'notFound', 'Payment not found');
      let current = row;
      if (row.status === 'pending') {
        // A customer waiting on the result page: ask the gateway now rather than wait for the sweeper.
        try {
          current = await reconcile(row);
        } catch {
          current = row;
        }
      }
      return toPayment(current, await handlerOf(current.purpose).purchase(db, current, language));
    },

    /** The browser came back from the gateway: settle from the gateway's answer, then say where to go. */
    async handleReturn(paymentId: string): Promise<string> {
      const row = await findPayment(db, paymentId);
      if (!row) return '/ar/payment/failed';
      let settled = row;
      try {
        settled = await reconcile(row);
      } catch (error) {
        log.warn(
          { paymentId, err: error instanceof Error ? error.message : error },
          'payment return could not be settled yet',
        );
      }
      const outcome = settled.status === 'paid' ? 'success' : settled.status === 'pending' ? 'pending' : 'failed';
      return `/${settled.language}/payment/${outcome}?paymentId=${encodeURIComponent(settled.id)}`;
    },

    /** A gateway told us (webhook) that something happened to a payment: verify with a look-up. */
    async handleNotification(paymentId: string): Promise<PaymentRow> {
      const row = await findPayment(db, paymentId);
      if (!row) throw new HttpError(404, 'notFound', 'Unknown order');
      return reconcile(row);
    },

    reconcile,

    /**
     * What the gateway says about a payment now, changing nothing (the admin's reconciliation
     * report). Throws GatewayError when the gateway does not answer.
     */
    gatewayStatus: (payment: PaymentRow): Promise<LookupResult> => lookup(payment),

    /**
     * An admin settles one payment from the gateway's answer, as the sweeper would: paid (the
     * order, amount and currency must match, else 409) from pending or expired, failed from
     * pending, expired when still pending past its expiry. By compare-and-swap, so at most once;
     * `onChange` runs in the settling transaction only when this call changed the status.
     */
    async reconcileById(
      id: string,
      options: { now?: Date; onChange?: SettleHook } = {},
    ): Promise<{ before: PaymentRow; after: PaymentRow }> {
      const now = options.now ?? new Date();
      const before = await findPayment(db, id);
      if (!before) throw new HttpError(404, 'notFound', 'Payment not found');
      if (before.status === 'paid' || before.status === 'failed') return { before, after: before };
      let result: LookupResult;
      try {
        result = await lookup(before);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        log.warn({ paymentId: id, err: error.message }, 'reconcile: gateway look-up failed');
        throw new HttpError(502, 'gatewayError', 'The payment gateway did not answer; nothing was changed');
      }
      if (result.status === 'paid') {
        if (!lookupMatches(before, result)) {
          throw new HttpError(409, 'paymentMismatch', 'The gateway reports a different amount, currency or order');
        }
        return { before, after: await settlePaid(before, result.reference ?? null, options.onChange) };
      }
      if (before.status !== 'pending') return { before, after: before };
      if (result.status === 'failed') {
        return { before, after: await settleFailed(before, 'failed', 'declined', options.onChange) };
      }
      if (before.expiresAt.getTime() <= now.getTime()) {
        return { before, after: await settleFailed(before, 'expired', 'expired', options.onChange) };
      }
      return { before, after: before };
    },

    /** Sweeper: pending payments past expiry are asked about once more, then settled or expired. */
    async expireDue(now = new Date()): Promise<number> {
      let changed = 0;
      for (const payment of await duePendingPayments(db, now)) {
        try {
          const result = await lookup(payment);
          if (result.status === 'paid' && lookupMatches(payment, result)) {
            await settlePaid(payment, result.reference ?? null);
          } else if (result.status === 'failed') {
            await settleFailed(payment, 'failed', 'declined');
          } else {
            await settleFailed(payment, 'expired', 'expired');
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
          const result = await lookup(payment);
          if (result.status === 'paid' && lookupMatches(payment, result)) {
            await settlePaid(payment, result.reference ?? null);
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
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
