import type { PaymentMethod } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import { hoursOf } from './subscription.presenter.ts';
import { expireDue } from './subscription-expiry.ts';
import { subscriptionPaymentPurpose } from './subscription-payment-purpose.ts';
import { purchase } from './subscription-purchase.ts';
import { active, mine, packages, usage } from './subscription-reads.ts';
import { activeTotals, insertUsages, spendMinutes } from './subscriptions.repo.ts';
import type { SubscriptionsContext } from './subscriptions-context.ts';

/** Hour packages: list, purchase (wallet or gateway), the buyer's subscriptions and their use. */
export function createSubscriptionsService({ db, payments }: SubscriptionsContext) {
  const ctx: SubscriptionsContext = { db, payments };
  payments.registerPurpose('subscription', subscriptionPaymentPurpose);

  return {
    packages: (page: number, limit: number, language: 'ar' | 'en') => packages(ctx, page, limit, language),

    purchase: (
      userId: number,
      body: { packageId: number; paymentMethod: PaymentMethod; language?: 'ar' | 'en' | undefined },
      language: 'ar' | 'en',
    ) => purchase(ctx, userId, body, language),

    mine: (userId: number, page: number, limit: number, language: 'ar' | 'en') =>
      mine(ctx, userId, page, limit, language),

    active: (userId: number, language: 'ar' | 'en') => active(ctx, userId, language),

    usage: (userId: number, page: number, limit: number) => usage(ctx, userId, page, limit),

    remainingHours: async (userId: number) => hoursOf((await activeTotals(db, userId, new Date())).remainingMinutes),

    /** Ends subscriptions past their validity; the value of their unspent hours goes to revenue. */
    expireDue: (now = new Date()) => expireDue(ctx, now),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/**
 * Spends hours for reservations inside the booking's transaction (ADR 011), from subscriptions it
 * locked with `usableSubscriptions(tx, …, { lock: true })`: one usage row per reservation and
 * subscription, then each subscription's remaining minutes and value lowered by what it gave.
 */
export async function spendHours(
  tx: Executor,
  usages: { reservationId: number; subscriptionId: number; minutes: number; valueFils: number }[],
): Promise<void> {
  await insertUsages(tx, usages);
  const spent = new Map<number, { minutes: number; valueFils: number }>();
  for (const usage of usages) {
    const total = spent.get(usage.subscriptionId) ?? { minutes: 0, valueFils: 0 };
    spent.set(usage.subscriptionId, {
      minutes: total.minutes + usage.minutes,
      valueFils: total.valueFils + usage.valueFils,
    });
  }
  for (const [subscriptionId, total] of spent) await spendMinutes(tx, subscriptionId, total.minutes, total.valueFils);
}

/**
 * For the other modules, in their executor (ADR 011): the booking reads and refunds hours, the
 * admin catalogue edits packages.
 */
export {
  activeTotals,
  allPackagesWithSales,
  insertPackages,
  type PackageWithSales,
  refundUsages,
  updatePackage,
  usableSubscriptions,
} from './subscriptions.repo.ts';
