import {
  type ExternalLink,
  externalLinkOf,
  type IceServer,
  type LessonMeetingLinkResponse,
  type LessonPartyAttendance,
  type LessonRole,
  type LessonRoom,
  type LessonRoomStatus,
  lessonWindow,
  TEACHER_NO_SHOW_REASON,
} from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { attendanceRows, closeOpenStays, insertJoin, lessonParties, setLessonMeetingLink } from './lessons.repo.ts';

type Deps = {
  db: Db;
  /** The server's clock (TEST_CLOCK_OFFSET_SECONDS): it decides whether the room is open. */
  clock: Clock;
  /** ICE_SERVERS, handed to both parties. */
  iceServers: IceServer[];
};

/** Why a `lesson:join` is refused: no such lesson for this user, or outside its window. */
export type LessonJoinRefusal = 'notFound' | 'lessonNotOpen';

export type LessonAccess = {
  reservationId: number;
  status: LessonRoomStatus;
  role: LessonRole;
  otherUserId: number;
  startTime: Date;
  endTime: Date;
  opensAt: Date;
  closesAt: Date;
  /** The teacher's Zoom/Meet/Teams link: the lesson's own, else the profile's; null: the room. */
  externalLink: ExternalLink | null;
};

/** The room's status of a reservation, or null when it has no room (pending, or cancelled otherwise). */
function roomStatus(status: string, cancelReason: string | null): LessonRoomStatus | null {
  if (status === 'confirmed' || status === 'completed') return status;
  if (status === 'cancelled' && cancelReason === TEACHER_NO_SHOW_REASON) return 'cancelled';
  return null;
}

/**
 * The lesson room (issue 16): only the reservation's student and teacher see it (anyone else,
 * admins too, gets 404); a confirmed lesson's room, and after it the completed lesson's or the
 * teacher no-show's (so the page can say how it ended). They may enter a confirmed lesson's room
 * from 10 minutes before the start to 15 minutes after the end by the server's clock. Joins and
 * leaves are recorded per stay.
 */
export function createLessonsService({ db, clock, iceServers }: Deps) {
  /** The user's side of a lesson with a room, or null (a stranger, or no such lesson). */
  async function access(userId: number, reservationId: number): Promise<LessonAccess | null> {
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
      externalLink: externalLinkOf(lesson.meetingLink, lesson.profileMeetingLink),
    };
  }

  async function room(userId: number, reservationId: number): Promise<LessonRoom> {
    const side = await access(userId, reservationId);
    if (!side) throw new HttpError(404, 'notFound', 'Lesson not found');
    const rows = await attendanceRows(db, reservationId);
    const summary = (role: LessonRole): LessonPartyAttendance => {
      const stays = rows.filter((row) => row.role === role);
      const last = stays.at(-1);
      return {
        joinedAt: stays[0]?.joinedAt.toISOString() ?? null,
        leftAt: last?.leftAt?.toISOString() ?? null,
        present: stays.length > 0,
      };
    };
    return {
      reservationId,
      status: side.status,
      role: side.role,
      otherUserId: side.otherUserId,
      now: clock().toISOString(),
      startTime: side.startTime.toISOString(),
      endTime: side.endTime.toISOString(),
      opensAt: side.opensAt.toISOString(),
      closesAt: side.closesAt.toISOString(),
      iceServers,
      externalLink: side.externalLink,
      attendance: { student: summary('student'), teacher: summary('teacher') },
    };
  }

  /** Lets a party into the room inside its window and records the stay; else why not. */
  async function join(
    userId: number,
    reservationId: number,
  ): Promise<{ ok: true; access: LessonAccess } | { ok: false; code: LessonJoinRefusal }> {
    const side = await access(userId, reservationId);
    if (!side) return { ok: false, code: 'notFound' };
    const now = clock();
    if (side.status !== 'confirmed' || now < side.opensAt || now > side.closesAt)
      return { ok: false, code: 'lessonNotOpen' };
    await closeOpenStays(db, reservationId, userId, now);
    await insertJoin(db, { reservationId, userId, role: side.role, joinedAt: now });
    return { ok: true, access: side };
  }

  /** A party leaves the room (or its socket went away): its open stay ends now. */
  async function leave(userId: number, reservationId: number): Promise<number> {
    return closeOpenStays(db, reservationId, userId, clock());
  }

  /**
   * The lesson's teacher sets (or with null removes) the lesson's own meeting link while the lesson
   * is confirmed and has not ended: 404 for strangers, 403 for the student, 409 `lessonNotEditable`.
   */
  async function setMeetingLink(
    userId: number,
    reservationId: number,
    url: string | null,
  ): Promise<LessonMeetingLinkResponse> {
    const lesson = await lessonParties(db, reservationId);
    if (!lesson || (lesson.studentId !== userId && lesson.teacherUserId !== userId)) {
      throw new HttpError(404, 'notFound', 'Lesson not found');
    }
    if (lesson.teacherUserId !== userId)
      throw new HttpError(403, 'forbidden', "Only the lesson's teacher may set its link");
    const open = lesson.status === 'confirmed' && lesson.endTime !== null && lesson.endTime > clock();
    if (!open || !(await setLessonMeetingLink(db, reservationId, url))) {
      throw new HttpError(409, 'lessonNotEditable', 'The lesson is not confirmed or has ended');
    }
    return { reservationId, url, externalLink: externalLinkOf(url, lesson.profileMeetingLink) };
  }

  return { room, join, leave, access, setMeetingLink };
}

export type LessonsService = ReturnType<typeof createLessonsService>;
