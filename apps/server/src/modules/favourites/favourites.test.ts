import { favouritesResponseSchema } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favourites, teacherProfiles, users } from '../../db/schema.ts';
import type { TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp();

const put = (who: TestUser | null, id: number | string) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/favourites/${id}`, ...(who ? { headers: who.headers } : {}) });
const remove = (who: TestUser | null, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/favourites/${id}`, ...(who ? { headers: who.headers } : {}) });
const list = (who: TestUser, query = '') => t.app.inject({ url: `/api/v1/favourites${query}`, headers: who.headers });
async function listedIds(who: TestUser, query = '') {
  const res = await list(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return favouritesResponseSchema.parse(res.json()).data.map((entry) => entry.teacher.id);
}
const savedRows = async (studentId: number) =>
  (await t.database.db.select().from(favourites).where(eq(favourites.studentId, studentId))).length;

describe('PUT and DELETE /api/v1/favourites/{teacherProfileId}', () => {
  it('saves and takes back a listed teacher, each idempotent (204 every time, one row)', async () => {
    const student = await f.student();
    const { profile } = await f.teacher();
    for (let i = 0; i < 2; i++) {
      const res = await put(student, profile.id);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await savedRows(student.user.id)).toBe(1);
    expect(await listedIds(student)).toEqual([profile.id]);
    for (let i = 0; i < 2; i++) expect((await remove(student, profile.id)).statusCode).toBe(204);
    expect(await savedRows(student.user.id)).toBe(0);
    expect(await listedIds(student)).toEqual([]);
  });

  it('401 signed out, 403 forbidden for a teacher or an admin, before the id is read', async () => {
    const { profile } = await f.teacher();
    const teacher = await f.teacher();
    const admin = await f.user({ roleId: 1 });
    for (const call of [put, remove]) {
      expect((await call(null, profile.id)).json()).toMatchObject({ status: 401, code: 'unauthorized' });
      expect((await call(null, 'abc')).statusCode).toBe(401);
      for (const who of [teacher, admin]) {
        const res = await call(who, profile.id);
        expect(res.json()).toMatchObject({ status: 403, code: 'forbidden' });
      }
    }
    expect((await t.app.inject({ url: '/api/v1/favourites' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/favourites', headers: teacher.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/favourites/ids', headers: admin.headers })).statusCode).toBe(403);
  });

  it('404 notFound for an unknown, unapproved or suspended teacher; 422 for a bad id; 403 for your own profile', async () => {
    const student = await f.student();
    const suspended = await f.teacher({ status: 'suspended' });
    const unapproved = await f.teacher();
    await t.database.db
      .update(teacherProfiles)
      .set({ approvedAt: null })
      .where(eq(teacherProfiles.id, unapproved.profile.id));
    for (const id of [999_999, suspended.profile.id, unapproved.profile.id]) {
      expect((await put(student, id)).json()).toMatchObject({ status: 404, code: 'notFound' });
      expect((await remove(student, id)).json()).toMatchObject({ status: 404, code: 'notFound' });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await put(student, id)).statusCode).toBe(422);
    }
    // A student with a teacher profile of their own (not listed: they are no teacher) cannot save it.
    const own = await f.teacher({ roleId: 3 });
    expect((await put(own, own.profile.id)).json()).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await savedRows(student.user.id)).toBe(0);
  });
});

