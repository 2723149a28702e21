import { teacherProfileSchema } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teacherProfiles, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp();

async function searchIds(text: string) {
  const res = await t.app.inject({ url: `/api/teachers/search?search=${encodeURIComponent(text)}` });
  return (res.json() as { data: { id: number }[] }).data.map((x) => x.id);
}

describe('GET /api/teachers/profiles/:id', () => {
  it('returns a listed teacher in the request language', async () => {
    const math = await f.subject({ nameAr: 'رياضيات', nameEn: 'Maths' });
    const { profile, user } = await f.teacher({
      subjects: [math],
      profile: { bioAr: 'نبذة', bioEn: '', majorAr: '', majorEn: 'Physics', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    const ar = await t.app.inject({ url: `/api/teachers/profiles/${profile.id}` });
    expect(ar.statusCode).toBe(200);
    expect(teacherProfileSchema.parse(ar.json())).toMatchObject({
      id: profile.id,
      userId: user.id,
      bio: 'نبذة',
      major: 'Physics',
      hourlyRate: '10.000',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      subjects: [{ id: math.id, name: 'رياضيات' }],
      user: { id: user.id, firstName: user.firstName },
    });
    const en = await t.app.inject({ url: `/api/teachers/profiles/${profile.id}?lang=en` });
    expect(en.json()).toMatchObject({ bio: 'نبذة', major: 'Physics', subjects: [{ name: 'Maths' }] });
  });

  it('404 for an unknown id, a suspended teacher or a profile of a non-teacher; 422 for a bad id', async () => {
    const suspended = await f.teacher({ status: 'suspended' });
    const student = await f.teacher({ roleId: 3 });
    for (const id of [999_999, suspended.profile.id, student.profile.id]) {
      const res = await t.app.inject({ url: `/api/teachers/profiles/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'notFound' });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1e400']) {
      expect((await t.app.inject({ url: `/api/teachers/profiles/${id}` })).statusCode).toBe(422);
    }
  });
});

describe('PATCH /api/teachers/profiles/:id', () => {
  it('401 for a guest, 403 for another teacher, a student or an admin, 404 for no profile', async () => {
    const owner = await f.teacher();
    const other = await f.teacher();
    const student = await f.student();
    const admin = await f.user({ roleId: 1 });
    const url = `/api/teachers/profiles/${owner.profile.id}`;
    const payload = { bio: 'hacked' };
    expect((await t.app.inject({ method: 'PATCH', url, payload })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PATCH', url, payload, headers: { authorization: 'Bearer nope' } })).statusCode,
    ).toBe(401);
    for (const who of [other, student, admin]) {
      const res = await t.app.inject({ method: 'PATCH', url, payload, headers: who.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'forbidden' });
    }
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/teachers/profiles/999999',
      payload,
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, owner.profile.id));
    expect(row?.bioAr).toBe('');
  });

  it('the owner writes bio and major in the request language; the search finds the new words', async () => {
    const chemistry = await f.subject({ nameAr: 'الكيمياء', nameEn: 'Chemistry' });
    const owner = await f.teacher({ profile: { bioAr: 'قديم', bioEn: 'old words' } });
    const url = `/api/teachers/profiles/${owner.profile.id}`;
    const en = await t.app.inject({
      method: 'PATCH',
      url: `${url}?lang=en`,
      headers: owner.headers,
      payload: {
        bio: '  Loves zanzibarian puzzles  ',
        major: 'Chemical engineering',
        experienceYears: 7,
        hourlyRate: '12.5',
        videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        subjectIds: [chemistry.id, chemistry.id],
      },
    });
    expect(en.statusCode, en.body).toBe(200);
    expect(teacherProfileSchema.parse(en.json())).toMatchObject({
      bio: 'Loves zanzibarian puzzles',
      major: 'Chemical engineering',
      experienceYears: 7,
      hourlyRate: '12.500',
      videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      subjects: [{ id: chemistry.id, name: 'Chemistry' }],
    });
    const [row] = await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, owner.profile.id));
    expect(row).toMatchObject({ bioAr: 'قديم', bioEn: 'Loves zanzibarian puzzles', hourlyRateFils: 12_500 });

    const ar = await t.app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { bio: 'معلّمة كيمياء' } });
    expect(ar.json()).toMatchObject({ bio: 'معلّمة كيمياء', major: 'Chemical engineering' });

    expect(await searchIds('zanzibarian')).toEqual([owner.profile.id]);
    expect(await searchIds('معلمه')).toEqual([owner.profile.id]);
    expect(await searchIds('الكيمياء')).toEqual([owner.profile.id]);
    expect(await searchIds('old words')).toEqual([]);

    const cleared = await t.app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { videoUrl: null } });
    expect(cleared.json()).toMatchObject({ videoUrl: null });
    const none = await t.app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { subjectIds: [] } });
    expect(none.json()).toMatchObject({ subjects: [] });
    expect(await searchIds('الكيمياء')).toEqual([]);
  });

  it('a new name reaches the search text on the next profile edit', async () => {
    const owner = await f.teacher({ firstName: 'Before' });
    await t.database.db.update(users).set({ firstName: 'Quenby' }).where(eq(users.id, owner.user.id));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/teachers/profiles/${owner.profile.id}`,
      headers: owner.headers,
      payload: {},
    });
    expect(await searchIds('quenby')).toEqual([owner.profile.id]);
  });

  it('a name changed through the account profile reaches the search at once', async () => {
    const owner = await f.teacher({ firstName: 'Initial' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/me',
      headers: owner.headers,
      payload: { firstName: 'Zenobia' },
    });
    expect(res.statusCode).toBe(200);
    expect(await searchIds('zenobia')).toEqual([owner.profile.id]);
  });

  it('refuses bad values with field codes', async () => {
    const owner = await f.teacher();
    const url = `/api/teachers/profiles/${owner.profile.id}`;
    const cases: [unknown, Record<string, string>][] = [
      [{ hourlyRate: '1000.001' }, { hourlyRate: 'tooBig' }],
      [{ hourlyRate: '12.3456' }, { hourlyRate: 'invalid' }],
      [{ hourlyRate: 12 }, { hourlyRate: 'invalidType' }],
      [{ experienceYears: 81 }, { experienceYears: 'tooBig' }],
      [{ videoUrl: 'javascript:alert(1)' }, { videoUrl: 'invalid' }],
      [{ subjectIds: [999_999] }, { subjectIds: 'notFound' }],
      [{ bio: 'x'.repeat(2001) }, { bio: 'tooLong' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: owner.headers, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual({ status: 422, errors });
    }
  });
});

describe('GET /api/teachers/previously-interacted', () => {
  it('401 for a guest', async () => {
    expect((await t.app.inject({ url: '/api/teachers/previously-interacted' })).statusCode).toBe(401);
  });

  it('lists the teachers of the signed-in student, the latest reservation first, each once', async () => {
    const student = await f.student();
    const other = await f.student();
    const first = await f.teacher();
    const second = await f.teacher();
    const suspended = await f.teacher({ status: 'suspended' });
    const stranger = await f.teacher();
    const day = 24 * 60 * 60 * 1000;
    await f.lessonBetween(student, first, 'completed', { createdAt: new Date(Date.now() - 9 * day) });
    await f.lessonBetween(student, second, 'cancelled', { createdAt: new Date(Date.now() - 5 * day) });
    await f.lessonBetween(student, first, 'confirmed', { createdAt: new Date(Date.now() - 1 * day) });
    await f.reservation({ studentId: student.user.id, teacherId: suspended.profile.id, status: 'completed' });
    await f.reservation({ studentId: other.user.id, teacherId: stranger.profile.id, status: 'completed' });

    const res = await t.app.inject({ url: '/api/teachers/previously-interacted?lang=en', headers: student.headers });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as unknown[]).map((x) => teacherProfileSchema.parse(x));
    expect(list.map((x) => x.id)).toEqual([first.profile.id, second.profile.id]);

    const empty = await t.app.inject({
      url: '/api/teachers/previously-interacted',
      headers: (await f.student()).headers,
    });
    expect(empty.json()).toEqual([]);
  });
});
