import { DEFAULT_LANGUAGE, rescheduleTerms } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { ReservationRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { LESSONS_PAGE, renderRescheduledMail } from '../../mail/weekly-templates.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { namesOf } from './booking.repo.ts';
import { type BookingMail, mailParty } from './booking-notices.ts';

/**
 * The rules and notices a move shares (issue 32, ADR 033): the student's reschedule, its gateway
 * top-up (`move-top-up.ts`) and an accepted proposal.
 */

/** A locked lesson that can move: confirmed and not started (409 lessonNotMovable). */
export function assertMovable(row: ReservationRow, now: Date) {
  if (row.status !== 'confirmed' || (row.startTime ?? now).getTime() <= now.getTime()) {
    throw new HttpError(409, 'lessonNotMovable', 'This lesson can no longer be moved');
  }
}

/** The student's own move: their lesson (else 404), movable, and RESCHEDULE_MIN_HOURS or more before its start. */
export function assertStudentMayMove<Row extends ReservationRow>(row: Row | undefined, userId: number, now: Date): Row {
  if (!row || row.studentId !== userId) throw new HttpError(404, 'notFound', 'Reservation not found');
  assertMovable(row, now);
  if (!rescheduleTerms(row.startTime ?? now, now).movable) {
    throw new HttpError(409, 'rescheduleTooLate', 'A lesson can be moved until 12 hours before it starts');
  }
  return row;
}

/**
 * Tells both parties the lesson moved (`booking.rescheduled`), each naming the other in their
 * language, and mails each the old and the new time in their own language and zone. On an
 * accepted proposal the teacher's mail is the answer's (`reservation.proposalAccepted`), so
 * `mailTeacher` is false there: one mail per party.
 */
export async function tellRescheduled(
  tx: Executor,
  mail: BookingMail,
  row: ReservationRow & { teacherUserId: number },
  moved: ReservationRow,
  by: 'student' | 'teacher',
  { mailTeacher = true }: { mailTeacher?: boolean } = {},
) {
  const people = await namesOf(tx, [row.studentId, row.teacherUserId]);
  const nameOf = (userId: number, readerId: number) =>
    people.get(userId)?.name(people.get(readerId)?.language ?? DEFAULT_LANGUAGE) ?? '';
  const data = {
    reservationId: row.id,
    by,
    oldStartTime: row.startTime?.toISOString() ?? null,
    startTime: moved.startTime?.toISOString() ?? null,
  };
  const teacherName = nameOf(row.teacherUserId, row.studentId);
  const studentName = nameOf(row.studentId, row.teacherUserId);
  await insertNotifications(tx, [
    { userId: row.studentId, type: 'booking.rescheduled', data: { ...data, teacherName } },
    { userId: row.teacherUserId, type: 'booking.rescheduled', data: { ...data, studentName } },
  ]);
  if (!row.startTime || !moved.startTime) return;
  const times = { by, oldStart: row.startTime, newStart: moved.startTime };
  await mailParty(tx, mail, people.get(row.studentId), LESSONS_PAGE.student, (reader, url) =>
    renderRescheduledMail(reader, { ...times, role: 'student', otherName: teacherName, url }),
  );
  if (!mailTeacher) return;
  await mailParty(tx, mail, people.get(row.teacherUserId), LESSONS_PAGE.teacher, (reader, url) =>
    renderRescheduledMail(reader, { ...times, role: 'teacher', otherName: studentName, url }),
  );
}
