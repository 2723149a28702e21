import {
  type ExternalLink,
  externalLinkOf,
  type LessonRole,
  type LessonRoomStatus,
  lessonWindow,
  TEACHER_NO_SHOW_REASON,
} from '@ustaz/contract';
import { lessonParties } from './lessons.repo.ts';
import type { LessonsContext } from './lessons-context.ts';

export type LessonAccess = {
  reservationId: number;
  status: LessonRoomStatus;
  role: LessonRole;
  otherUserId: number;
  startTime: Date;
  endTime: Date;
  opensAt: Date;
  closesAt: Date;
  /** The teacher's Zoom/Meet/Teams link: the lesson's own, else the profile's (until fixed); null: the room. */
  externalLink: ExternalLink | null;
  linkFixed: boolean;
};

/** The lesson's link by its row: once fixed (issue 29) the lesson's own alone, else its own or the profile's. */
function linkOf(lesson: {
  meetingLink: string | null;
  meetingLinkFixedAt: Date | null;
  profileMeetingLink: string | null;
}) {
  return lesson.meetingLinkFixedAt
    ? externalLinkOf(lesson.meetingLink, null)
    : externalLinkOf(lesson.meetingLink, lesson.profileMeetingLink);
}

/** The room's status of a reservation, or null when it has no room (pending, or cancelled otherwise). */
function roomStatus(status: string, cancelReason: string | null): LessonRoomStatus | null {
  if (status === 'confirmed' || status === 'completed') return status;
  if (status === 'cancelled' && cancelReason === TEACHER_NO_SHOW_REASON) return 'cancelled';
  return null;
}

/** The user's side of a lesson with a room, or null (a stranger, or no such lesson). */
export async function access(
  { db, clock }: LessonsContext,
  userId: number,
  reservationId: number,
): Promise<LessonAccess | null> {
  const lesson = await lessonParties(db, reservationId);
  if (!lesson?.startTime || !lesson.endTime) return null;
  const status = roomStatus(lesson.status, lesson.cancelReason);
  if (!status) return null;
  const role: LessonRole | null =
    lesson.studentId === userId ? 'student' : lesson.teacherUserId === userId ? 'teacher' : null;
  if (!role) return null;
  return {
    reservationId,
    status,
    role,
    otherUserId: role === 'student' ? lesson.teacherUserId : lesson.studentId,
    startTime: lesson.startTime,
    endTime: lesson.endTime,
    ...lessonWindow(lesson.startTime, lesson.endTime),
    externalLink: linkOf(lesson),
    linkFixed: lesson.meetingLinkFixedAt !== null || clock() >= lessonWindow(lesson.startTime, lesson.endTime).opensAt,
  };
}
