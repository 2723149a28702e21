import { ROLE, TEACHER_NO_SHOW_REASON } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../clock.ts';
import { reservations } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createLessonsService } from './lessons.service.ts';

const MINUTE = 60_000;

/**
 * The lesson room (issue 16): GET /api/v1/lessons/{reservationId} for the two parties only, the
 * window by the server's clock (TEST_CLOCK_OFFSET_SECONDS) and the attendance it records.
 */
const { t, f } = useTestApp({
  rateLimitMax: 1_000_000,
  iceServers: [{ urls: 'stun:stun.example.com:3478' }],
});

let student: TestUser;
let teacher: TestTeacher;
let stranger: TestUser;
let admin: TestUser;
/** A confirmed lesson starting in an hour. */
let upcoming: number;
const start = new Date(Date.now() + 60 * MINUTE);

beforeAll(async () => {
  student = await f.student();
  teacher = await f.teacher();
  stranger = await f.student();
  admin = await f.user({ roleId: ROLE.admin });
  upcoming = (
    await f.reservation({ studentId: student.user.id, teacherId: teacher.profile.id, status: 'confirmed', start })
  ).id;
});

const getRoom = (id: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1/lessons/${id}`, headers });

/** The lessons service on the test database with its clock shifted by `offsetMs`. */
const serviceAt = (offsetMs: number) =>
  createLessonsService({ db: t.database.db, clock: createClock(offsetMs / 1000), iceServers: [], linkKey: 'test' });

describe('GET /api/v1/lessons/{reservationId}', () => {
  it('answers the student and the teacher with the times, the window and the ICE servers', async () => {
    for (const [who, role, other] of [
      [student, 'student', teacher],
      [teacher, 'teacher', student],
    ] as const) {
      const response = await getRoom(upcoming, who.headers);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Math.abs(new Date(body.now).getTime() - Date.now())).toBeLessThan(5000);
      expect(body).toEqual({
        reservationId: upcoming,
        status: 'confirmed',
        role,
        otherUserId: other.user.id,
        now: body.now,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 60 * MINUTE).toISOString(),
        opensAt: new Date(start.getTime() - 10 * MINUTE).toISOString(),
        closesAt: new Date(start.getTime() + 75 * MINUTE).toISOString(),
        iceServers: [{ urls: 'stun:stun.example.com:3478' }],
        externalLink: null,
        joinUrl: null,
        linkFixed: false,
        attendance: {
          student: { joinedAt: null, leftAt: null, present: false },
          teacher: { joinedAt: null, leftAt: null, present: false },
        },
      });
    }
  });

  it('is 404 for a stranger, an admin, an unknown id and a lesson that is not confirmed', async () => {
    expect((await getRoom(upcoming, stranger.headers)).statusCode).toBe(404);
    expect((await getRoom(upcoming, admin.headers)).statusCode).toBe(404);
    expect((await getRoom(2_000_000_000, student.headers)).statusCode).toBe(404);
    for (const [index, status] of (['cancelled', 'pending'] as const).entries()) {
      // A cancellation other than the teacher's no-show (here: no reason) has no room.
      const later = new Date(start.getTime() + (index + 2) * 120 * MINUTE);
      const other = await f.reservation({
        studentId: student.user.id,
        teacherId: teacher.profile.id,
        status,
        start: later,
      });
      expect((await getRoom(other.id, student.headers)).statusCode).toBe(404);
      expect((await getRoom(other.id, teacher.headers)).statusCode).toBe(404);
    }
  });

  it('answers after the lesson: completed, and cancelled as a teacher no-show, and refuses joining both', async () => {
    const past = new Date(Date.now() - 90 * MINUTE);
    const completed = await f.lessonBetween(student, teacher, 'completed', { start: past });
    const noShow = await f.lessonBetween(student, teacher, 'cancelled', {
      start: new Date(past.getTime() - 180 * MINUTE),
    });
    await t.database.db
      .update(reservations)
      .set({ cancelledBy: 'system', cancelReason: TEACHER_NO_SHOW_REASON })
      .where(eq(reservations.id, noShow.id));
    for (const [id, status] of [
      [completed.id, 'completed'],
      [noShow.id, 'cancelled'],
    ] as const) {
      for (const who of [student, teacher]) {
        const response = await getRoom(id, who.headers);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ reservationId: id, status });
      }
      expect((await getRoom(id, stranger.headers)).statusCode).toBe(404);
      // Inside what would be its window by the clock, the room still refuses to be entered.
      const startOf = new Date((await getRoom(id, student.headers)).json().startTime).getTime();
      const inWindow = serviceAt(startOf + 5 * MINUTE - Date.now());
      expect(await inWindow.join(student.user.id, id)).toEqual({ ok: false, code: 'lessonNotOpen' });
      expect(await inWindow.join(teacher.user.id, id)).toEqual({ ok: false, code: 'lessonNotOpen' });
    }
  });

  it('tells the server time shifted by TEST_CLOCK_OFFSET_SECONDS', async () => {
    const shifted = serviceAt(55 * MINUTE);
    const room = await shifted.room(student.user.id, upcoming);
    expect(Math.abs(new Date(room.now).getTime() - (Date.now() + 55 * MINUTE))).toBeLessThan(5000);
  });

  it('asks for a sign-in', async () => {
    expect((await getRoom(upcoming, {})).statusCode).toBe(401);
  });
});

describe('joining by the server clock, and attendance', () => {
  it('refuses before opensAt and after closesAt, lets both parties in inside, a stranger never', async () => {
    // Now is 60 minutes before the start: 50 minutes before the room opens.
    expect(await serviceAt(0).join(student.user.id, upcoming)).toEqual({ ok: false, code: 'lessonNotOpen' });
    expect(await serviceAt(49 * MINUTE).join(student.user.id, upcoming)).toEqual({ ok: false, code: 'lessonNotOpen' });
    expect(await serviceAt(136 * MINUTE).join(student.user.id, upcoming)).toEqual({ ok: false, code: 'lessonNotOpen' });
    const inside = serviceAt(55 * MINUTE);
    expect(await inside.join(stranger.user.id, upcoming)).toEqual({ ok: false, code: 'notFound' });
    expect(await inside.join(admin.user.id, upcoming)).toEqual({ ok: false, code: 'notFound' });
    const studentIn = await inside.join(student.user.id, upcoming);
    expect(studentIn).toMatchObject({ ok: true, access: { role: 'student', otherUserId: teacher.user.id } });
    const teacherIn = await inside.join(teacher.user.id, upcoming);
    expect(teacherIn).toMatchObject({ ok: true, access: { role: 'teacher', otherUserId: student.user.id } });

    // Joined by a clock 55 minutes ahead of the app's: by the app's clock no minute counts yet, so
    // neither is present (issue 29: present after 5 minutes in the room, or both connected).
    const during = (await getRoom(upcoming, teacher.headers)).json();
    expect(during.attendance.student).toMatchObject({ present: false, leftAt: null });
    expect(during.attendance.teacher).toMatchObject({ present: false, leftAt: null });
    expect(new Date(during.attendance.student.joinedAt).getTime()).toBeGreaterThanOrEqual(Date.now() + 54 * MINUTE);

    expect(await serviceAt(70 * MINUTE).leave(student.user.id, upcoming)).toBe(1);
    // A second leave (the socket's disconnect after lesson:leave) closes nothing more.
    expect(await serviceAt(71 * MINUTE).leave(student.user.id, upcoming)).toBe(0);
    const after = (await getRoom(upcoming, student.headers)).json();
    expect(after.attendance.student.leftAt).not.toBeNull();
    expect(new Date(after.attendance.student.leftAt).getTime()).toBeGreaterThan(Date.now() + 69 * MINUTE);
    expect(after.attendance.teacher.leftAt).toBeNull();
  });

  it('the app clock follows TEST_CLOCK_OFFSET_SECONDS', () => {
    expect(Math.abs(t.app.clock().getTime() - Date.now())).toBeLessThan(1000);
  });
});
