/**
 * The ledger's surface for the other modules (ADR 011). Every money flow (booking, payments,
 * subscriptions, admin) moves money with `postTransfer` and reads balances here, always in the
 * caller's executor (`tx`): the ledger never opens a transaction of its own, so a transfer commits
 * or rolls back with the change it pays for. `ledger.repo.ts` is private to this module; its
 * `postTransfer` already is the operation (the only writer, ADR 008), so it is exported as it is.
 */
import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { postTransfer, systemAccountId, userAccountId } from './ledger.repo.ts';

export {
  type AccountLine,
  InsufficientFundsError,
  type Leg,
  postTransfer,
  systemAccountId,
  type TransferInput,
  userAccountId,
  userBalance,
  userLines,
} from './ledger.repo.ts';

/**
 * A captured gateway payment's money moves out of `gateway`, once: to escrow (a booking) or to the
 * payer's wallet (a top-up, or a payment whose purpose lapsed). The key `payment:<id>` keeps a
 * second settlement from moving anything (ADR 008, I7).
 */
export async function postPaymentTransfer(
  tx: Executor,
  payment: Pick<PaymentRow, 'id' | 'userId' | 'amountFils'>,
  kind: 'booking' | 'top_up' | 'payment_credit',
  to: 'escrow' | 'wallet',
) {
  return postTransfer(tx, {
    key: `payment:${payment.id}`,
    kind,
    paymentId: payment.id,
    actorUserId: payment.userId,
    legs: [
      { accountId: await systemAccountId(tx, 'gateway'), amountFils: -payment.amountFils },
      {
        accountId:
          to === 'escrow' ? await systemAccountId(tx, 'escrow') : await userAccountId(tx, 'wallet', payment.userId),
        amountFils: payment.amountFils,
      },
    ],
  });
}
