// Wallet money for bench users: one seeded top-up per user from the gateway account, balanced
// like the server's own transfers (a wallet account, a transfer, two entries).

import { firstRow, type Queryable } from './queryable.ts';

/** Gives each user in `userIds` a wallet holding `fils`, through `client.query` (pg Client or PGlite). */
export async function fundWallets(client: Queryable, userIds: number[], fils: number, keyPrefix = 'bench') {
  const gateway = firstRow(
    await client.query<{ id: number }>(`select id from ledger_accounts where kind = 'gateway' and user_id is null`),
  );
  await client.query('begin');
  try {
    for (const userId of userIds) {
      const account = firstRow(
        await client.query<{ id: number }>(
          `insert into ledger_accounts (kind, user_id, balance_fils) values ('wallet', $1, $2) returning id`,
          [userId, fils],
        ),
      );
      const transfer = firstRow(
        await client.query<{ id: number }>(
          `insert into ledger_transfers (key, kind) values ($1, 'top_up') returning id`,
          [`${keyPrefix}:fund:${userId}`],
        ),
      );
      await client.query(
        'insert into ledger_entries (transfer_id, account_id, amount_fils) values ($1, $2, $3), ($1, $4, $5)',
        [transfer.id, account.id, fils, gateway.id, -fils],
      );
    }
    await client.query('update ledger_accounts set balance_fils = balance_fils - $1 where id = $2', [
      fils * userIds.length,
      gateway.id,
    ]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
