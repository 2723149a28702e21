import { judgeAttendance, type LessonPartyAttendance, type LessonRole, type LessonRoom } from '@ustaz/contract';
import { HttpError } from '../../http/errors.ts';
import { access } from './lesson-access.ts';
import { ticketFor } from './lesson-tickets.ts';
import { attendanceRows } from './lessons.repo.ts';
import type { LessonsContext } from './lessons-context.ts';

/** The lesson room as one of its parties sees it: its window, the call's servers and who has attended so far. */
export async function room(ctx: LessonsContext, userId: number, reservationId: number): Promise<LessonRoom> {
  const { db, clock, iceServers, linkKey } = ctx;
  const side = await access(ctx, userId, reservationId);
  if (!side) throw new HttpError(404, 'notFound', 'Lesson not found');
  const now = clock();
  const rows = await attendanceRows(db, reservationId);
  // Present by the attendance rule (issue 29), so far: a one-second visit is not attendance.
  const judged = judgeAttendance(rows, { startTime: side.startTime, endTime: side.endTime }, now);
  const summary = (role: LessonRole): LessonPartyAttendance => {
    const stays = rows.filter((row) => row.role === role);
    const last = stays.at(-1);
    return {
      joinedAt: stays[0]?.joinedAt.toISOString() ?? null,
      leftAt: last?.leftAt?.toISOString() ?? null,
      present: judged[role].present,
    };
  };
  const joinUrl =
    side.externalLink && side.status === 'confirmed'
      ? `/api/v1/lessons/${reservationId}/join-link?ticket=${ticketFor(linkKey, reservationId, userId, side.closesAt)}`
      : null;
  return {
    reservationId,
    status: side.status,
    role: side.role,
    otherUserId: side.otherUserId,
    now: now.toISOString(),
    startTime: side.startTime.toISOString(),
    endTime: side.endTime.toISOString(),
    opensAt: side.opensAt.toISOString(),
    closesAt: side.closesAt.toISOString(),
    iceServers,
    externalLink: side.externalLink,
    joinUrl,
    linkFixed: side.linkFixed,
    attendance: { student: summary('student'), teacher: summary('teacher') },
  };
}
