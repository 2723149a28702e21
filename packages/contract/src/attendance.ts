import { BOOKING, FILS_PER_KWD } from './constants.ts';
import {
  ATTENDANCE_RULE,
  type AttendanceVia,
  LESSON_WINDOW,
  type LessonRole,
  NO_SHOW_AFTER_START_MS,
} from './lessons.ts';

/**
 * The attendance rule (issue 29, RELIABILITY I12) as one pure function, so the server's sweeper,
 * the room's answer and the tests judge a lesson the same way.
 *
 * - A stay in the room counts from `ATTENDANCE_RULE.countsFromBeforeStartMs` before the start until
 *   the end (an open stay until `at`). A party is present after `minimumStayMs` in the room in all,
 *   or once both parties' video calls connected while both were in the room (on stays that lasted
 *   into the counted time).
 * - On an external link, a party attends by opening it through the app while the room is open
 *   (from `LESSON_WINDOW.opensBeforeStartMs` before the start until the end).
 * - The teacher must also have appeared (a counted stay, or the link opened) by
 *   `NO_SHOW_AFTER_START_MS` after the start; later, the lesson is a teacher no-show.
 */

export type AttendanceStay = {
  role: LessonRole;
  via: AttendanceVia;
  joinedAt: Date;
  leftAt: Date | null;
  /** When this party's call reached the other party during this stay (recorded only while both were in). */
  mediaConnectedAt: Date | null;
};

export type LessonTimes = { startTime: Date; endTime: Date };

export type PartyAttendance = {
  /** Counted time in the room, ms. */
  roomMs: number;
  /** A counted stay, or the link opened, by the teacher's no-show deadline. */
  appearedInTime: boolean;
  /** Present by the rule. */
  present: boolean;
};

export type LessonAttendance = { student: PartyAttendance; teacher: PartyAttendance; bothConnected: boolean };

const within = (time: Date, from: number, to: number) => time.getTime() >= from && time.getTime() <= to;

/** How each party attended a lesson, judged at `at` (the end or later gives the final answer). */
export function judgeAttendance(stays: readonly AttendanceStay[], lesson: LessonTimes, at: Date): LessonAttendance {
  const start = lesson.startTime.getTime();
  const end = lesson.endTime.getTime();
  const countsFrom = start - ATTENDANCE_RULE.countsFromBeforeStartMs;
  const opensAt = start - LESSON_WINDOW.opensBeforeStartMs;
  const until = Math.min(end, at.getTime());
  const noShowAt = start + NO_SHOW_AFTER_START_MS;
  // A call connected while both were in (the server records it only then), on a stay that lasted
  // into the counted time: connected 9 minutes early and gone at once does not count.
  const connected = (role: LessonRole) =>
    stays.some(
      (stay) =>
        stay.role === role &&
        stay.via === 'room' &&
        stay.mediaConnectedAt !== null &&
        stay.mediaConnectedAt.getTime() <= end &&
        (stay.leftAt?.getTime() ?? at.getTime()) >= countsFrom,
    );
  const bothConnected = connected('student') && connected('teacher');

  const party = (role: LessonRole): PartyAttendance => {
    let roomMs = 0;
    let appearedInTime = false;
    let openedLink = false;
    for (const stay of stays) {
      if (stay.role !== role) continue;
      if (stay.via === 'link') {
        if (within(stay.joinedAt, opensAt, end)) openedLink = true;
        if (within(stay.joinedAt, opensAt, noShowAt)) appearedInTime = true;
        continue;
      }
      const from = Math.max(stay.joinedAt.getTime(), countsFrom);
      const to = Math.min(stay.leftAt?.getTime() ?? at.getTime(), until);
      if (to > from) roomMs += to - from;
      // Counted time by the no-show deadline: the stay reaches into [countsFrom, noShowAt].
      const seenTo = Math.min(stay.leftAt?.getTime() ?? at.getTime(), noShowAt);
      if (seenTo >= from && from <= noShowAt) appearedInTime = true;
    }
    const present = roomMs >= ATTENDANCE_RULE.minimumStayMs || bothConnected || openedLink;
    return { roomMs, appearedInTime, present };
  };
  return { student: party('student'), teacher: party('teacher'), bothConnected };
}

/** Whether the teacher taught: appeared by the no-show deadline and present by the rule. */
export function teacherTaught(attendance: LessonAttendance): boolean {
  return attendance.teacher.appearedInTime && attendance.teacher.present;
}

/** The least a lesson of `minutes` may cost, in fils: the minimum price per hour for its length, rounded up. */
export function minimumLessonPriceFils(minutes: number): number {
  return Math.ceil((BOOKING.minPricePerHourKwd * FILS_PER_KWD * minutes) / 60);
}

/**
 * A verified lesson (issue 29, RELIABILITY I11): paid (wallet or hours) at least the minimum for its
 * length and attended by both parties. Only its review counts toward the teacher's rating.
 */
export function isVerifiedLesson(paidFils: number, lesson: LessonTimes, attendance: LessonAttendance): boolean {
  const minutes = (lesson.endTime.getTime() - lesson.startTime.getTime()) / 60_000;
  return (
    paidFils > 0 &&
    paidFils >= minimumLessonPriceFils(minutes) &&
    teacherTaught(attendance) &&
    attendance.student.present
  );
}
