import type { AdminMoneyContext } from './admin-money-context.ts';
import { manualRefund, type RefundBody } from './manual-refund.ts';
import { RECONCILE_BUDGET_MS, reconcile, reconciliation } from './money-reconciliation.ts';
import { type LedgerQuery, ledger, lessonPayouts, listAdminPayments, type PaymentsQuery } from './money-reports.ts';

/** The context's dependencies; the reconciliation's time budget has a default. */
type Deps = Omit<AdminMoneyContext, 'reconcileBudgetMs'> & Partial<Pick<AdminMoneyContext, 'reconcileBudgetMs'>>;

/**
 * The admin's money pages: the ledger journal, payments, the reconciliation report (read only),
 * settling one payment from the gateway, and manual refunds. Every write commits with its audit row.
 */
export function createAdminMoneyService({ db, payments, log, reconcileBudgetMs = RECONCILE_BUDGET_MS }: Deps) {
  const ctx: AdminMoneyContext = { db, payments, log, reconcileBudgetMs };

  return {
    ledger: (query: LedgerQuery) => ledger(ctx, query),

    payments: (query: PaymentsQuery) => listAdminPayments(ctx, query),

    /**
     * Asks the gateway about every payment created in the last `days` (the newest
     * RECONCILE_MAX_PAYMENTS, RECONCILE_PARALLEL at a time) and lists those where it and we
     * disagree, or that could not be asked. Changes nothing.
     */
    reconciliation: (days: number, now?: Date) => reconciliation(ctx, days, now),

    /** Settles one payment from the gateway's answer as the sweeper would (at most once), audited. */
    reconcile: (adminId: number, paymentId: string) => reconcile(ctx, adminId, paymentId),

    /** The I9 repair report: completed lessons paid out differently from what was paid for them. */
    lessonPayouts: () => lessonPayouts(ctx),

    /**
     * Money back to a user's wallet from the platform's revenue (a goodwill refund, a gateway
     * charge we could not match): one transfer of kind `manual_refund`, its audit row and the
     * user's notification (`wallet.refund`) in one transaction.
     */
    refund: (adminId: number, body: RefundBody) => manualRefund(ctx, adminId, body),
  };
}

export type AdminMoneyService = ReturnType<typeof createAdminMoneyService>;
