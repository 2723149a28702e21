import { expect } from 'vitest';
import { type Db, rawQueryOf } from '../db/client.ts';
import { postTransfer, systemAccountId, userAccountId, userBalance } from '../modules/ledger/ledger.repo.ts';

let fundSequence = 0;

/** Puts money in a user's wallet the way a paid top-up does (gateway -> wallet). */
export async function fundWallet(db: Db, userId: number, fils: number): Promise<void> {
  fundSequence += 1;
  await db.transaction(async (tx) => {
    await postTransfer(tx, {
      key: `test:fund:${userId}:${fundSequence}:${Date.now()}`,
      kind: 'top_up',
      legs: [
        { accountId: await systemAccountId(tx, 'gateway'), amountFils: -fils },
        { accountId: await userAccountId(tx, 'wallet', userId), amountFils: fils },
      ],
    });
  });
}

export const walletOf = (db: Db, userId: number) => userBalance(db, 'wallet', userId);

/**
 * The ledger invariants, checked by SQL over the whole database (RELIABILITY I1, I3, I4):
 * every transfer sums to zero, all entries sum to zero, every account's balance equals the
 * replay of its entries, no user account is negative.
 */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const query = rawQueryOf(db);
  const unbalanced = await query(
    'select transfer_id from ledger_entries group by transfer_id having sum(amount_fils) <> 0',
    [],
  );
  expect(unbalanced.rows).toEqual([]);
  const total = await query<{ total: string | number | null }>(
    'select coalesce(sum(amount_fils), 0) as total from ledger_entries',
    [],
  );
  expect(Number(total.rows[0]?.total ?? 0)).toBe(0);
  const drift = await query(
    `
    select a.id from ledger_accounts a
    left join (select account_id, sum(amount_fils) as s from ledger_entries group by account_id) e on e.account_id = a.id
    where a.balance_fils <> coalesce(e.s, 0)`,
    [],
  );
  expect(drift.rows).toEqual([]);
  const negative = await query(
    `select id from ledger_accounts where kind in ('wallet', 'earnings') and balance_fils < 0`,
    [],
  );
  expect(negative.rows).toEqual([]);
}

/** How many live (not cancelled) reservations a slot has. */
export async function liveReservations(db: Db, slotId: number): Promise<number> {
  const result = await rawQueryOf(db)<{ n: string | number }>(
    `select count(*) as n from reservations where time_slot_id = $1 and status <> 'cancelled'`,
    [slotId],
  );
  return Number(result.rows[0]?.n ?? 0);
}
