import { randomBytes } from 'node:crypto';
import type { GatewayProvider } from '@ustaz/contract';
import type { Db } from '../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { findSandboxCharge, insertSandboxCharge } from './sandbox.repo.ts';

export { decideSandboxCharge, findSandboxCharge, type SandboxCharge } from './sandbox.repo.ts';

/**
 * The local sandbox gateway (default when a provider has no keys). It plays the outside party:
 * it keeps its own charges, shows a checkout page with Pay and Fail buttons
 * (`/api/v1/payments/sandbox/:chargeId`, payments.routes) and then sends the browser to the same
 * return URL a real gateway would, where the payment is settled only after `lookup` asks it.
 */
export function createSandboxProvider(options: {
  db: Db;
  provider: GatewayProvider;
  publicUrl: string;
  minAmountFils: number;
}): PaymentProvider {
  const { db } = options;
  return {
    name: options.provider,
    sandbox: true,
    minAmountFils: options.minAmountFils,
    async initiate(request) {
      const id = `sbx_${randomBytes(12).toString('hex')}`;
      await insertSandboxCharge(db, {
        id,
        orderId: request.paymentId,
        provider: options.provider,
        amountFils: request.amountFils,
        currency: request.currency,
        successUrl: request.successUrl,
        errorUrl: request.errorUrl,
        language: request.language,
      });
      return { redirectUrl: `${options.publicUrl}/api/v1/payments/sandbox/${id}`, providerRef: id };
    },
    async lookup(payment) {
      if (!payment.providerRef) return { status: 'pending', amountFils: null, currency: null, orderId: null };
      const charge = await findSandboxCharge(db, payment.providerRef);
      if (!charge) return { status: 'failed', amountFils: null, currency: null, orderId: null };
      return {
        status: charge.status,
        amountFils: charge.amountFils,
        currency: charge.currency,
        orderId: charge.orderId,
        reference: charge.id,
      };
    },
  };
}
