import { filsToKwd } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { postPaymentTransfer } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { markCreditedToWallet } from './payments.repo.ts';

/**
 * A payment captured for something that can no longer be delivered (a lapsed hold, a purchase
 * given up): the money was taken, so it goes to the customer's wallet, once, and they are told.
 */
export async function creditPaymentToWallet(tx: Executor, payment: PaymentRow): Promise<void> {
  await postPaymentTransfer(tx, payment, 'payment_credit', 'wallet');
  await markCreditedToWallet(tx, payment.id);
  await insertNotifications(tx, [
    {
      userId: payment.userId,
      type: 'payment.creditedToWallet',
      data: { paymentId: payment.id, amount: filsToKwd(payment.amountFils) },
    },
  ]);
}
