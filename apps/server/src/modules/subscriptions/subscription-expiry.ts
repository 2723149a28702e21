import { postTransfer, systemAccountId } from '../ledger/ledger.service.ts';
import { expireSubscriptions } from './subscriptions.repo.ts';
import type { SubscriptionsContext } from './subscriptions-context.ts';

/** Ends subscriptions past their validity; the value of their unspent hours goes to revenue. */
export function expireDue({ db }: SubscriptionsContext, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await expireSubscriptions(tx, now);
    for (const row of expired) {
      if (row.valueFils <= 0) continue;
      await postTransfer(tx, {
        key: `subscription_expiry:${row.id}`,
        kind: 'subscription_expiry',
        subscriptionId: row.id,
        legs: [
          { accountId: await systemAccountId(tx, 'prepaid'), amountFils: -row.valueFils },
          { accountId: await systemAccountId(tx, 'revenue'), amountFils: row.valueFils },
        ],
      });
    }
    return expired.length;
  });
}
