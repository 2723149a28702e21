import {
  filsToKwd,
  type GatewayProvider,
  type PaymentMethod,
  type SubscriptionPurchaseResponse,
} from '@ustaz/contract';
import { FieldValidationError } from '../../http/errors.ts';
import { InsufficientFundsError, userBalance } from '../ledger/ledger.service.ts';
import { activate } from './subscription-activate.ts';
import { view } from './subscription-reads.ts';
import { findPackage, insertSubscription } from './subscriptions.repo.ts';
import type { SubscriptionsContext } from './subscriptions-context.ts';

/** Buys a standard package: at once from the wallet, or pending until the gateway is paid. */
export async function purchase(
  ctx: SubscriptionsContext,
  userId: number,
  body: { packageId: number; paymentMethod: PaymentMethod; language?: 'ar' | 'en' | undefined },
  language: 'ar' | 'en',
): Promise<SubscriptionPurchaseResponse> {
  const { db, payments } = ctx;
  const pkg = await findPackage(db, body.packageId);
  if (!pkg?.isActive || pkg.type !== 'standard') throw new FieldValidationError({ packageId: 'packageUnavailable' });
  const base = {
    userId,
    packageId: pkg.id,
    totalMinutes: pkg.hours * 60,
    remainingMinutes: pkg.hours * 60,
    priceFils: pkg.priceFils,
  };
  if (body.paymentMethod === 'balance') {
    const id = await db.transaction(async (tx) => {
      const row = await insertSubscription(tx, { ...base, status: 'pending', paidWith: 'wallet' });
      try {
        await activate(tx, row.id, 'wallet', null);
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new FieldValidationError({ balance: 'insufficientBalance' });
        throw error;
      }
      return row.id;
    });
    return {
      paymentStatus: 'PAID',
      subscription: await view(ctx, id, language, new Date()),
      balance: filsToKwd(await userBalance(db, 'wallet', userId)),
    };
  }
  const provider: GatewayProvider = body.paymentMethod;
  payments.assertMinimum(provider, pkg.priceFils, 'paymentMethod');
  let subscriptionId = 0;
  const { payment, paymentLink } = await payments.start({
    userId,
    provider,
    purpose: 'subscription',
    amountFils: pkg.priceFils,
    language: body.language ?? language,
    prepare: async (tx) => {
      const row = await insertSubscription(tx, { ...base, status: 'pending', paidWith: provider });
      subscriptionId = row.id;
      return { subscriptionId: row.id };
    },
  });
  return {
    paymentStatus: 'PENDING',
    paymentLink,
    paymentId: payment.id,
    subscription: await view(ctx, subscriptionId, language, new Date()),
    balance: filsToKwd(await userBalance(db, 'wallet', userId)),
  };
}
