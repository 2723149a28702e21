import {
  type ActiveSubscriptionResponse,
  type MySubscriptionUsageResponse,
  toPage,
  type UserSubscription,
} from '@ustaz/contract';
import { hoursOf, toPackage, toUserSubscription } from './subscription.presenter.ts';
import {
  activeTotals,
  listPackages,
  listUsages,
  listUserSubscriptions,
  subscriptionsWithPackages,
  usableSubscriptions,
} from './subscriptions.repo.ts';
import type { SubscriptionsContext } from './subscriptions-context.ts';

/** One subscription as its buyer sees it. */
export async function view(
  { db }: SubscriptionsContext,
  id: number,
  language: 'ar' | 'en',
  now: Date,
): Promise<UserSubscription> {
  const [row] = await subscriptionsWithPackages(db, [id]);
  if (!row) throw new Error('subscription missing');
  return toUserSubscription(row.subscription, row.pkg, language, now);
}

export async function packages({ db }: SubscriptionsContext, page: number, limit: number, language: 'ar' | 'en') {
  const { rows, total } = await listPackages(db, page, limit);
  return toPage(
    rows.map((row) => toPackage(row, language)),
    total,
    { page, limit },
  );
}

export async function mine(
  { db }: SubscriptionsContext,
  userId: number,
  page: number,
  limit: number,
  language: 'ar' | 'en',
) {
  const now = new Date();
  const { rows, total } = await listUserSubscriptions(db, userId, page, limit);
  return toPage(
    rows.map((row) => toUserSubscription(row.subscription, row.pkg, language, now)),
    total,
    { page, limit },
  );
}

export async function active(
  ctx: SubscriptionsContext,
  userId: number,
  language: 'ar' | 'en',
): Promise<ActiveSubscriptionResponse> {
  const { db } = ctx;
  const now = new Date();
  const usable = await usableSubscriptions(db, userId, now);
  const { remainingMinutes } = await activeTotals(db, userId, now);
  const first = usable[0];
  return {
    remainingHours: hoursOf(remainingMinutes),
    subscription: first ? await view(ctx, first.id, language, now) : null,
  };
}

export async function usage(
  { db }: SubscriptionsContext,
  userId: number,
  page: number,
  limit: number,
): Promise<MySubscriptionUsageResponse> {
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
}
