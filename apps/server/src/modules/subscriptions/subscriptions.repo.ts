import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageWithTotal } from '../../db/paging.ts';
import { insertedRow } from '../../db/rows.ts';
import {
  reservations,
  type SubscriptionPackageRow,
  subscriptionPackages,
  subscriptionUsages,
  teacherProfiles,
  type UserSubscriptionRow,
  userSubscriptions,
  users,
} from '../../db/schema.ts';

export async function listPackages(
  db: Executor,
  page: number,
  limit: number,
): Promise<{ rows: SubscriptionPackageRow[]; total: number }> {
  const where = and(eq(subscriptionPackages.isActive, true), eq(subscriptionPackages.type, 'standard'));
  return pageWithTotal(
    db
      .select()
      .from(subscriptionPackages)
      .where(where)
      .orderBy(asc(subscriptionPackages.sortOrder), asc(subscriptionPackages.id))
      .$dynamic(),
    db.select({ n: count() }).from(subscriptionPackages).where(where),
    { page, limit },
  );
}

export async function findPackage(db: Executor, id: number): Promise<SubscriptionPackageRow | undefined> {
  const [row] = await db.select().from(subscriptionPackages).where(eq(subscriptionPackages.id, id));
  return row;
}

export async function insertPackages(db: Executor, values: (typeof subscriptionPackages.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(subscriptionPackages).values(values).returning();
}

export type PackageWithSales = SubscriptionPackageRow & { soldCount: number };

/** Every package (inactive and custom too, for the admin) with how many were bought (paid). */
export async function allPackagesWithSales(db: Executor, id?: number): Promise<PackageWithSales[]> {
  const sold = db
    .select({ packageId: userSubscriptions.packageId, n: count().as('n') })
    .from(userSubscriptions)
    .where(inArray(userSubscriptions.status, ['active', 'expired']))
    .groupBy(userSubscriptions.packageId)
    .as('sold');
  const rows = await db
    .select({ pkg: subscriptionPackages, soldCount: sql<number>`coalesce(${sold.n}, 0)::int` })
    .from(subscriptionPackages)
    .leftJoin(sold, eq(sold.packageId, subscriptionPackages.id))
    .where(id === undefined ? undefined : eq(subscriptionPackages.id, id))
    .orderBy(asc(subscriptionPackages.sortOrder), asc(subscriptionPackages.id));
  return rows.map((row) => ({ ...row.pkg, soldCount: Number(row.soldCount) }));
}

export async function updatePackage(
  db: Executor,
  id: number,
  values: Partial<Omit<typeof subscriptionPackages.$inferInsert, 'id' | 'createdAt'>>,
): Promise<SubscriptionPackageRow | undefined> {
  const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return findPackage(db, id);
  const [row] = await db.update(subscriptionPackages).set(set).where(eq(subscriptionPackages.id, id)).returning();
  return row;
}

export async function insertSubscription(
  db: Executor,
  values: typeof userSubscriptions.$inferInsert,
): Promise<UserSubscriptionRow> {
  return insertedRow(db.insert(userSubscriptions).values(values).returning(), 'subscription not created');
}

/** Moves a pending subscription to active (its validity starts now) or to cancelled. */
export async function settleSubscription(
  db: Executor,
  id: number,
  to: 'active' | 'cancelled',
  now: Date,
): Promise<UserSubscriptionRow | undefined> {
  const [pkg] = await db
    .select({ validityDays: subscriptionPackages.validityDays })
    .from(userSubscriptions)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.id, userSubscriptions.packageId))
    .where(eq(userSubscriptions.id, id));
  const [row] = await db
    .update(userSubscriptions)
    .set(
      to === 'active'
        ? {
            status: 'active',
            remainingValueFils: sql`${userSubscriptions.priceFils}`,
            startsAt: now,
            expiresAt: new Date(now.getTime() + (pkg?.validityDays ?? 30) * 24 * 3600_000),
          }
        : { status: 'cancelled' },
    )
    .where(and(eq(userSubscriptions.id, id), eq(userSubscriptions.status, 'pending')))
    .returning();
  return row;
}

/** A user's subscriptions that still count at `now`: active and not expired. */
const activeOf = (userId: number, now: Date) =>
  and(
    eq(userSubscriptions.userId, userId),
    eq(userSubscriptions.status, 'active'),
    gt(userSubscriptions.expiresAt, now),
  );

/**
 * A user's usable subscriptions (active, unexpired, hours left), the one expiring first first;
 * `lock` takes row locks for the spending transaction.
 */
