import { randomBytes } from 'node:crypto';
import type { GatewayProvider } from '@ustaz/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sandboxCharges } from '../db/schema.ts';
import type { PaymentProvider } from './provider.ts';

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
      await db.insert(sandboxCharges).values({
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
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, payment.providerRef));
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

export type SandboxCharge = typeof sandboxCharges.$inferSelect;

/** The sandbox's checkout pages read their charge here. */
export async function findSandboxCharge(db: Db, id: string): Promise<SandboxCharge | undefined> {
  const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
  return charge;
}

/**
 * Pay or fail a pending charge by compare-and-swap: of two presses at once (Pay and Fail), one
 * decides; both get the outcome that stuck.
 */
export async function decideSandboxCharge(
  db: Db,
  id: string,
  action: 'pay' | 'fail',
): Promise<SandboxCharge['status']> {
  const [decided] = await db
    .update(sandboxCharges)
    .set({ status: action === 'pay' ? 'paid' : 'failed' })
    .where(and(eq(sandboxCharges.id, id), eq(sandboxCharges.status, 'pending')))
    .returning({ status: sandboxCharges.status });
  if (decided) return decided.status;
  return (await findSandboxCharge(db, id))?.status ?? 'failed';
}
