import { randomBytes } from 'node:crypto';
import type {
  AdminLedgerResponse,
  AdminLessonPayoutsResponse,
  AdminPayment,
  AdminPaymentsResponse,
  adminLedgerQuerySchema,
  adminPaymentsQuerySchema,
  ManualRefundResponse,
  manualRefundBodySchema,
  ReconciliationResponse,
  ReconciliationRow,
} from '@ustaz/contract';
import { filsToKwd, kwdToFils, toPage, type ValidationCode } from '@ustaz/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import type { LookupResult } from '../../payments/provider.ts';
import { postTransfer, systemAccountId, userAccountId, userBalance } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { dateBounds } from './admin-date-range.ts';
import { toAdminPayment, toAdminTransfer } from './admin-money.presenter.ts';
import {
  entriesOfTransfers,
  findPaymentWithUser,
  findTransfer,
  lessonsPaidOutOfLine,
  listPayments,
  listTransfers,
  paymentOwner,
  paymentsCreatedSince,
  reservationStudent,
  type TransferListRow,
  userExists,
} from './admin-money.repo.ts';
import { insertAudit } from './audit.repo.ts';

const DAY_MS = 24 * 3600_000;

/** The reconciliation report asks about at most this many payments (the newest of the window)... */
export const RECONCILE_MAX_PAYMENTS = 300;
/** ...this many at a time, so a gateway is not flooded... */
export const RECONCILE_PARALLEL = 4;
/** ...and within this time; a payment not answered in time is reported as unreachable. */
const RECONCILE_BUDGET_MS = 20_000;

type Deps = {
  db: Db;
  payments: PaymentsService;
  log: FastifyBaseLogger;
  /** How long the reconciliation report may spend asking gateways (tests shorten it). */
  reconcileBudgetMs?: number;
};

type LedgerQuery = z.output<typeof adminLedgerQuerySchema>;
type PaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;
type RefundBody = z.output<typeof manualRefundBodySchema>;

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
 * The admin's money pages: the ledger journal, payments, the reconciliation report (read only),
 * settling one payment from the gateway, and manual refunds. Every write commits with its audit row.
 */
export function createAdminMoneyService({ db, payments, log, reconcileBudgetMs = RECONCILE_BUDGET_MS }: Deps) {
  async function withEntries(executor: Executor, rows: TransferListRow[]) {
    const entries = await entriesOfTransfers(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toAdminTransfer(
        row,
        entries.filter((entry) => entry.transferId === row.id),
      ),
    );
  }

  async function adminPayment(id: string): Promise<AdminPayment> {
    const row = await findPaymentWithUser(db, id);
    if (!row) throw new HttpError(404, 'notFound', 'Payment not found');
    return toAdminPayment(row);
  }

  return {
    async ledger(query: LedgerQuery): Promise<AdminLedgerResponse> {
      const { rows, total } = await listTransfers(
        db,
        { ...dateBounds(query), userId: query.userId, kind: query.kind },
        query,
      );
      return toPage(await withEntries(db, rows), total, query);
    },

    async payments(query: PaymentsQuery): Promise<AdminPaymentsResponse> {
      const { rows, total } = await listPayments(db, query, query);
      return toPage(rows.map(toAdminPayment), total, query);
    },

    /**
     * Asks the gateway about every payment created in the last `days` (the newest
     * RECONCILE_MAX_PAYMENTS, RECONCILE_PARALLEL at a time) and lists those where it and we
     * disagree, or that could not be asked. Changes nothing.
     */
    async reconciliation(days: number, now = new Date()): Promise<ReconciliationResponse> {
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
    },

    /** Settles one payment from the gateway's answer as the sweeper would (at most once), audited. */
    async reconcile(adminId: number, paymentId: string): Promise<{ payment: AdminPayment }> {
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
      return { payment: await adminPayment(paymentId) };
    },

    /** The I9 repair report: completed lessons paid out differently from what was paid for them. */
    async lessonPayouts(): Promise<AdminLessonPayoutsResponse> {
      const rows = await lessonsPaidOutOfLine(db);
      return {
        data: rows.map((row) => ({
          reservationId: row.reservationId,
          teacherUserId: row.teacherUserId,
          teacherName: `${row.firstName} ${row.lastName}`.trim(),
          paidWith: row.paidWith,
          completedAt: row.completedAt?.toISOString() ?? null,
          paid: filsToKwd(row.paidFils),
          paidOut: filsToKwd(row.paidOutFils),
          difference: filsToKwd(row.paidOutFils - row.paidFils),
        })),
      };
    },

    /**
     * Money back to a user's wallet from the platform's revenue (a goodwill refund, a gateway
     * charge we could not match): one transfer of kind `manual_refund`, its audit row and the
     * user's notification (`wallet.refund`) in one transaction.
     */
    async refund(adminId: number, body: RefundBody): Promise<ManualRefundResponse> {
      // Nobody moves platform money to themselves: another admin must do it (and it is audited).
      if (body.userId === adminId) throw new HttpError(403, 'selfRefund', 'An admin cannot refund their own wallet');
      const amountFils = kwdToFils(body.amount);
      const errors: Record<string, ValidationCode> = {};
      if (!(await userExists(db, body.userId))) errors.userId = 'notFound';
      if (body.paymentId !== undefined) {
        const owner = await paymentOwner(db, body.paymentId);
        if (owner === undefined) errors.paymentId = 'notFound';
        else if (owner !== body.userId) errors.paymentId = 'invalid';
      }
      if (body.reservationId !== undefined) {
        const student = await reservationStudent(db, body.reservationId);
        if (student === undefined) errors.reservationId = 'notFound';
        else if (student !== body.userId) errors.reservationId = 'invalid';
      }
      if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);

      return db.transaction(async (tx) => {
        const { transferId } = await postTransfer(tx, {
          key: `manual_refund:${randomBytes(12).toString('hex')}`,
          kind: 'manual_refund',
          memo: body.reason,
          actorUserId: adminId,
          paymentId: body.paymentId ?? null,
          reservationId: body.reservationId ?? null,
          legs: [
            { accountId: await systemAccountId(tx, 'revenue'), amountFils: -amountFils },
            { accountId: await userAccountId(tx, 'wallet', body.userId), amountFils },
          ],
        });
        const balanceFils = await userBalance(tx, 'wallet', body.userId);
        await insertAudit(tx, {
          actorUserId: adminId,
          action: 'refund.manual',
          entityType: 'transfer',
          entityId: transferId,
          reason: body.reason,
          before: { userId: body.userId, wallet: filsToKwd(balanceFils - amountFils) },
          after: {
            userId: body.userId,
            wallet: filsToKwd(balanceFils),
            amount: filsToKwd(amountFils),
            paymentId: body.paymentId ?? null,
            reservationId: body.reservationId ?? null,
          },
        });
        await insertNotifications(tx, [
          { userId: body.userId, type: 'wallet.refund', data: { amount: filsToKwd(amountFils), transferId } },
        ]);
        const row = await findTransfer(tx, transferId);
        if (!row) throw new Error('manual refund transfer not found after posting');
        const [transfer] = await withEntries(tx, [row]);
        if (!transfer) throw new Error('manual refund transfer not presented');
        return { transfer, balance: filsToKwd(balanceFils) };
      });
    },
  };
}

export type AdminMoneyService = ReturnType<typeof createAdminMoneyService>;