describe('GET /api/v1/favourites', () => {
  it('lists my favourites newest first, paged, with the search card in the request language', async () => {
    const student = await f.student();
    const maths = await f.subject({ nameAr: 'رياضيات', nameEn: 'Maths' });
    const teachers = [await f.teacher({ subjects: [maths] }), await f.teacher(), await f.teacher()];
    for (const teacher of teachers) expect((await put(student, teacher.profile.id)).statusCode).toBe(204);
    // Saved again: keeps its place (the first save's time).
    expect((await put(student, teachers[0]?.profile.id ?? 0)).statusCode).toBe(204);
    const newestFirst = teachers.map((teacher) => teacher.profile.id).reverse();
    expect(await listedIds(student)).toEqual(newestFirst);

    const page = favouritesResponseSchema.parse((await list(student, '?limit=2&page=2')).json());
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(page.data.map((entry) => entry.teacher.id)).toEqual([teachers[0]?.profile.id]);
    expect(page.data[0]?.teacher.subjects).toEqual([{ id: maths.id, name: 'رياضيات' }]);
    const en = favouritesResponseSchema.parse((await list(student, '?limit=2&page=2&lang=en')).json());
    expect(en.data[0]?.teacher.subjects).toEqual([{ id: maths.id, name: 'Maths' }]);
    const accept = await t.app.inject({
      url: '/api/v1/favourites?limit=2&page=2',
      headers: { ...student.headers, 'accept-language': 'en' },
    });
    expect(favouritesResponseSchema.parse(accept.json()).data[0]?.teacher.subjects[0]?.name).toBe('Maths');
    expect((await list(student, '?limit=51')).statusCode).toBe(422);

    const ids = await t.app.inject({ url: '/api/v1/favourites/ids', headers: student.headers });
    expect(ids.json()).toEqual({ teacherProfileIds: newestFirst });
  });

  it("never shows another student's favourites", async () => {
    const [alice, bob] = [await f.student(), await f.student()];
    const { profile } = await f.teacher();
    expect((await put(alice, profile.id)).statusCode).toBe(204);
    expect(await listedIds(bob)).toEqual([]);
    const ids = await t.app.inject({ url: '/api/v1/favourites/ids', headers: bob.headers });
    expect(ids.json()).toEqual({ teacherProfileIds: [] });
    // Bob taking back what he never saved leaves Alice's as it was.
    expect((await remove(bob, profile.id)).statusCode).toBe(204);
    expect(await listedIds(alice)).toEqual([profile.id]);
  });

  it('hides an unlisted or suspended teacher without deleting the favourite, who comes back when listed again; it can still be taken back', async () => {
    const student = await f.student();
    const [kept, unlisted, suspended] = [await f.teacher(), await f.teacher(), await f.teacher()];
    for (const teacher of [kept, unlisted, suspended]) await put(student, teacher.profile.id);
    const db = t.database.db;
    const approvedAt = unlisted.profile.approvedAt;
    await db.update(teacherProfiles).set({ approvedAt: null }).where(eq(teacherProfiles.id, unlisted.profile.id));
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    const res = favouritesResponseSchema.parse((await list(student)).json());
    expect(res.data.map((entry) => entry.teacher.id)).toEqual([kept.profile.id]);
    expect(res.total).toBe(1);
    expect(await savedRows(student.user.id)).toBe(3);

    await db.update(teacherProfiles).set({ approvedAt }).where(eq(teacherProfiles.id, unlisted.profile.id));
    expect(await listedIds(student)).toEqual([unlisted.profile.id, kept.profile.id]);
    expect((await remove(student, suspended.profile.id)).statusCode).toBe(204);
    expect(await savedRows(student.user.id)).toBe(2);
  });

  it('goes with the student or the teacher profile (cascade)', async () => {
    const student = await f.student();
    const { profile } = await f.teacher();
    await put(student, profile.id);
    await t.database.db.delete(teacherProfiles).where(eq(teacherProfiles.id, profile.id));
    expect(await savedRows(student.user.id)).toBe(0);
  });
});

describe('the OpenAPI document', () => {
  it('shows the favourites routes with their params and answers', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/api/v1/favourites/{teacherProfileId}'] ?? {}).sort()).toEqual(['delete', 'put']);
    expect(paths['/api/v1/favourites']).toHaveProperty('get');
    expect(paths['/api/v1/favourites/ids']).toHaveProperty('get');
  });
});
