import { STANDING } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { hadVerifiedLesson, lockStandingRoom, newcomerUnpaidCount } from './standing.repo.ts';
import { teachersOfSlots } from './teacher-holds.repo.ts';

/**
 * The cross-account room of unpaid series lessons at one teacher (ADR 037). The per-student cap
 * (STANDING.maxUnpaidLessons) does not stop one person with several accounts: each may hold that
 * many unpaid weeks of the same teacher, released only 24 h before each lesson. So the unpaid series
 * lessons at a teacher of students who have not had a verified lesson with them, whoever holds them,
 * stay within STANDING.newcomerUnpaidPerTeacher; a student the teacher has taught is not counted.
 */

/**
 * Takes the room lock of the first slot's teacher (a slot's teacher never changes, so it is read
 * unlocked), after the student's row and before any slot is locked; the count and the series'
 * insert follow under it.
 */
export async function lockRoomOfSlot(tx: Executor, timeSlotId: number): Promise<void> {
  for (const teacherId of await teachersOfSlots(tx, [timeSlotId])) await lockStandingRoom(tx, teacherId);
}

/** Refuses (409 standingTeacherFull) a newcomer's `unpaid` series lessons that would overfill the teacher's room. */
export async function assertNewcomerRoom(
  tx: Executor,
  studentId: number,
  teacherProfileId: number,
  unpaid: number,
): Promise<void> {
  if (unpaid === 0 || (await hadVerifiedLesson(tx, studentId, teacherProfileId))) return;
  if ((await newcomerUnpaidCount(tx, teacherProfileId)) + unpaid > STANDING.newcomerUnpaidPerTeacher)
    throw new HttpError(
      409,
      'standingTeacherFull',
      "Many of this teacher's weekly lessons are waiting to be paid by new students: choose fewer weeks, book single lessons or try again later",
    );
}
