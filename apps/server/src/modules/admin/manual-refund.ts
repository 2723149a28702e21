import { randomBytes } from 'node:crypto';
import type { ManualRefundResponse, manualRefundBodySchema } from '@ustaz/contract';
import { filsToKwd, kwdToFils, type ValidationCode } from '@ustaz/contract';
import type { z } from 'zod';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { postTransfer, systemAccountId, userAccountId, userBalance } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { findTransfer, paymentOwner, reservationStudent, userExists } from './admin-money.repo.ts';
import type { AdminMoneyContext } from './admin-money-context.ts';
import { insertAudit } from './audit.repo.ts';
import { withEntries } from './money-reports.ts';

export type RefundBody = z.output<typeof manualRefundBodySchema>;

/**
 * Money back to a user's wallet from the platform's revenue (a goodwill refund, a gateway
 * charge we could not match): one transfer of kind `manual_refund`, its audit row and the
 * user's notification (`wallet.refund`) in one transaction.
 */
export async function manualRefund(
  { db }: AdminMoneyContext,
  adminId: number,
  body: RefundBody,
): Promise<ManualRefundResponse> {
  // Nobody moves platform money to themselves: another admin must do it (and it is audited).
  if (body.userId === adminId) throw new HttpError(403, 'selfRefund', 'An admin cannot refund their own wallet');
  const amountFils = kwdToFils(body.amount);
  const errors: Record<string, ValidationCode> = {};
  if (!(await userExists(db, body.userId))) errors.userId = 'notFound';
  if (body.paymentId !== undefined) {
    const owner = await paymentOwner(db, body.paymentId);
    if (owner === undefined) errors.paymentId = 'notFound';
    else if (owner !== body.userId) errors.paymentId = 'invalid';
  }
  if (body.reservationId !== undefined) {
    const student = await reservationStudent(db, body.reservationId);
    if (student === undefined) errors.reservationId = 'notFound';
    else if (student !== body.userId) errors.reservationId = 'invalid';
  }
  if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);

  return db.transaction(async (tx) => {
    const { transferId } = await postTransfer(tx, {
      key: `manual_refund:${randomBytes(12).toString('hex')}`,
      kind: 'manual_refund',
      memo: body.reason,
      actorUserId: adminId,
      paymentId: body.paymentId ?? null,
      reservationId: body.reservationId ?? null,
      legs: [
        { accountId: await systemAccountId(tx, 'revenue'), amountFils: -amountFils },
        { accountId: await userAccountId(tx, 'wallet', body.userId), amountFils },
      ],
    });
    const balanceFils = await userBalance(tx, 'wallet', body.userId);
    await insertAudit(tx, {
      actorUserId: adminId,
      action: 'refund.manual',
      entityType: 'transfer',
      entityId: transferId,
      reason: body.reason,
      before: { userId: body.userId, wallet: filsToKwd(balanceFils - amountFils) },
      after: {
        userId: body.userId,
        wallet: filsToKwd(balanceFils),
        amount: filsToKwd(amountFils),
        paymentId: body.paymentId ?? null,
        reservationId: body.reservationId ?? null,
      },
    });
    await insertNotifications(tx, [
      { userId: body.userId, type: 'wallet.refund', data: { amount: filsToKwd(amountFils), transferId } },
    ]);
    const row = await findTransfer(tx, transferId);
    if (!row) throw new Error('manual refund transfer not found after posting');
    const [transfer] = await withEntries(tx, [row]);
    if (!transfer) throw new Error('manual refund transfer not presented');
    return { transfer, balance: filsToKwd(balanceFils) };
  });
}
