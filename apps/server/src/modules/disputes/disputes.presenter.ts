import { type AdminDispute, type Dispute, filsToKwd } from '@ustaz/contract';
import type { AdminDisputeRow, LessonDisputeRow } from './disputes.repo.ts';

/** A dispute as its reporter and the other party see it. */
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

/** A dispute in the admin queue: the lesson, both parties, what was paid and who attended. */
export function toAdminDispute(row: AdminDisputeRow): AdminDispute {
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
