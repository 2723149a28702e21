import {
  type AdminPayoutResponse,
  type AdminPayoutsResponse,
  type adminPayoutsQuerySchema,
  type BankAccountResponse,
  type bankAccountBodySchema,
  type EarningsSummary,
  filsToKwd,
  kwdToFils,
  type Language,
  PAYOUT_MIN_KWD,
  type PayoutCreatedResponse,
  type PayoutsResponse,
  type payoutPaidBodySchema,
  type payoutRejectBodySchema,
  type payoutRequestBodySchema,
  ROLE,
  type StatementResponse,
  toPage,
} from '@ustaz/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { PayoutRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderPayoutMail } from '../../mail/templates.ts';
import { insertAudit } from '../admin/audit.service.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { statementCsv } from './payout-csv.ts';
import { toAdminPayout, toBankAccount, toPayout, toStatementLine } from './payouts.presenter.ts';
import {
  decidePayout,
  earningsFigures,
  findAdminPayout,
  findBankAccount,
  findPayout,
  insertPayout,
  listAdminPayouts,
  payoutOwner,
  payoutsOfUser,
  statementLines,
  upsertBankAccount,
} from './payouts.repo.ts';

type Deps = { db: Db; platformFeePercent: number; mailer?: Mailer | undefined; publicUrl: string };
type Paging = { page: number; limit: number };

/** The statement CSV holds at most this many lines (years of lessons for one teacher). */
const CSV_MAX_LINES = 10_000;

/** Payouts are a teacher's: anyone else gets 403. */
export function requireTeacher(claims: AccessClaims): number {
  if (claims.roleId !== ROLE.teacher) throw new HttpError(403, 'forbidden', 'Only teachers have earnings');
  return claims.userId;
}

/**
 * A teacher gets paid (RELIABILITY I10). A request moves its amount from the teacher's earnings to
 * `payouts_clearing` in the transaction that inserts the payout, so the earnings account's CHECK
 * (never below zero) makes asking for more than is available fail in its own statement, however
 * many requests race. An admin then pays it (clearing -> paid_out) or rejects it (clearing ->
 * earnings), once: the status moves by compare-and-swap and each transfer has its own key.
 */
