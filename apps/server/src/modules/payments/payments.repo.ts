import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { firstRow, insertedRow } from '../../db/rows.ts';
import { type PaymentRow, payments, users } from '../../db/schema.ts';

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  return insertedRow(db.insert(payments).values(values).returning(), 'payment not created');
}

/**
 * Locks the user's row (so one user's payment starts run one at a time) and counts the gateway
 * payments of a purpose they still have waiting (pending, not yet lapsed).
 */
export async function lockUserAndCountPending(
  db: Executor,
  userId: number,
  purpose: PaymentRow['purpose'],
  now: Date,
): Promise<number> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.purpose, purpose),
        eq(payments.status, 'pending'),
        gt(payments.expiresAt, now),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  return firstRow(db.select().from(payments).where(eq(payments.id, id)));
}

/** What the gateway answered when the payment was started: its own id and the checkout page. */
export async function setGatewayStart(
  db: Executor,
  id: string,
  started: { providerRef: string; redirectUrl: string },
): Promise<void> {
  await db
    .update(payments)
    .set({ providerRef: started.providerRef, redirectUrl: started.redirectUrl })
    .where(eq(payments.id, id));
}

/**
 * The only way a payment's status changes (I7): a compare-and-swap from the given states. Returns
 * the row when this call made the change, undefined when another already had.
 */
export async function swapPaymentStatus(
  db: Executor,
  id: string,
  from: PaymentRow['status'][],
  to: PaymentRow['status'],
  extra: Partial<typeof payments.$inferInsert> = {},
): Promise<PaymentRow | undefined> {
  return firstRow(
    db
      .update(payments)
      .set({ status: to, settledAt: sql`now()`, ...(to === 'paid' ? { paidAt: sql`now()` } : {}), ...extra })
      .where(and(eq(payments.id, id), inArray(payments.status, from)))
      .returning(),
  );
}

export async function markCreditedToWallet(db: Executor, id: string): Promise<void> {
  await db.update(payments).set({ creditedToWallet: true }).where(eq(payments.id, id));
}

/** Pending payments past their expiry: the sweeper asks the gateway about each. */
export async function duePendingPayments(db: Executor, now: Date, limit = 50): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lt(payments.expiresAt, now)))
    .limit(limit);
}

/** How long after expiry a payment is still asked about (a customer may pay late, then leave). */
export const LATE_CAPTURE_WINDOW_MS = 24 * 3600_000;
/** How often one expired payment is asked about. */
export const LATE_CAPTURE_EVERY_MS = 10 * 60_000;

/** Expired payments of the last 24 h not asked about for 10 minutes: a late capture is credited. */
export async function expiredToRecheck(db: Executor, now: Date, limit = 50): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'expired'),
        gt(payments.expiresAt, new Date(now.getTime() - LATE_CAPTURE_WINDOW_MS)),
        or(isNull(payments.lastCheckedAt), lt(payments.lastCheckedAt, new Date(now.getTime() - LATE_CAPTURE_EVERY_MS))),
      ),
    )
    .limit(limit);
}

export async function markChecked(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(payments).set({ lastCheckedAt: now }).where(eq(payments.id, id));
}
