import { filsToKwd } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { postPaymentTransfer } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { markCreditedToWallet } from './payments.repo.ts';
import type { PurposeHandler } from './payments-context.ts';

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

/**
 * A paid top-up whose booking could no longer be made (ADR 026): its money already is in the
 * wallet (the top-up's own transfer); the payment is marked so and the payer told, once.
 */
export async function keepTopUpInWallet(tx: Executor, payment: PaymentRow): Promise<void> {
  await markCreditedToWallet(tx, payment.id);
  await insertNotifications(tx, [
    {
      userId: payment.userId,
      type: 'payment.creditedToWallet',
      data: { paymentId: payment.id, amount: filsToKwd(payment.amountFils) },
    },
  ]);
}

/** A wallet top-up: the money goes to the payer's wallet, and they are told. */
export const topUpHandler: PurposeHandler = {
  async paid(tx, payment) {
    await postPaymentTransfer(tx, payment, 'top_up', 'wallet');
    await insertNotifications(tx, [
      {
        userId: payment.userId,
        type: 'payment.paid',
        data: { paymentId: payment.id, purpose: 'top_up', amount: filsToKwd(payment.amountFils) },
      },
    ]);
  },
  async failed(tx, payment) {
    await insertNotifications(tx, [
      { userId: payment.userId, type: 'payment.failed', data: { paymentId: payment.id, purpose: 'top_up' } },
    ]);
  },
  async purchase(_db, payment) {
    return { purpose: 'top_up', amount: filsToKwd(payment.amountFils) };
  },
};
