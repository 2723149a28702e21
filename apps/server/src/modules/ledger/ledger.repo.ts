import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pgErrorCode } from '../../db/errors.ts';
import { pageWithTotal } from '../../db/paging.ts';
import { type LedgerAccountKind, ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema.ts';

/**
 * The double-entry ledger (ARCHITECTURE "Wallet", RELIABILITY I1-I6). A transfer is posted with
 * all its legs in the caller's transaction: the transfer row (unique key), the balance updates
 * (user accounts under `CHECK (balance >= 0)`, so an overdraft fails the statement itself) and
 * the entries. Nothing else writes balances.
 */

export type Leg = { accountId: number; amountFils: number };

export type TransferInput = {
  /** Unique per effect: the same key never moves money twice. */
  key: string;
  kind: string;
  legs: Leg[];
  paymentId?: string | null;
  reservationId?: number | null;
  subscriptionId?: number | null;
  actorUserId?: number | null;
  memo?: string;
};

/** A debit that would take a user's wallet or earnings below zero. */
export class InsufficientFundsError extends Error {
  constructor() {
    super('Insufficient funds');
  }
}

const SYSTEM_KINDS = ['gateway', 'escrow', 'revenue', 'prepaid', 'payouts_clearing', 'paid_out'] as const;
type SystemKind = (typeof SYSTEM_KINDS)[number];

/** The id of a system account (created by migrations 0006, 0010 and 0014). */
export async function systemAccountId(db: Executor, kind: SystemKind): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)));
  if (!row) throw new Error(`ledger system account ${kind} is missing`);
  return row.id;
}

/** The id of a user's wallet or earnings account, created on first use. */
export async function userAccountId(db: Executor, kind: 'wallet' | 'earnings', userId: number): Promise<number> {
  const existing = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.userId, userId)));
  if (existing[0]) return existing[0].id;
  await db.insert(ledgerAccounts).values({ kind, userId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.userId, userId)));
  if (!row) throw new Error('ledger account could not be created');
  return row.id;
}

/** A user's balance in fils (0 when the account does not exist yet). */
export async function userBalance(db: Executor, kind: 'wallet' | 'earnings', userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balanceFils })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.userId, userId)));
  return row?.balance ?? 0;
}

/**
 * Posts a balanced transfer inside the caller's transaction. Returns `{ duplicate: true }` and
 * moves nothing when a transfer with the key exists. Throws `InsufficientFundsError` when a user
 * account would go negative (the caller's transaction must then roll back, which it does by
 * letting the error out).
 */
export async function postTransfer(
  tx: Executor,
  input: TransferInput,
): Promise<{ duplicate: boolean; transferId: number }> {
  const legs = input.legs.filter((leg) => leg.amountFils !== 0);
  const total = legs.reduce((sum, leg) => sum + leg.amountFils, 0);
  if (legs.length < 2 || total !== 0 || legs.some((leg) => !Number.isSafeInteger(leg.amountFils))) {
    throw new Error(`unbalanced or empty transfer ${input.key}`);
  }
  const [transfer] = await tx
    .insert(ledgerTransfers)
    .values({
      key: input.key,
      kind: input.kind,
      paymentId: input.paymentId ?? null,
      reservationId: input.reservationId ?? null,
      subscriptionId: input.subscriptionId ?? null,
      actorUserId: input.actorUserId ?? null,
      memo: input.memo ?? '',
    })
    .onConflictDoNothing({ target: ledgerTransfers.key })
    .returning({ id: ledgerTransfers.id });
  if (!transfer) {
    const [existing] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.key, input.key));
    return { duplicate: true, transferId: existing?.id ?? 0 };
  }
  // One update per account, in id order, so concurrent transfers lock accounts in the same order.
  const byAccount = new Map<number, number>();
  for (const leg of legs) byAccount.set(leg.accountId, (byAccount.get(leg.accountId) ?? 0) + leg.amountFils);
  for (const [accountId, delta] of [...byAccount.entries()].sort((a, b) => a[0] - b[0])) {
    if (delta === 0) continue;
    try {
      await tx
        .update(ledgerAccounts)
        .set({ balanceFils: sql`${ledgerAccounts.balanceFils} + ${delta}` })
        .where(eq(ledgerAccounts.id, accountId));
    } catch (error) {
      if (pgErrorCode(error) === '23514') throw new InsufficientFundsError();
      throw error;
    }
  }
  await tx
    .insert(ledgerEntries)
    .values(legs.map((leg) => ({ transferId: transfer.id, accountId: leg.accountId, amountFils: leg.amountFils })));
  return { duplicate: false, transferId: transfer.id };
}

export type AccountLine = {
  id: number;
  kind: string;
  account: 'wallet' | 'earnings';
  amountFils: number;
  createdAt: Date;
  reservationId: number | null;
  paymentId: string | null;
};

/** A user's wallet and earnings entries, newest first. */
export async function userLines(
  db: Executor,
  userId: number,
  page: number,
  limit: number,
): Promise<{ rows: AccountLine[]; total: number }> {
  const accounts = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  if (accounts.length === 0) return { rows: [], total: 0 };
  const ids = accounts.map((account) => account.id);
  const kindOf = new Map(accounts.map((account) => [account.id, account.kind]));
  const { rows, total } = await pageWithTotal(
    db
      .select({
        id: ledgerEntries.id,
        accountId: ledgerEntries.accountId,
        amountFils: ledgerEntries.amountFils,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransfers.kind,
        reservationId: ledgerTransfers.reservationId,
        paymentId: ledgerTransfers.paymentId,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(inArray(ledgerEntries.accountId, ids))
      .orderBy(desc(ledgerEntries.id))
      .$dynamic(),
    db.select({ n: count() }).from(ledgerEntries).where(inArray(ledgerEntries.accountId, ids)),
    { page, limit },
  );
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      account: kindOf.get(row.accountId) === 'earnings' ? 'earnings' : 'wallet',
      amountFils: row.amountFils,
      createdAt: row.createdAt,
      reservationId: row.reservationId,
      paymentId: row.paymentId,
    })),
  };
}

export type LedgerAccountKindValue = LedgerAccountKind;