export function createPayoutsService({ db, platformFeePercent, mailer, publicUrl }: Deps) {
  async function tell(tx: Executor, payout: PayoutRow) {
    const outcome = payout.status === 'paid' ? 'paid' : 'rejected';
    const amount = filsToKwd(payout.amountFils);
    await insertNotifications(tx, [
      {
        userId: payout.userId,
        type: outcome === 'paid' ? 'payout.paid' : 'payout.rejected',
        data: {
          payoutId: payout.id,
          amount,
          ...(outcome === 'paid' ? { bankReference: payout.bankReference } : { reason: payout.rejectReason }),
        },
      },
    ]);
    const owner = await payoutOwner(tx, payout.userId);
    if (!mailer || !owner) return;
    const language: Language = owner.language;
    await mailer.enqueue(tx, {
      to: owner.email,
      ...renderPayoutMail(language, {
        name: owner.firstName,
        outcome,
        amountKwd: amount,
        detail: (outcome === 'paid' ? payout.bankReference : payout.rejectReason) ?? '',
        url: `${publicUrl}/${language}/earnings`,
      }),
    });
  }

  async function adminPayout(executor: Executor, id: number): Promise<AdminPayoutResponse> {
    const row = await findAdminPayout(executor, id);
    if (!row) throw new HttpError(404, 'notFound', 'Payout not found');
    return { payout: toAdminPayout(row) };
  }

  /** The one way an admin decides a payout: CAS on the status, its transfer, audit, notice and mail, together. */
  async function decide(
    adminId: number,
    id: number,
    change: { status: 'paid'; bankReference: string } | { status: 'rejected'; rejectReason: string },
  ): Promise<AdminPayoutResponse> {
    return db.transaction(async (tx) => {
      const decided = await decidePayout(tx, id, { ...change, decidedBy: adminId });
      if (!decided) {
        if (!(await findPayout(tx, id))) throw new HttpError(404, 'notFound', 'Payout not found');
        throw new HttpError(409, 'payoutAlreadyDecided', 'This payout was already paid or rejected');
      }
      const clearing = await ledger.systemAccountId(tx, 'payouts_clearing');
      const to =
        change.status === 'paid'
          ? await ledger.systemAccountId(tx, 'paid_out')
          : await ledger.userAccountId(tx, 'earnings', decided.userId);
      await ledger.postTransfer(tx, {
        key: `${change.status === 'paid' ? 'payout_paid' : 'payout_rejected'}:${decided.id}`,
        kind: change.status === 'paid' ? 'payout_paid' : 'payout_rejected',
        actorUserId: adminId,
        memo: change.status === 'paid' ? change.bankReference : change.rejectReason,
        legs: [
          { accountId: clearing, amountFils: -decided.amountFils },
          { accountId: to, amountFils: decided.amountFils },
        ],
      });
      await insertAudit(tx, {
        actorUserId: adminId,
        action: change.status === 'paid' ? 'payout.paid' : 'payout.reject',
        entityType: 'payout',
        entityId: decided.id,
        reason: change.status === 'rejected' ? change.rejectReason : null,
        before: { status: 'requested' },
        after: {
          status: decided.status,
          amount: filsToKwd(decided.amountFils),
          ...(change.status === 'paid' ? { bankReference: change.bankReference } : {}),
        },
      });
      await tell(tx, decided);
      return adminPayout(tx, decided.id);
    });
  }

  return {
    async summary(userId: number): Promise<EarningsSummary> {
      const [available, figures] = await Promise.all([
        ledger.userBalance(db, 'earnings', userId),
        earningsFigures(db, userId, platformFeePercent),
      ]);
      return {
        available: filsToKwd(available),
        pending: filsToKwd(figures.pendingFils),
        requested: filsToKwd(figures.requestedFils),
        paidOut: filsToKwd(figures.paidFils),
        minimumPayout: filsToKwd(kwdToFils(PAYOUT_MIN_KWD)),
        currency: 'KWD',
      };
    },

    async statement(userId: number, at: Paging, language: Language): Promise<StatementResponse> {
      const { rows, total } = await statementLines(db, userId, at, language);
      return toPage(
        rows.map((row) => toStatementLine(row, platformFeePercent)),
        total,
        at,
      );
    },

    /** The whole statement as CSV for a spreadsheet, in the caller's language. */
    async statementCsv(userId: number, language: Language): Promise<string> {
      const { rows } = await statementLines(db, userId, { page: 1, limit: CSV_MAX_LINES }, language);
      return statementCsv(
        rows.map((row) => toStatementLine(row, platformFeePercent)),
        language,
      );
    },

    async bankAccount(userId: number): Promise<BankAccountResponse> {
      const row = await findBankAccount(db, userId);
      return { bankAccount: row ? toBankAccount(row) : null };
    },

    async saveBankAccount(userId: number, body: z.output<typeof bankAccountBodySchema>): Promise<BankAccountResponse> {
      const row = await upsertBankAccount(db, userId, body.iban, body.holderName);
      return { bankAccount: toBankAccount(row) };
    },

    /**
     * Requests a payout of `amount` to the saved bank account: 422 `bankAccountRequired` without
     * one, 422 `insufficientBalance` when the earnings do not cover it (checked by the ledger's own
     * UPDATE, inside this transaction: two requests for the whole amount cannot both pass).
     */
    async request(userId: number, body: z.output<typeof payoutRequestBodySchema>): Promise<PayoutCreatedResponse> {
      const amountFils = kwdToFils(body.amount);
      try {
        return await db.transaction(async (tx) => {
          const account = await findBankAccount(tx, userId);
          if (!account) throw new FieldValidationError({ bankAccount: 'bankAccountRequired' });
          const payout = await insertPayout(tx, {
            userId,
            amountFils,
            iban: account.iban,
            holderName: account.holderName,
          });
          await ledger.postTransfer(tx, {
            key: `payout:${payout.id}`,
            kind: 'payout_request',
            actorUserId: userId,
            legs: [
              { accountId: await ledger.userAccountId(tx, 'earnings', userId), amountFils: -amountFils },
              { accountId: await ledger.systemAccountId(tx, 'payouts_clearing'), amountFils },
            ],
          });
          return { id: payout.id, status: 'requested' as const, amount: filsToKwd(amountFils) };
        });
      } catch (error) {
        if (error instanceof ledger.InsufficientFundsError)
          throw new FieldValidationError({ amount: 'insufficientBalance' });
        throw error;
      }
    },

    async mine(userId: number, at: Paging): Promise<PayoutsResponse> {
      const { rows, total } = await payoutsOfUser(db, userId, at);
      return toPage(rows.map(toPayout), total, at);
    },

    async adminList(query: z.output<typeof adminPayoutsQuerySchema>): Promise<AdminPayoutsResponse> {
      const { rows, total } = await listAdminPayouts(db, query.status, query);
      return toPage(rows.map(toAdminPayout), total, query);
    },

    markPaid: (adminId: number, id: number, body: z.output<typeof payoutPaidBodySchema>) =>
      decide(adminId, id, { status: 'paid', bankReference: body.bankReference }),

    reject: (adminId: number, id: number, body: z.output<typeof payoutRejectBodySchema>) =>
      decide(adminId, id, { status: 'rejected', rejectReason: body.reason }),
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
