import type { AdminPayment, ReconciliationResponse, ReconciliationRow } from '@ustaz/contract';
import { filsToKwd } from '@ustaz/contract';
import type { PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { LookupResult } from '../../payments/provider.ts';
import { toAdminPayment } from './admin-money.presenter.ts';
import { findPaymentWithUser, paymentsCreatedSince } from './admin-money.repo.ts';
import type { AdminMoneyContext } from './admin-money-context.ts';
import { insertAudit } from './audit.repo.ts';

/** Our payments against the gateways': the report (read only) and settling one payment. */

const DAY_MS = 24 * 3600_000;

/** The reconciliation report asks about at most this many payments (the newest of the window)... */
export const RECONCILE_MAX_PAYMENTS = 300;
/** ...this many at a time, so a gateway is not flooded... */
export const RECONCILE_PARALLEL = 4;
/** ...and within this time; a payment not answered in time is reported as unreachable. */
export const RECONCILE_BUDGET_MS = 20_000;

type Asked = { result: LookupResult } | { unreachable: true };

/**
 * How our payment and the gateway's answer differ, or null when they agree. Both pending is not
 * a difference (the customer may still pay); a failure at the gateway while we wait is one only
 * once the payment is past its expiry (the sweeper should have settled it by then).
 */
export function paymentDifference(
  payment: PaymentRow,
  result: LookupResult,
  now: Date,
): ReconciliationRow['problem'] | null {
  if (result.status === 'paid') {
    const mismatch =
      (result.amountFils !== null && result.amountFils !== payment.amountFils) ||
      (result.currency !== null && result.currency !== payment.currency) ||
      (result.orderId !== null && result.orderId !== payment.id);
    if (mismatch) return 'amountDiffers';
    return payment.status === 'paid' ? null : 'statusDiffers';
  }
  if (payment.status === 'paid') return 'statusDiffers';
  if (result.status === 'failed' && payment.status === 'pending' && payment.expiresAt.getTime() <= now.getTime()) {
    return 'statusDiffers';
  }
  return null;
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - Date.now();
  if (left <= 0) return Promise.reject(new Error('reconciliation time budget spent'));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('reconciliation time budget spent')), left);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Asks the gateway about every payment created in the last `days` (the newest
 * RECONCILE_MAX_PAYMENTS, RECONCILE_PARALLEL at a time) and lists those where it and we
 * disagree, or that could not be asked. Changes nothing.
 */
export async function reconciliation(
  ctx: AdminMoneyContext,
  days: number,
  now = new Date(),
): Promise<ReconciliationResponse> {
  const { db, payments, log, reconcileBudgetMs } = ctx;
  const rows = await paymentsCreatedSince(db, new Date(now.getTime() - days * DAY_MS), RECONCILE_MAX_PAYMENTS);
  const deadline = Date.now() + reconcileBudgetMs;
  const answers: Asked[] = new Array(rows.length);
  let next = 0;
  async function worker() {
    while (next < rows.length) {
      const index = next;
      next += 1;
      const row = rows[index];
      if (!row) continue;
      if (Date.now() >= deadline) {
        answers[index] = { unreachable: true };
        continue;
      }
      try {
        answers[index] = { result: await withDeadline(payments.gatewayStatus(row.payment), deadline) };
      } catch (error) {
        log.warn(
          { paymentId: row.payment.id, err: error instanceof Error ? error.message : error },
          'reconciliation: gateway look-up failed',
        );
        answers[index] = { unreachable: true };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(RECONCILE_PARALLEL, rows.length) }, worker));

  const data: ReconciliationRow[] = [];
  rows.forEach((row, index) => {
    const asked = answers[index];
    if (!asked || 'unreachable' in asked) {
      data.push({
        payment: toAdminPayment(row),
        gatewayStatus: 'unknown',
        gatewayAmount: null,
        problem: 'gatewayUnreachable',
      });
      return;
    }
    const problem = paymentDifference(row.payment, asked.result, now);
    if (!problem) return;
    data.push({
      payment: toAdminPayment(row),
      gatewayStatus: asked.result.status,
      gatewayAmount: asked.result.amountFils === null ? null : filsToKwd(asked.result.amountFils),
      problem,
    });
  });
  return { checked: rows.length, data, checkedAt: now.toISOString() };
}

/** Settles one payment from the gateway's answer as the sweeper would (at most once), audited. */
export async function reconcile(
  { db, payments }: AdminMoneyContext,
  adminId: number,
  paymentId: string,
): Promise<{ payment: AdminPayment }> {
  await payments.reconcileById(paymentId, {
    onChange: (tx, { before, after }) =>
      insertAudit(tx, {
        actorUserId: adminId,
        action: 'payment.reconcile',
        entityType: 'payment',
        entityId: paymentId,
        before: { status: before.status },
        after: {
          status: after.status,
          gatewayReference: after.gatewayReference,
          creditedToWallet: after.creditedToWallet,
        },
      }),
  });
  const row = await findPaymentWithUser(db, paymentId);
  if (!row) throw new HttpError(404, 'notFound', 'Payment not found');
  return { payment: toAdminPayment(row) };
}
