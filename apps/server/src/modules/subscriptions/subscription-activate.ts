import type { Executor } from '../../db/client.ts';
import { postTransfer, systemAccountId, userAccountId } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { settleSubscription, subscriptionsWithPackages } from './subscriptions.repo.ts';

/** A pending subscription is paid (from the wallet or the gateway): its price moves to `prepaid` and it becomes active. */
export async function activate(
  tx: Executor,
  subscriptionId: number,
  source: 'wallet' | 'gateway',
  paymentId: string | null,
) {
  const [row] = await subscriptionsWithPackages(tx, [subscriptionId]);
  if (!row) throw new Error('subscription missing');
  const { subscription } = row;
  // The money waits in `prepaid` until the hours are spent (a booking moves their value to
  // escrow) or the subscription expires (what is left goes to revenue): RELIABILITY I9.
  const prepaid = await systemAccountId(tx, 'prepaid');
  const from =
    source === 'wallet' ? await userAccountId(tx, 'wallet', subscription.userId) : await systemAccountId(tx, 'gateway');
  await postTransfer(tx, {
    key: paymentId ? `payment:${paymentId}` : `subscription:${subscriptionId}`,
    kind: 'subscription_purchase',
    subscriptionId,
    paymentId,
    actorUserId: subscription.userId,
    legs: [
      { accountId: from, amountFils: -subscription.priceFils },
      { accountId: prepaid, amountFils: subscription.priceFils },
    ],
  });
  await settleSubscription(tx, subscriptionId, 'active', new Date());
  await insertNotifications(tx, [
    { userId: subscription.userId, type: 'subscription.activated', data: { subscriptionId } },
  ]);
}
