import { type AdminDisputeResponse, filsToKwd, kwdToFils, type resolveDisputeSchema } from '@ustaz/contract';
import type { z } from 'zod';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { insertAudit } from '../admin/audit.service.ts';
import { cancelLocked, refundToSource } from '../booking/booking-cancellation.service.ts';
import {
  completeLesson,
  lockReservation,
  markEarningSettled,
  payTeacher,
  REPORT_WINDOW_MS,
  unverifyLesson,
} from '../booking/lesson-completion.service.ts';
import { postTransfer, systemAccountId, userAccountId } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { lockTeacherAggregates, refreshTeacherRating } from '../teachers/teachers.service.ts';
import { adminView } from './dispute-views.ts';
import { findDispute, resolveDispute } from './disputes.repo.ts';
import type { DisputesContext } from './disputes-context.ts';

/** Why a cancelled lesson was cancelled when an admin refunded it in full before it ended. */
export const DISPUTE_REFUND_REASON = 'disputeRefund';

/**
 * An admin's decision, once. A release before 24 hours after the end only closes the dispute: the
 * lesson goes on as any other (completed by attendance, paid out after the window; issue 29). A
 * refund in full of a lesson still confirmed cancels it; a partial refund completes it first; a
 * completed one stays completed and its escrow is settled.
 */
export async function resolve(
  { db, clock, mail, platformFeePercent }: DisputesContext,
  adminId: number,
  id: number,
  body: z.output<typeof resolveDisputeSchema>,
): Promise<AdminDisputeResponse> {
  const now = clock();
  return db.transaction(async (tx) => {
    const found = await findDispute(tx, id);
    if (!found) throw new HttpError(404, 'notFound', 'Dispute not found');
    const row = await lockReservation(tx, found.reservationId);
    if (!row) throw new HttpError(404, 'notFound', 'Dispute not found');
    const paid = row.cashFils + row.hoursValueFils;
    const asked = body.outcome === 'refund' ? (body.amount === undefined ? paid : kwdToFils(body.amount)) : 0;
    if (found.status === 'open' && asked > paid) throw new FieldValidationError({ amount: 'refundTooLarge' });
    const live = row.status === 'confirmed' || (row.status === 'completed' && row.earningReleasedAt === null);
    const resolved = live
      ? await resolveDispute(tx, id, {
          status: body.outcome === 'refund' ? 'refunded' : 'released',
          refundFils: body.outcome === 'refund' && asked > 0 ? asked : null,
          note: body.note,
          adminId,
          now,
        })
      : undefined;
    if (!resolved) throw new HttpError(409, 'disputeAlreadyResolved', 'This dispute was already resolved');

    const inReportWindow = now.getTime() < (row.endTime ?? now).getTime() + REPORT_WINDOW_MS;
    if (body.outcome === 'release' && inReportWindow) {
      // Issue 29 (I12): released before 24 hours after the end, the money stays in escrow like every
      // other lesson's: the sweeper completes the lesson at its end by attendance (a teacher who does
      // not come is still a no-show, refunded) and releases the earning once the window has passed.
    } else if (body.outcome === 'refund' && asked === paid && row.status === 'confirmed') {
      // Refunded in full before it ended: the lesson is cancelled, as an admin cancellation.
      await cancelLocked(tx, row, 'admin', adminId, DISPUTE_REFUND_REASON, now);
    } else {
      if (row.status === 'confirmed') await completeLesson(tx, row.id, now, mail);
      if (body.outcome === 'refund' && asked === paid) {
        await refundToSource(tx, row, adminId, now);
        // Refunded in full, the lesson was not paid after all: it no longer counts (issue 29, I11).
        if (await unverifyLesson(tx, row)) {
          await lockTeacherAggregates(tx, row.teacherId);
          await refreshTeacherRating(tx, row.teacherId, now);
        }
      } else {
        if (asked > 0) {
          await postTransfer(tx, {
            key: `dispute_refund:${row.id}`,
            kind: 'booking_refund',
            reservationId: row.id,
            actorUserId: adminId,
            memo: body.note,
            legs: [
              { accountId: await systemAccountId(tx, 'escrow'), amountFils: -asked },
              { accountId: await userAccountId(tx, 'wallet', row.studentId), amountFils: asked },
            ],
          });
        }
        await payTeacher(tx, row, paid - asked, platformFeePercent, adminId);
      }
      await markEarningSettled(tx, row.id, now);
    }
    const amount = filsToKwd(asked);
    await insertAudit(tx, {
      actorUserId: adminId,
      action: body.outcome === 'refund' ? 'dispute.refund' : 'dispute.release',
      entityType: 'dispute',
      entityId: id,
      reason: body.note,
      before: { status: 'open', reservationStatus: row.status },
      after: { status: resolved.status, refundAmount: amount, paid: filsToKwd(paid) },
    });
    await insertNotifications(
      tx,
      [row.studentId, row.teacherUserId].map((userId) => ({
        userId,
        type: 'dispute.resolved' as const,
        data: { reservationId: row.id, outcome: body.outcome, amount },
      })),
    );
    return adminView(tx, id);
  });
}
