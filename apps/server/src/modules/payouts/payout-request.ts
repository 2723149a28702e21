import { filsToKwd, kwdToFils, type PayoutCreatedResponse, type payoutRequestBodySchema } from '@ustaz/contract';
import type { z } from 'zod';
import { FieldValidationError } from '../../http/errors.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { findBankAccount, insertPayout } from './payouts.repo.ts';
import type { PayoutsContext } from './payouts-context.ts';

/**
 * Requests a payout of `amount` to the saved bank account: 422 `bankAccountRequired` without
 * one, 422 `insufficientBalance` when the earnings do not cover it (checked by the ledger's own
 * UPDATE, inside this transaction: two requests for the whole amount cannot both pass).
 */
export async function requestPayout(
  { db }: PayoutsContext,
  userId: number,
  body: z.output<typeof payoutRequestBodySchema>,
): Promise<PayoutCreatedResponse> {
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
}
