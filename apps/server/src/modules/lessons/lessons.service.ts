import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type ExternalLink,
  externalLinkOf,
  type IceServer,
  judgeAttendance,
  LESSON_WINDOW,
  type LessonMeetingLinkResponse,
  type LessonPartyAttendance,
  type LessonRole,
  type LessonRoom,
  type LessonRoomStatus,
  lessonWindow,
  TEACHER_NO_SHOW_REASON,
} from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import {
  attendanceRows,
  closeOpenStays,
  fixOpenedLessonLinks,
  insertJoin,
  lessonParties,
  markMediaConnected,
  setLessonMeetingLink,
} from './lessons.repo.ts';

type Deps = {
  db: Db;
  /** The server's clock (TEST_CLOCK_OFFSET_SECONDS): it decides whether the room is open. */
  clock: Clock;
  /** ICE_SERVERS, handed to both parties. */
  iceServers: IceServer[];
  /** Signs the join links of external meetings (derived from JWT_SECRET by buildApp). */
  linkKey: string;
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

/**
 * Before a teacher's profile meeting link changes, the lessons whose room has opened keep theirs
 * (issue 29): the teachers module calls it in the transaction that changes the profile.
 */
export function fixLessonLinksBeforeProfileChange(
  tx: Executor,
  teacherProfileId: number,
  profileLink: string | null,
  now: Date,
): Promise<number> {
  return fixOpenedLessonLinks(
    tx,
    teacherProfileId,
    profileLink,
    new Date(now.getTime() + LESSON_WINDOW.opensBeforeStartMs),
    now,
  );
}

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
  /** The teacher's Zoom/Meet/Teams link: the lesson's own, else the profile's (until fixed); null: the room. */
  externalLink: ExternalLink | null;
  linkFixed: boolean;
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
export function createLessonsService({ db, clock, iceServers, linkKey }: Deps) {
  /** A join link's ticket: who, until when, signed (HMAC-SHA256 under `linkKey`). */
  const sign = (reservationId: number, userId: number, until: number) =>
    createHmac('sha256', linkKey).update(`lesson-link.${reservationId}.${userId}.${until}`).digest('base64url');
  function ticketFor(reservationId: number, userId: number, until: Date): string {
    return `${userId}.${until.getTime()}.${sign(reservationId, userId, until.getTime())}`;
  }
  /** The user id a ticket was made for, when it is genuine and unexpired; else null. */
  function ticketUser(reservationId: number, ticket: string, now: Date): number | null {
    const [user, until, signature] = ticket.split('.');
    const userId = Number(user);
    const expires = Number(until);
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(expires) || !signature) return null;
    const expected = Buffer.from(sign(reservationId, userId, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return now.getTime() <= expires ? userId : null;
  }

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
      externalLink: linkOf(lesson),
      linkFixed:
        lesson.meetingLinkFixedAt !== null || clock() >= lessonWindow(lesson.startTime, lesson.endTime).opensAt,
    };
  }

  async function room(userId: number, reservationId: number): Promise<LessonRoom> {
    const side = await access(userId, reservationId);
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
        ? `/api/v1/lessons/${reservationId}/join-link?ticket=${ticketFor(reservationId, userId, side.closesAt)}`
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

  /**
   * A party opens the lesson's external meeting through the app (issue 29): with a genuine ticket and
   * while the room is open, the opening is recorded as attendance (`via: 'link'`) and the answer is
   * the meeting's address; outside the window (or without a link) the lesson page's path instead, so
   * the browser lands where it can see why. Null: not this lesson's party (or a bad ticket).
   */
  async function openLink(reservationId: number, ticket: string): Promise<{ location: string } | null> {
    const now = clock();
    const userId = ticketUser(reservationId, ticket, now);
    if (userId === null) return null;
    const side = await access(userId, reservationId);
    if (!side) return null;
    if (!side.externalLink || side.status !== 'confirmed' || now < side.opensAt || now > side.closesAt)
      return { location: `/lessons/${reservationId}` };
    await insertJoin(db, { reservationId, userId, role: side.role, joinedAt: now, via: 'link' });
    return { location: side.externalLink.url };
  }

  /** The user's call reached the other party while both were in the room: recorded once per stay. */
  async function connected(userId: number, reservationId: number): Promise<boolean> {
    return markMediaConnected(db, reservationId, userId, clock());
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
   * The lesson's teacher sets (or with null removes) the lesson's own meeting link while the lesson is
   * confirmed and its room has not opened: 404 for strangers, 403 for the student, 409
   * `lessonNotEditable` when it is not confirmed or has ended, 409 `meetingLinkFixed` from 10 minutes
   * before the start (issue 29: a link set once the lesson is under way never decides attendance).
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
    const now = clock();
    const open = lesson.status === 'confirmed' && lesson.endTime !== null && lesson.endTime > now;
    if (!open) throw new HttpError(409, 'lessonNotEditable', 'The lesson is not confirmed or has ended');
    const opensBy = new Date(now.getTime() + LESSON_WINDOW.opensBeforeStartMs);
    if (!(await setLessonMeetingLink(db, reservationId, url, opensBy))) {
      throw new HttpError(
        409,
        'meetingLinkFixed',
        "The lesson's room has opened: its meeting link can no longer change",
      );
    }
    return { reservationId, url, externalLink: externalLinkOf(url, lesson.profileMeetingLink) };
  }

  return { room, join, leave, access, setMeetingLink, openLink, connected };
}

export type LessonsService = ReturnType<typeof createLessonsService>;
