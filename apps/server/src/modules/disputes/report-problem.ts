import type { ProblemReportResponse, problemReportSchema } from '@ustaz/contract';
import type { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { lockReservation, REPORT_WINDOW_MS } from '../booking/lesson-completion.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { toDispute } from './disputes.presenter.ts';
import { adminUserIds, disputeOfReservation, insertDispute } from './disputes.repo.ts';
import type { DisputesContext } from './disputes-context.ts';

/**
 * Either party of a confirmed or completed lesson reports one problem, from its start until 24
 * hours after its end while the teacher's earning is still in escrow; the admins and the other
 * party are told.
 */
export async function report(
  { db, clock }: DisputesContext,
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
    if (!inserted) throw new HttpError(409, 'problemAlreadyReported', 'A problem was already reported for this lesson');
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
}