export async function usableSubscriptions(
  db: Executor,
  userId: number,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<UserSubscriptionRow[]> {
  const query = db
    .select()
    .from(userSubscriptions)
    .where(and(activeOf(userId, now), gt(userSubscriptions.remainingMinutes, 0)))
    .orderBy(asc(userSubscriptions.expiresAt), asc(userSubscriptions.id));
  return options.lock ? query.for('update') : query;
}

/** Spends minutes of a (locked) subscription and the value they were worth (fils). */
export async function spendMinutes(
  db: Executor,
  subscriptionId: number,
  minutes: number,
  valueFils: number,
): Promise<void> {
  await db
    .update(userSubscriptions)
    .set({
      remainingMinutes: sql`${userSubscriptions.remainingMinutes} - ${minutes}`,
      remainingValueFils: sql`${userSubscriptions.remainingValueFils} - ${valueFils}`,
    })
    .where(eq(userSubscriptions.id, subscriptionId));
}

export async function insertUsages(db: Executor, values: (typeof subscriptionUsages.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(subscriptionUsages).values(values);
}

/**
 * Gives a cancelled reservation's minutes, and the value they were worth, back to the
 * subscriptions they came from while those are still usable (active, unexpired). What was spent
 * from a subscription that has ended since cannot go back to it: its value is returned as
 * `lapsedValueFils` for the caller to refund in money.
 */
export async function refundUsages(
  db: Executor,
  reservationId: number,
  now: Date,
): Promise<{ minutes: number; valueFils: number; lapsedValueFils: number }> {
  const usages = await db
    .update(subscriptionUsages)
    .set({ refundedAt: sql`now()` })
    .where(and(eq(subscriptionUsages.reservationId, reservationId), isNull(subscriptionUsages.refundedAt)))
    .returning();
  const result = { minutes: 0, valueFils: 0, lapsedValueFils: 0 };
  for (const usage of usages) {
    const [back] = await db
      .update(userSubscriptions)
      .set({
        remainingMinutes: sql`least(${userSubscriptions.totalMinutes}, ${userSubscriptions.remainingMinutes} + ${usage.minutes})`,
        remainingValueFils: sql`least(${userSubscriptions.priceFils}, ${userSubscriptions.remainingValueFils} + ${usage.valueFils})`,
      })
      .where(
        and(
          eq(userSubscriptions.id, usage.subscriptionId),
          eq(userSubscriptions.status, 'active'),
          gt(userSubscriptions.expiresAt, now),
        ),
      )
      .returning({ id: userSubscriptions.id });
    if (back) {
      result.minutes += usage.minutes;
      result.valueFils += usage.valueFils;
    } else {
      result.lapsedValueFils += usage.valueFils;
    }
  }
  return result;
}

export async function listUserSubscriptions(db: Executor, userId: number, page: number, limit: number) {
  return pageWithTotal(
    db
      .select({ subscription: userSubscriptions, pkg: subscriptionPackages })
      .from(userSubscriptions)
      .innerJoin(subscriptionPackages, eq(subscriptionPackages.id, userSubscriptions.packageId))
      .where(eq(userSubscriptions.userId, userId))
      .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id))
      .$dynamic(),
    db.select({ n: count() }).from(userSubscriptions).where(eq(userSubscriptions.userId, userId)),
    { page, limit },
  );
}

export async function subscriptionsWithPackages(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ subscription: userSubscriptions, pkg: subscriptionPackages })
    .from(userSubscriptions)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.id, userSubscriptions.packageId))
    .where(inArray(userSubscriptions.id, ids));
}

export async function listUsages(db: Executor, userId: number, page: number, limit: number) {
  const where = eq(userSubscriptions.userId, userId);
  return pageWithTotal(
    db
      .select({
        usage: subscriptionUsages,
        startTime: reservations.startTime,
        teacherFirst: users.firstName,
        teacherLast: users.lastName,
      })
      .from(subscriptionUsages)
      .innerJoin(userSubscriptions, eq(userSubscriptions.id, subscriptionUsages.subscriptionId))
      .innerJoin(reservations, eq(reservations.id, subscriptionUsages.reservationId))
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
      .innerJoin(users, eq(users.id, teacherProfiles.userId))
      .where(where)
      .orderBy(desc(subscriptionUsages.id))
      .$dynamic(),
    db
      .select({ n: count() })
      .from(subscriptionUsages)
      .innerJoin(userSubscriptions, eq(userSubscriptions.id, subscriptionUsages.subscriptionId))
      .where(where),
    { page, limit },
  );
}

/** Totals over a user's active, unexpired subscriptions (minutes). */
export async function activeTotals(db: Executor, userId: number, now: Date) {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${userSubscriptions.totalMinutes}), 0)::int`,
      remaining: sql<number>`coalesce(sum(${userSubscriptions.remainingMinutes}), 0)::int`,
    })
    .from(userSubscriptions)
    .where(activeOf(userId, now));
  return { totalMinutes: Number(row?.total ?? 0), remainingMinutes: Number(row?.remaining ?? 0) };
}

/**
 * Active subscriptions past their end become expired (the sweeper), their unspent value taken
 * off them; returns each one's id, owner and that value for the caller to move to revenue in the
 * same transaction (the rows are locked first, so the value read is the value cleared).
 */
export async function expireSubscriptions(
  tx: Executor,
  now: Date,
): Promise<{ id: number; userId: number; valueFils: number }[]> {
  const due = await tx
    .select({
      id: userSubscriptions.id,
      userId: userSubscriptions.userId,
      valueFils: userSubscriptions.remainingValueFils,
    })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.status, 'active'), sql`${userSubscriptions.expiresAt} <= ${now}`))
    .orderBy(asc(userSubscriptions.id))
    .for('update');
  if (due.length === 0) return [];
  await tx
    .update(userSubscriptions)
    .set({ status: 'expired', remainingValueFils: 0 })
    .where(
      inArray(
        userSubscriptions.id,
        due.map((row) => row.id),
      ),
    );
  return due.map((row) => ({ ...row, valueFils: Number(row.valueFils) }));
}
