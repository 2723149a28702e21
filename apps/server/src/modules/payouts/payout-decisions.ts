import { type AdminPayoutResponse, filsToKwd, type Language } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { PayoutRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { renderPayoutMail } from '../../mail/templates.ts';
import { insertAudit } from '../admin/audit.service.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { toAdminPayout } from './payouts.presenter.ts';
import { decidePayout, findAdminPayout, findPayout, payoutOwner } from './payouts.repo.ts';
import type { PayoutsContext } from './payouts-context.ts';

/** The teacher hears of the decision: a notification, and a mail when the service has a mailer. */
async function tell({ mailer, publicUrl }: PayoutsContext, tx: Executor, payout: PayoutRow) {
  const outcome = payout.status === 'paid' ? 'paid' : 'rejected';
  const amount = filsToKwd(payout.amountFils);
  await insertNotifications(tx, [
    {
      userId: payout.userId,
      type: outcome === 'paid' ? 'payout.paid' : 'payout.rejected',
      data: {
        payoutId: payout.id,
        amount,
        ...(outcome === 'paid' ? { bankReference: payout.bankReference } : { reason: payout.rejectReason }),
      },
    },
  ]);
  const owner = await payoutOwner(tx, payout.userId);
  if (!mailer || !owner) return;
  const language: Language = owner.language;
  await mailer.enqueue(tx, {
    to: owner.email,
    ...renderPayoutMail(language, {
      name: owner.firstName,
      outcome,
      amountKwd: amount,
      detail: (outcome === 'paid' ? payout.bankReference : payout.rejectReason) ?? '',
      url: `${publicUrl}/${language}/earnings`,
    }),
  });
}

async function adminPayout(executor: Executor, id: number): Promise<AdminPayoutResponse> {
  const row = await findAdminPayout(executor, id);
  if (!row) throw new HttpError(404, 'notFound', 'Payout not found');
  return { payout: toAdminPayout(row) };
}

/** The one way an admin decides a payout: CAS on the status, its transfer, audit, notice and mail, together. */
export async function decide(
  ctx: PayoutsContext,
  adminId: number,
  id: number,
  change: { status: 'paid'; bankReference: string } | { status: 'rejected'; rejectReason: string },
): Promise<AdminPayoutResponse> {
  return ctx.db.transaction(async (tx) => {
    const decided = await decidePayout(tx, id, { ...change, decidedBy: adminId });
    if (!decided) {
      if (!(await findPayout(tx, id))) throw new HttpError(404, 'notFound', 'Payout not found');
      throw new HttpError(409, 'payoutAlreadyDecided', 'This payout was already paid or rejected');
    }
    const clearing = await ledger.systemAccountId(tx, 'payouts_clearing');
    const to =
      change.status === 'paid'
        ? await ledger.systemAccountId(tx, 'paid_out')
        : await ledger.userAccountId(tx, 'earnings', decided.userId);
    await ledger.postTransfer(tx, {
      key: `${change.status === 'paid' ? 'payout_paid' : 'payout_rejected'}:${decided.id}`,
      kind: change.status === 'paid' ? 'payout_paid' : 'payout_rejected',
      actorUserId: adminId,
      memo: change.status === 'paid' ? change.bankReference : change.rejectReason,
      legs: [
        { accountId: clearing, amountFils: -decided.amountFils },
        { accountId: to, amountFils: decided.amountFils },
      ],
    });
    await insertAudit(tx, {
      actorUserId: adminId,
      action: change.status === 'paid' ? 'payout.paid' : 'payout.reject',
      entityType: 'payout',
      entityId: decided.id,
      reason: change.status === 'rejected' ? change.rejectReason : null,
      before: { status: 'requested' },
      after: {
        status: decided.status,
        amount: filsToKwd(decided.amountFils),
        ...(change.status === 'paid' ? { bankReference: change.bankReference } : {}),
      },
    });
    await tell(ctx, tx, decided);
    return adminPayout(tx, decided.id);
  });
}
