import {
  type adminPayoutsQuerySchema,
  type bankAccountBodySchema,
  type Language,
  type payoutPaidBodySchema,
  type payoutRejectBodySchema,
  type payoutRequestBodySchema,
  ROLE,
} from '@ustaz/contract';
import type { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import { statement, statementCsv, summary } from './earnings.ts';
import { adminList, bankAccount, mine, saveBankAccount } from './payout-accounts.ts';
import { decide } from './payout-decisions.ts';
import { requestPayout } from './payout-request.ts';
import type { Paging, PayoutsContext } from './payouts-context.ts';

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
export function createPayoutsService(ctx: PayoutsContext) {
  return {
    summary: (userId: number) => summary(ctx, userId),

    statement: (userId: number, at: Paging, language: Language) => statement(ctx, userId, at, language),

    /** The whole statement as CSV for a spreadsheet, in the caller's language. */
    statementCsv: (userId: number, language: Language) => statementCsv(ctx, userId, language),

    bankAccount: (userId: number) => bankAccount(ctx, userId),

    saveBankAccount: (userId: number, body: z.output<typeof bankAccountBodySchema>) =>
      saveBankAccount(ctx, userId, body),

    /**
     * Requests a payout of `amount` to the saved bank account: 422 `bankAccountRequired` without
     * one, 422 `insufficientBalance` when the earnings do not cover it (checked by the ledger's own
     * UPDATE, inside this transaction: two requests for the whole amount cannot both pass).
     */
    request: (userId: number, body: z.output<typeof payoutRequestBodySchema>) => requestPayout(ctx, userId, body),

    mine: (userId: number, at: Paging) => mine(ctx, userId, at),

    adminList: (query: z.output<typeof adminPayoutsQuerySchema>) => adminList(ctx, query),

    markPaid: (adminId: number, id: number, body: z.output<typeof payoutPaidBodySchema>) =>
      decide(ctx, adminId, id, { status: 'paid', bankReference: body.bankReference }),

    reject: (adminId: number, id: number, body: z.output<typeof payoutRejectBodySchema>) =>
      decide(ctx, adminId, id, { status: 'rejected', rejectReason: body.reason }),
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
