import { describe, expect, it } from 'vitest';
import {
  type AttendanceStay,
  isVerifiedLesson,
  judgeAttendance,
  minimumLessonPriceFils,
  teacherTaught,
} from './attendance.ts';

const MIN = 60_000;
const start = new Date('2026-12-06T16:00:00.000Z');
const lesson = { startTime: start, endTime: new Date(start.getTime() + 60 * MIN) };
const at = (minutes: number) => new Date(start.getTime() + minutes * MIN);
const room = (role: 'student' | 'teacher', from: number, to: number | null, connected?: number): AttendanceStay => ({
  role,
  via: 'room',
  joinedAt: at(from),
  leftAt: to === null ? null : at(to),
  mediaConnectedAt: connected === undefined ? null : at(connected),
});
const link = (role: 'student' | 'teacher', opened: number): AttendanceStay => ({
  role,
  via: 'link',
  joinedAt: at(opened),
  leftAt: at(opened),
  mediaConnectedAt: null,
});
const end = at(61);

/** Issue 29's attendance rule, case by case (the server's sweeper and the room answer use this function). */
describe('judgeAttendance', () => {
  it.each([
    ['nobody', [], false, false],
    ['a one-second visit 9 minutes early', [room('teacher', -9, -9 + 1 / 60)], false, false],
    ['a one-second visit a minute early: seen, not present', [room('teacher', -1, -1 + 1 / 60)], true, false],
    ['5 minutes from 2 minutes before the start', [room('teacher', -10, 3)], true, true],
    ['4 counted minutes of 12 in the room', [room('teacher', -10, 2)], true, false],
    ['3 + 2 minutes', [room('teacher', 0, 3), room('teacher', 10, 12)], true, true],
    ['joined 16 minutes late, stayed on', [room('teacher', 16, 60)], false, true],
    ['still in at the end (an open stay)', [room('teacher', 0, null)], true, true],
    ['the link opened 5 minutes before the start', [link('teacher', -5)], true, true],
    ['the link opened 11 minutes before the start (room closed)', [link('teacher', -11)], false, false],
    ['the link opened 20 minutes after the start', [link('teacher', 20)], false, true],
  ] as const)('%s', (_name, stays, appeared, present) => {
    const judged = judgeAttendance(stays, lesson, end);
    expect([judged.teacher.appearedInTime, judged.teacher.present]).toEqual([appeared, present]);
    expect(teacherTaught(judged)).toBe(appeared && present);
  });

  it('both calls connected while both in: both present after 2 minutes; one side alone is not', () => {
    const both = judgeAttendance([room('teacher', 0, 2, 0.5), room('student', 0, 2, 0.5)], lesson, end);
    expect([both.bothConnected, both.teacher.present, both.student.present]).toEqual([true, true, true]);
    const one = judgeAttendance([room('teacher', 0, 2, 0.5), room('student', 0, 2)], lesson, end);
    expect([one.bothConnected, one.teacher.present, one.student.present]).toEqual([false, false, false]);
    // Connected 9 minutes early and gone before the counted time: not together in the lesson.
    const early = judgeAttendance([room('teacher', -9, -8, -9), room('student', -9, -8, -9)], lesson, end);
    expect(early.bothConnected).toBe(false);
  });

  it('judged early, only the time so far counts', () => {
    expect(judgeAttendance([room('student', 0, null)], lesson, at(4)).student.present).toBe(false);
    expect(judgeAttendance([room('student', 0, null)], lesson, at(5)).student.present).toBe(true);
  });
});

describe('a verified lesson', () => {
  const both = judgeAttendance([room('teacher', 0, 60), room('student', 0, 60)], lesson, end);
  it('is paid at least 0.500 KWD an hour (rounded up to a fils) and attended by both', () => {
    expect([minimumLessonPriceFils(60), minimumLessonPriceFils(15), minimumLessonPriceFils(50)]).toEqual([
      500, 125, 417,
    ]);
    expect(isVerifiedLesson(500, lesson, both)).toBe(true);
    expect(isVerifiedLesson(499, lesson, both)).toBe(false);
    expect(isVerifiedLesson(0, lesson, both)).toBe(false);
    const studentAway = judgeAttendance([room('teacher', 0, 60)], lesson, end);
    expect(isVerifiedLesson(8_000, lesson, studentAway)).toBe(false);
  });
});
