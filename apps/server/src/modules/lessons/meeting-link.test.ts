import { ownTeacherProfileSchema } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const MINUTE = 60_000;

/**
 * External meeting links (issue 16): the teacher's profile link and a lesson's own link, checked
 * by the contract's `meetingLinkSchema`, and what the lesson room answers as `externalLink`.
 */
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });

let student: TestUser;
let teacher: TestTeacher;
let stranger: TestUser;
let otherTeacher: TestTeacher;
/** A confirmed lesson starting in an hour. */
let upcoming: number;

beforeAll(async () => {
  student = await f.student();
  teacher = await f.teacher();
  stranger = await f.student();
  otherTeacher = await f.teacher();
  upcoming = (await f.lessonBetween(student, teacher, 'confirmed', { start: new Date(Date.now() + 60 * MINUTE) })).id;
});

const patchProfile = (who: TestTeacher, meetingLink: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/teachers/profiles/${who.profile.id}`,
    payload: { meetingLink },
    headers: who.headers,
  });

const putLink = (id: number, url: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/lessons/${id}/meeting-link`, payload: { url }, headers });

const roomLink = async (id: number, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/lessons/${id}`, headers })).json().externalLink;

describe('the profile meeting link', () => {
  it('is saved, shown to its owner only, refused when not allowed, and removed with null', async () => {
    const saved = await patchProfile(teacher, ' https://us02web.zoom.us/j/123?pwd=x ');
    expect(saved.statusCode).toBe(200);
    expect(ownTeacherProfileSchema.parse(saved.json()).meetingLink).toBe('https://us02web.zoom.us/j/123?pwd=x');
    const own = await t.app.inject({ method: 'GET', url: '/api/teachers/profiles/me', headers: teacher.headers });
    expect(own.json().meetingLink).toBe('https://us02web.zoom.us/j/123?pwd=x');
    // The public page never carries it: students see it in the room only.
    const page = await t.app.inject({ method: 'GET', url: `/api/teachers/profiles/${teacher.profile.id}` });
    expect(page.json()).not.toHaveProperty('meetingLink');

    for (const bad of [
      'http://zoom.us/j/1',
      'https://evil.example/zoom',
      'https://zoom.us.evil.example/j/1',
      'https://me:secret@meet.google.com/abc',
      `https://zoom.us/j/${'1'.repeat(500)}`,
    ]) {
      const refused = await patchProfile(teacher, bad);
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().errors).toEqual({ meetingLink: 'meetingLinkNotAllowed' });
    }
    const still = await t.app.inject({ method: 'GET', url: '/api/teachers/profiles/me', headers: teacher.headers });
    expect(still.json().meetingLink).toBe('https://us02web.zoom.us/j/123?pwd=x');

    // Another teacher's profile is not theirs to change.
    expect((await patchProfile(otherTeacher, 'https://zoom.us/j/1')).statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/teachers/profiles/${otherTeacher.profile.id}`,
      payload: { meetingLink: null },
      headers: teacher.headers,
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('PUT /api/v1/lessons/{reservationId}/meeting-link', () => {
  it('the room answers the profile link, then the lesson link (it wins), then the profile link again', async () => {
    expect((await patchProfile(teacher, 'https://zoom.us/j/42')).statusCode).toBe(200);
    for (const who of [student, teacher]) {
      expect(await roomLink(upcoming, who.headers)).toEqual({ url: 'https://zoom.us/j/42', provider: 'zoom' });
    }

    const set = await putLink(upcoming, 'https://meet.google.com/abc-defg-hij', teacher.headers);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      reservationId: upcoming,
      url: 'https://meet.google.com/abc-defg-hij',
      externalLink: { url: 'https://meet.google.com/abc-defg-hij', provider: 'meet' },
    });
    expect(await roomLink(upcoming, student.headers)).toEqual({
      url: 'https://meet.google.com/abc-defg-hij',
      provider: 'meet',
    });

    const teams = await putLink(upcoming, 'https://teams.microsoft.com/l/meetup-join/1', teacher.headers);
    expect(teams.json().externalLink).toEqual({
      url: 'https://teams.microsoft.com/l/meetup-join/1',
      provider: 'teams',
    });

    const cleared = await putLink(upcoming, null, teacher.headers);
    expect(cleared.json()).toEqual({
      reservationId: upcoming,
      url: null,
      externalLink: { url: 'https://zoom.us/j/42', provider: 'zoom' },
    });
    expect(await roomLink(upcoming, student.headers)).toEqual({ url: 'https://zoom.us/j/42', provider: 'zoom' });

    expect((await patchProfile(teacher, null)).statusCode).toBe(200);
    expect(await roomLink(upcoming, student.headers)).toBeNull();
  });

  it('is 404 for strangers and other teachers, 403 for the student, 422 for a link that is not allowed', async () => {
    expect((await putLink(upcoming, 'https://zoom.us/j/1', stranger.headers)).statusCode).toBe(404);
    expect((await putLink(upcoming, 'https://zoom.us/j/1', otherTeacher.headers)).statusCode).toBe(404);
    expect((await putLink(2_000_000_000, 'https://zoom.us/j/1', teacher.headers)).statusCode).toBe(404);
    const byStudent = await putLink(upcoming, 'https://zoom.us/j/1', student.headers);
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json().code).toBe('forbidden');
    const bad = await putLink(upcoming, 'http://zoom.us/j/1', teacher.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ url: 'meetingLinkNotAllowed' });
    const unauthenticated = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/lessons/${upcoming}/meeting-link`,
      payload: { url: null },
    });
    expect(unauthenticated.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, upcoming));
    expect(row?.meetingLink).toBeNull();
  });

  it('is 409 lessonNotEditable once the lesson has ended, is completed, cancelled or not yet paid', async () => {
    const ended = await f.lessonBetween(student, teacher, 'confirmed', { start: new Date(Date.now() - 120 * MINUTE) });
    for (const [index, status] of (['completed', 'cancelled', 'pending'] as const).entries()) {
      const lesson = await f.reservation({
        studentId: student.user.id,
        teacherId: teacher.profile.id,
        status,
        start: new Date(Date.now() + (status === 'pending' ? 300 : -300 - index * 120) * MINUTE),
      });
      const refused = await putLink(lesson.id, 'https://zoom.us/j/1', teacher.headers);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().code).toBe('lessonNotEditable');
    }
    const refused = await putLink(ended.id, 'https://zoom.us/j/1', teacher.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('lessonNotEditable');
  });
});
