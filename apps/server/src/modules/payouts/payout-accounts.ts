import {
  type AdminPayoutsResponse,
  type adminPayoutsQuerySchema,
  type BankAccountResponse,
  type bankAccountBodySchema,
  type PayoutsResponse,
  toPage,
} from '@ustaz/contract';
import type { z } from 'zod';
import { toAdminPayout, toBankAccount, toPayout } from './payouts.presenter.ts';
import { findBankAccount, listAdminPayouts, payoutsOfUser, upsertBankAccount } from './payouts.repo.ts';
import type { Paging, PayoutsContext } from './payouts-context.ts';

/** The teacher's bank account and payouts, and the admin's payout list. */

export async function bankAccount({ db }: PayoutsContext, userId: number): Promise<BankAccountResponse> {
  const row = await findBankAccount(db, userId);
  return { bankAccount: row ? toBankAccount(row) : null };
}

export async function saveBankAccount(
  { db }: PayoutsContext,
  userId: number,
  body: z.output<typeof bankAccountBodySchema>,
): Promise<BankAccountResponse> {
  const row = await upsertBankAccount(db, userId, body.iban, body.holderName);
  return { bankAccount: toBankAccount(row) };
}

export async function mine({ db }: PayoutsContext, userId: number, at: Paging): Promise<PayoutsResponse> {
  const { rows, total } = await payoutsOfUser(db, userId, at);
  return toPage(rows.map(toPayout), total, at);
}

export async function adminList(
  { db }: PayoutsContext,
  query: z.output<typeof adminPayoutsQuerySchema>,
): Promise<AdminPayoutsResponse> {
  const { rows, total } = await listAdminPayouts(db, query.status, query);
  return toPage(rows.map(toAdminPayout), total, query);
}
