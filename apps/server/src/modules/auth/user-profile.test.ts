import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp();

const profile = (id: number, headers?: { authorization: string }, language?: 'ar' | 'en') =>
  t.app.inject({
    url: `/api/v1/auth/users/${id}`,
    headers: { ...headers, ...(language ? { 'accept-language': language } : {}) },
  });

/** A teacher as the chat header shows her: both spellings of her name, a photo, a phone, a time zone. */
async function teacherWithDetails() {
  const teacher = await f.teacher({ firstName: 'Mona', lastName: 'Al-Sabah' });
  const spelled = { firstNameAr: 'منى', lastNameAr: 'الصباح', firstNameEn: 'Mona', lastNameEn: 'Al-Sabah' };
  await t.database.db
    .update(users)
    .set({ ...spelled, timeZone: 'Asia/Kuwait' })
    .where(eq(users.id, teacher.user.id));
  return teacher;
}

describe('GET /api/v1/auth/users/{id}: what it exposes, and to whom (issue 30 item 25)', () => {
  it("shows another user only the public card: id, name in the page's language, role, photo", async () => {
    const teacher = await teacherWithDetails();
    const student = await f.student();
    for (const [language, firstName, lastName] of [
      ['ar', 'منى', 'الصباح'],
      ['en', 'Mona', 'Al-Sabah'],
    ] as const) {
      const res = await profile(teacher.user.id, student.headers, language);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: teacher.user.id,
        firstName,
        lastName,
        role: { id: 2, name: 'teacher' },
        photo: null,
      });
      // Nothing private, in any form: the address, the provider, the zone, the other spelling.
      expect(res.body).not.toContain(teacher.user.email);
      expect(res.body).not.toMatch(/email|provider|timeZone|createdAt|NameAr|NameEn|status|password|google/i);
    }
  });

  it('a stranger (no chat, no lesson) sees the same card and no more', async () => {
    const teacher = await teacherWithDetails();
    const stranger = await f.teacher();
    const res = await profile(teacher.user.id, stranger.headers, 'en');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['firstName', 'id', 'lastName', 'photo', 'role']);
  });

  it('shows one’s own profile in full', async () => {
    const teacher = await teacherWithDetails();
    const res = await profile(teacher.user.id, teacher.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: teacher.user.id, email: teacher.user.email, timeZone: 'Asia/Kuwait' });
  });

  it('hides a suspended user from others (404) but not from themselves', async () => {
    const suspended = await f.student();
    const other = await f.student();
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    const res = await profile(suspended.user.id, other.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, code: 'notFound', message: expect.any(String) });
    expect(res.body).not.toContain(suspended.user.email);
  });

  it('refuses a guest (401) and answers an unknown or malformed id without detail', async () => {
    const teacher = await teacherWithDetails();
    const student = await f.student();
    const guest = await profile(teacher.user.id);
    expect(guest.statusCode).toBe(401);
    expect(guest.body).not.toContain('Mona');
    expect((await profile(2_000_000_000, student.headers)).statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/v1/auth/users/abc', headers: student.headers });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
