import { localized } from '../../http/language.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { creditPaymentToWallet } from '../payments/payment-credit.ts';
import type { PurposeHandler } from '../payments/payments.service.ts';
import { activate } from './subscription-activate.ts';
import { settleSubscription, subscriptionsWithPackages } from './subscriptions.repo.ts';

/** A package bought at the gateway: activated when paid, cancelled when the payment fails. */
export const subscriptionPaymentPurpose: PurposeHandler = {
  async paid(tx, payment) {
    if (!payment.subscriptionId) return;
    const [row] = await subscriptionsWithPackages(tx, [payment.subscriptionId]);
    if (row?.subscription.status === 'pending') {
      await activate(tx, payment.subscriptionId, 'gateway', payment.id);
      return;
    }
    // Paid after the purchase was given up (the payment had expired, the subscription was
    // cancelled): the money was taken, so it goes to the wallet, like a booking whose hold lapsed.
    await creditPaymentToWallet(tx, payment);
  },
  async purchase(db, payment, language) {
    if (!payment.subscriptionId) return null;
    const [row] = await subscriptionsWithPackages(db, [payment.subscriptionId]);
    if (!row) return null;
    return {
      purpose: 'subscription',
      package: { id: row.pkg.id, name: localized(language, row.pkg.nameAr, row.pkg.nameEn), hours: row.pkg.hours },
    };
  },
  async failed(tx, payment) {
    if (payment.subscriptionId) await settleSubscription(tx, payment.subscriptionId, 'cancelled', new Date());
    await insertNotifications(tx, [
      { userId: payment.userId, type: 'payment.failed', data: { paymentId: payment.id, purpose: 'subscription' } },
    ]);
  },
};
