import {
  filsToKwd,
  type GatewayProvider,
  type PaymentMethodsResponse,
  type PaymentPurpose,
  type TopUpBody,
} from '@ustaz/contract';
import type { PaymentRow } from '../../db/schema.ts';
import { FieldValidationError } from '../../http/errors.ts';
import type { LookupResult, PaymentProvider } from '../../payments/provider.ts';
import { userBalance, userLines } from '../ledger/ledger.service.ts';
import { topUpHandler } from './payment-credit.ts';
import { expireDue } from './payment-expiry.ts';
import { reconcileById } from './payment-reconcile-by-id.ts';
import { getPayment, handleNotification, handleReturn } from './payment-return.ts';
import { lookup, reconcile } from './payment-settle.ts';
import { type StartInput, startPayment, topUp } from './payment-start.ts';
import type { PaymentsContext, PaymentsDeps, PurposeHandler, SettleHook } from './payments-context.ts';

export { lookupMatches } from './payment-settle.ts';
export { newPaymentId } from './payment-start.ts';
export type { PurposeHandler, SettleHook } from './payments-context.ts';

/**
 * Gateway payments: start one (row first, then the gateway), settle it from the gateway's own
 * answer (never from a redirect's query string, I8), exactly once (I7), and expire the ones
 * nobody paid. The ledger moves only inside the settling transaction.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, providers } = deps;
  const ctx: PaymentsContext = { ...deps, handlers: new Map<PaymentPurpose, PurposeHandler>() };

  ctx.handlers.set('top_up', topUpHandler);

  return {
    registerPurpose(purpose: PaymentPurpose, handler: PurposeHandler) {
      ctx.handlers.set(purpose, handler);
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

    /** Creates the payment and what it pays for in one transaction, then asks the gateway for a link. */
    start: (input: StartInput) => startPayment(ctx, input),

    topUp: (userId: number, provider: GatewayProvider, body: TopUpBody & { amount: string }) =>
      topUp(ctx, userId, provider, body),

    /** The user's wallet or earnings balance, in fils. */
    balanceFils(userId: number, account: 'wallet' | 'earnings'): Promise<number> {
      return userBalance(db, account, userId);
    },

    /** The user's wallet and earnings movements, newest first, one page. */
    ledgerLines(userId: number, page: number, limit: number) {
      return userLines(db, userId, page, limit);
    },

    get: (userId: number, paymentId: string, language: 'ar' | 'en' = 'ar') =>
      getPayment(ctx, userId, paymentId, language),

    handleReturn: (paymentId: string) => handleReturn(ctx, paymentId),

    handleNotification: (paymentId: string) => handleNotification(ctx, paymentId),

    reconcile: (payment: PaymentRow) => reconcile(ctx, payment),

    /**
     * What the gateway says about a payment now, changing nothing (the admin's reconciliation
     * report). Throws GatewayError when the gateway does not answer.
     */
    gatewayStatus: (payment: PaymentRow): Promise<LookupResult> => lookup(ctx, payment),

    reconcileById: (id: string, options: { now?: Date; onChange?: SettleHook } = {}) => reconcileById(ctx, id, options),

    expireDue: (now = new Date()) => expireDue(ctx, now),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
