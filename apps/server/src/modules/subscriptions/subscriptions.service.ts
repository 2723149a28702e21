import type {
  ActiveSubscriptionResponse,
  GatewayProvider,
  MySubscriptionUsageResponse,
  PaymentMethod,
  SubscriptionPurchaseResponse,
  UserSubscription,
} from '@ustaz/contract';
import { filsToKwd, toPage } from '@ustaz/contract';
import type { Db, Executor } from '../../db/client.ts';
import { FieldValidationError } from '../../http/errors.ts';
import { localized } from '../../http/language.ts';
import {
  InsufficientFundsError,
  postTransfer,
  systemAccountId,
  userAccountId,
  userBalance,
} from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { creditPaymentToWallet } from '../payments/payment-credit.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { hoursOf, toPackage, toUserSubscription } from './subscription.presenter.ts';
import {
  activeTotals,
  expireSubscriptions,
  findPackage,
  insertSubscription,
  insertUsages,
  listPackages,
  listUsages,
  listUserSubscriptions,
  settleSubscription,
  spendMinutes,
  subscriptionsWithPackages,
  usableSubscriptions,
} from './subscriptions.repo.ts';

/** Hour packages: list, purchase (wallet or gateway), the buyer's subscriptions and their use. */
export function createSubscriptionsService({ db, payments }: { db: Db; payments: PaymentsService }) {
  async function activate(
    tx: Executor,
    subscriptionId: number,
    source: 'wallet' | 'gateway',
    paymentId: string | null,
  ) {
    const [row] = await subscriptionsWithPackages(tx, [subscriptionId]);
    if (!row) throw new Error('subscription missing');
    const { subscription } = row;
    // The money waits in `prepaid` until the hours are spent (a booking moves their value to
    // escrow) or the subscription expires (what is left goes to revenue): RELIABILITY I9.
    const prepaid = await systemAccountId(tx, 'prepaid');
    const from =
      source === 'wallet'
        ? await userAccountId(tx, 'wallet', subscription.userId)
        : await systemAccountId(tx, 'gateway');
    await postTransfer(tx, {
      key: paymentId ? `payment:${paymentId}` : `subscription:${subscriptionId}`,
      kind: 'subscription_purchase',
      subscriptionId,
      paymentId,
      actorUserId: subscription.userId,
      legs: [
        { accountId: from, amountFils: -subscription.priceFils },
        { accountId: prepaid, amountFils: subscription.priceFils },
      ],
    });
    await settleSubscription(tx, subscriptionId, 'active', new Date());
    await insertNotifications(tx, [
      { userId: subscription.userId, type: 'subscription.activated', data: { subscriptionId } },
    ]);
  }

  payments.registerPurpose('subscription', {
    async paid(tx, payment) {
      if (!payment.subscriptionId) return;
      const [row] = await subscriptionsWithPackages(tx, [payment.subscriptionId]);
      if (row?.subscription.status === 'pending') {
        await activate(tx, payment.subscriptionId, 'gateway', payment.id);
        return;
      }
      // Paid after the purchase was given up (the payment had expired, the subscription was
      // cancelled): the money was taken, so it goes to the wallet, like a booking whose hold lapsed.
      await creditPaymentToWallet(tx, payment);
    },
    async purchase(db, payment, language) {
      if (!payment.subscriptionId) return null;
      const [row] = await subscriptionsWithPackages(db, [payment.subscriptionId]);
      if (!row) return null;
      return {
        purpose: 'subscription',
        package: { id: row.pkg.id, name: localized(language, row.pkg.nameAr, row.pkg.nameEn), hours: row.pkg.hours },
      };
    },
    async failed(tx, payment) {
      if (payment.subscriptionId) await settleSubscription(tx, payment.subscriptionId, 'cancelled', new Date());
      await insertNotifications(tx, [
        { userId: payment.userId, type: 'payment.failed', data: { paymentId: payment.id, purpose: 'subscription' } },
      ]);
    },
  });

  async function view(id: number, language: 'ar' | 'en', now: Date): Promise<UserSubscription> {
    const [row] = await subscriptionsWithPackages(db, [id]);
    if (!row) throw new Error('subscription missing');
    return toUserSubscription(row.subscription, row.pkg, language, now);
  }

  return {
    async packages(page: number, limit: number, language: 'ar' | 'en') {
      const { rows, total } = await listPackages(db, page, limit);
      return toPage(
        rows.map((row) => toPackage(row, language)),
        total,
        { page, limit },
      );
    },

    async purchase(
      userId: number,
      body: { packageId: number; paymentMethod: PaymentMethod; language?: 'ar' | 'en' | undefined },
      language: 'ar' | 'en',
    ): Promise<SubscriptionPurchaseResponse> {
      const pkg = await findPackage(db, body.packageId);
      if (!pkg?.isActive || pkg.type !== 'standard')
        throw new FieldValidationError({ packageId: 'packageUnavailable' });
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
            if (error instanceof InsufficientFundsError)
              throw new FieldValidationError({ balance: 'insufficientBalance' });
            throw error;
          }
          return row.id;
        });
        return {
          paymentStatus: 'PAID',
          subscription: await view(id, language, new Date()),
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
        subscription: await view(subscriptionId, language, new Date()),
        balance: filsToKwd(await userBalance(db, 'wallet', userId)),
      };
    },

    async mine(userId: number, page: number, limit: number, language: 'ar' | 'en') {
      const now = new Date();
      const { rows, total } = await listUserSubscriptions(db, userId, page, limit);
      return toPage(
        rows.map((row) => toUserSubscription(row.subscription, row.pkg, language, now)),
        total,
        { page, limit },
      );
    },

    async active(userId: number, language: 'ar' | 'en'): Promise<ActiveSubscriptionResponse> {
      const now = new Date();
      const usable = await usableSubscriptions(db, userId, now);
      const { remainingMinutes } = await activeTotals(db, userId, now);
      const first = usable[0];
      return {
        remainingHours: hoursOf(remainingMinutes),
        subscription: first ? await view(first.id, language, now) : null,
      };
    },

    async usage(userId: number, page: number, limit: number): Promise<MySubscriptionUsageResponse> {
      const now = new Date();
      const { rows, total } = await listUsages(db, userId, page, limit);
      const totals = await activeTotals(db, userId, now);
      return {
        ...toPage(
          rows.map((row) => ({
            id: row.usage.id,
            subscriptionId: row.usage.subscriptionId,
            reservationId: row.usage.reservationId,
            hours: hoursOf(row.usage.minutes),
            refunded: row.usage.refundedAt !== null,
            startTime: (row.startTime ?? row.usage.createdAt).toISOString(),
            teacherName: `${row.teacherFirst} ${row.teacherLast}`.trim(),
            createdAt: row.usage.createdAt.toISOString(),
          })),
          total,
          { page, limit },
        ),
        totalHours: hoursOf(totals.totalMinutes),
        usedHours: hoursOf(totals.totalMinutes - totals.remainingMinutes),
        remainingHours: hoursOf(totals.remainingMinutes),
      };
    },

    remainingHours: async (userId: number) => hoursOf((await activeTotals(db, userId, new Date())).remainingMinutes),

    /** Ends subscriptions past their validity; the value of their unspent hours goes to revenue. */
    expireDue: (now = new Date()) =>
      db.transaction(async (tx) => {
        const expired = await expireSubscriptions(tx, now);
        for (const row of expired) {
          if (row.valueFils <= 0) continue;
          await postTransfer(tx, {
            key: `subscription_expiry:${row.id}`,
            kind: 'subscription_expiry',
            subscriptionId: row.id,
            legs: [
              { accountId: await systemAccountId(tx, 'prepaid'), amountFils: -row.valueFils },
              { accountId: await systemAccountId(tx, 'revenue'), amountFils: row.valueFils },
            ],
          });
        }
        return expired.length;
      }),
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
