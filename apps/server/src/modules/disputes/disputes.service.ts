import {
  type AdminDispute,
  type AdminDisputeResponse,
  type AdminDisputesResponse,
  type adminDisputesQuerySchema,
  type Dispute,
  filsToKwd,
  kwdToFils,
  type ProblemReportResponse,
  type problemReportSchema,
  type resolveDisputeSchema,
  toPage,
} from '@ustaz/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { insertAudit } from '../admin/audit.service.ts';
import { cancelLocked, refundToSource } from '../booking/booking-cancellation.service.ts';
import type { BookingMail } from '../booking/booking-notices.ts';
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
import {
  type AdminDisputeRow,
  adminUserIds,
  disputeOfReservation,
  findAdminDispute,
  findDispute,
  insertDispute,
  type LessonDisputeRow,
  listAdminDisputes,
  resolveDispute,
} from './disputes.repo.ts';

export function toDispute(row: LessonDisputeRow): Dispute {
  return {
    id: row.id,
    reservationId: row.reservationId,
    reportedBy: row.reportedBy,
    reason: row.reason,
    details: row.details,
    status: row.status,
    refundAmount: row.refundFils === null ? null : filsToKwd(row.refundFils),
    resolutionNote: row.resolutionNote,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

function toAdminDispute(row: AdminDisputeRow): AdminDispute {
  const name = (first: string, last: string) => `${first} ${last}`.trim();
  return {
    ...toDispute(row.dispute),
    studentId: row.studentId,
    studentName: name(row.studentFirst, row.studentLast),
    teacherId: row.teacherId,
    teacherName: name(row.teacherFirst, row.teacherLast),
    startTime: (row.startTime ?? row.dispute.createdAt).toISOString(),
    endTime: (row.endTime ?? row.dispute.createdAt).toISOString(),
    paid: filsToKwd(row.paidFils),
    paidWith: row.paidWith,
    attendance: { student: Boolean(row.studentAttended), teacher: Boolean(row.teacherAttended) },
  };
}

/** Why a cancelled lesson was cancelled when an admin refunded it in full before it ended. */
export const DISPUTE_REFUND_REASON = 'disputeRefund';

/**
 * Report a problem and the admin's disputes (issue 16, ADR 016). Either party of a confirmed or
 * completed lesson may report one problem from its start until 24 hours after its end while the
 * teacher's earning is still in escrow; the release waits for an open dispute. An admin resolves
 * it once (compare-and-swap on its status): release (the normal earning), refund in full (to where
 * it was paid from) or in part (that much to the wallet, the rest to the teacher less the fee).
 */
export function createDisputesService({
  db,
  platformFeePercent,
  clock,
  mail,
}: {
  db: Db;
  platformFeePercent: number;
  clock: () => Date;
  mail?: BookingMail;
}) {
  async function adminView(executor: Executor, id: number): Promise<AdminDisputeResponse> {
    const row = await findAdminDispute(executor, id);
    if (!row) throw new HttpError(404, 'notFound', 'Dispute not found');
    return { dispute: toAdminDispute(row) };
  }

  return {
    async report(
      userId: number,
      reservationId: number,
      body: z.output<typeof problemReportSchema>,
    ): Promise<ProblemReportResponse> {
      const now = clock();
      const dispute = await db.transaction(async (tx) => {
        const row = await lockReservation(tx, reservationId);
        const reportedBy = row?.studentId === userId ? 'student' : row?.teacherUserId === userId ? 'teacher' : null;
        if (!row || !reportedBy) throw new HttpError(404, 'notFound', 'Lesson not found');
        if (row.status !== 'confirmed' && row.status !== 'completed') {
          throw new HttpError(409, 'lessonNotReportable', 'This lesson was not held: there is nothing to report');
        }
        if (await disputeOfReservation(tx, row.id)) {
          throw new HttpError(409, 'problemAlreadyReported', 'A problem was already reported for this lesson');
        }
        const start = row.startTime ?? now;
        const end = row.endTime ?? now;
        if (
          now.getTime() < start.getTime() ||
          now.getTime() >= end.getTime() + REPORT_WINDOW_MS ||
          row.earningReleasedAt !== null
        ) {
          throw new HttpError(
            409,
            'problemWindowClosed',
            'A problem can be reported from the start of the lesson until 24 hours after its end',
          );
        }
        const inserted = await insertDispute(tx, {
          reservationId: row.id,
          reporterId: userId,
          reportedBy,
          reason: body.reason,
          details: body.details,
          createdAt: now,
        });
        if (!inserted)
          throw new HttpError(409, 'problemAlreadyReported', 'A problem was already reported for this lesson');
        const other = reportedBy === 'student' ? row.teacherUserId : row.studentId;
        await insertNotifications(tx, [
          ...(await adminUserIds(tx)).map((adminId) => ({
            userId: adminId,
            type: 'dispute.opened' as const,
            data: { reservationId: row.id, disputeId: inserted.id, reason: body.reason },
          })),
          { userId: other, type: 'dispute.opened', data: { reservationId: row.id, disputeId: inserted.id } },
        ]);
        return inserted;
      });
      return { dispute: toDispute(dispute) };
    },

    async adminList(query: z.output<typeof adminDisputesQuerySchema>): Promise<AdminDisputesResponse> {
      const { rows, total } = await listAdminDisputes(db, query.status, query);
      return toPage(rows.map(toAdminDispute), total, query);
    },

    adminGet: (id: number) => adminView(db, id),

    /**
     * An admin's decision, once. A release before 24 hours after the end only closes the dispute: the
     * lesson goes on as any other (completed by attendance, paid out after the window; issue 29). A
     * refund in full of a lesson still confirmed cancels it; a partial refund completes it first; a
     * completed one stays completed and its escrow is settled.
     */
    async resolve(
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
    },
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;
