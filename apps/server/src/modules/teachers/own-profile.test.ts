import { ownTeacherProfileSchema, teacherCompletenessSchema } from '@ustaz/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, teacherProfiles, timeSlots, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp();

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

async function pricesOf(ids: number[]) {
  const rows = await t.database.db
    .select({ id: timeSlots.id, priceFils: timeSlots.priceFils, status: timeSlots.status })
    .from(timeSlots)
    .where(inArray(timeSlots.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.priceFils]));
}

/** A teacher at 10 KWD an hour with an open future slot (1 h and 1.5 h), a held one, a booked one and a past open one. */
async function teacherWithSlots() {
  const teacher = await f.teacher();
  const soon = Date.now() + 2 * DAY_MS;
  const open = await f.slot(teacher.profile.id, new Date(soon));
  const openLong = await f.slot(teacher.profile.id, new Date(soon + 3 * HOUR_MS), { hours: 1.5, priceFils: 15_000 });
  const held = await f.slot(teacher.profile.id, new Date(soon + 6 * HOUR_MS), { status: 'held' });
  const booked = await f.slot(teacher.profile.id, new Date(soon + 9 * HOUR_MS), { status: 'booked' });
  const past = await f.slot(teacher.profile.id, new Date(Date.now() - DAY_MS));
  return { teacher, slots: { open, openLong, held, booked, past } };
}

function patch(teacher: { profile: { id: number }; headers: Record<string, string> }, payload: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/teachers/profiles/${teacher.profile.id}`,
    payload,
    headers: teacher.headers,
  });
}

describe("PATCH /api/teachers/profiles/:id (the owner's editor)", () => {
  it('writes both bios at once and answers them with the rest of the own profile', async () => {
    const { profile, headers } = await f.teacher();
    const res = await patch({ profile, headers }, { bioAr: ' نبذة عربية ', bioEn: 'An English bio', major: 'Physics' });
    expect(res.statusCode).toBe(200);
    expect(ownTeacherProfileSchema.parse(res.json())).toMatchObject({
      bioAr: 'نبذة عربية',
      bioEn: 'An English bio',
      bio: 'نبذة عربية',
      major: 'Physics',
    });
    const me = await t.app.inject({ url: '/api/teachers/profiles/me?lang=en', headers });
    expect(me.json()).toMatchObject({ bio: 'An English bio', bioAr: 'نبذة عربية', bioEn: 'An English bio' });
  });

  it('a new rate leaves the open slots at their price by default (new slots only)', async () => {
    const { teacher, slots } = await teacherWithSlots();
    const ids = Object.values(slots).map((slot) => slot.id);
    const before = await pricesOf(ids);
    const res = await patch(teacher, { hourlyRate: '20' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hourlyRate: '20.000' });
    expect(await pricesOf(ids)).toEqual(before);
    // Saying no explicitly is the same.
    expect((await patch(teacher, { hourlyRate: '25', applyToOpenSlots: false })).statusCode).toBe(200);
    expect(await pricesOf(ids)).toEqual(before);
  });

  it('with applyToOpenSlots, only open slots ahead take the new rate (by length); held, booked and past keep theirs', async () => {
    const { teacher, slots } = await teacherWithSlots();
    const res = await patch(teacher, { hourlyRate: '12.5', applyToOpenSlots: true });
    expect(res.statusCode).toBe(200);
    expect(await pricesOf(Object.values(slots).map((slot) => slot.id))).toEqual({
      [slots.open.id]: 12_500,
      [slots.openLong.id]: 18_750,
      [slots.held.id]: 10_000,
      [slots.booked.id]: 10_000,
      [slots.past.id]: 10_000,
    });
    // The option alone reprices at the current rate (a rate saved earlier without it).
    await patch(teacher, { hourlyRate: '8' });
    expect((await patch(teacher, { applyToOpenSlots: true })).statusCode).toBe(200);
    expect(await pricesOf([slots.open.id, slots.held.id])).toEqual({ [slots.open.id]: 8_000, [slots.held.id]: 10_000 });
  });

  it("another teacher's profile: 403 (IDOR) and nothing changes, neither the profile nor its slots", async () => {
    const { teacher: owner, slots } = await teacherWithSlots();
    const intruder = await f.teacher();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/teachers/profiles/${owner.profile.id}`,
      payload: { hourlyRate: '999', applyToOpenSlots: true, bioAr: 'مخترق' },
      headers: intruder.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(await pricesOf([slots.open.id])).toEqual({ [slots.open.id]: 10_000 });
    const [row] = await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, owner.profile.id));
    expect(row).toMatchObject({ hourlyRateFils: 10_000, bioAr: '' });
  });

  it('ignores fields it does not take (mass assignment): approval, owner, rating, counts', async () => {
    const teacher = await f.teacher({ profile: { approvedAt: null } });
    const other = await f.student();
    const res = await patch(teacher, {
      bioEn: 'Still me',
      isApproved: true,
      approvedAt: new Date().toISOString(),
      userId: other.user.id,
      rating: 5,
      averageRating: 5,
      ratingCount: 99,
      bookingsCount: 99,
      priceFils: 1,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, teacher.profile.id));
    expect(row).toMatchObject({
      bioEn: 'Still me',
      approvedAt: null,
      userId: teacher.user.id,
      averageRating: 0,
      ratingCount: 0,
      bookingsCount: 0,
      hourlyRateFils: 10_000,
    });
  });
});

describe('GET /api/v1/teachers/me/completeness', () => {
  const url = '/api/v1/teachers/me/completeness';

  it('401 for a guest, 404 for a student', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const student = await f.student();
    expect((await t.app.inject({ url, headers: student.headers })).statusCode).toBe(404);
  });

  it('an empty profile lacks everything; slots beyond 14 days or not open do not count', async () => {
    const teacher = await f.teacher();
    await f.slot(teacher.profile.id, new Date(Date.now() + 15 * DAY_MS));
    await f.slot(teacher.profile.id, new Date(Date.now() + DAY_MS), { status: 'booked' });
    await f.slot(teacher.profile.id, new Date(Date.now() - DAY_MS));
    const res = await t.app.inject({ url, headers: teacher.headers });
    expect(res.statusCode).toBe(200);
    expect(teacherCompletenessSchema.parse(res.json())).toEqual({
      items: [
        { item: 'photo', done: false },
        { item: 'bioAr', done: false },
        { item: 'bioEn', done: false },
        { item: 'video', done: false },
        { item: 'subjects', done: false },
        { item: 'openSlots', done: false },
      ],
      done: 0,
      total: 6,
      openSlotsAhead: 0,
    });
  });

  it('a full profile is complete, and each piece counts on its own', async () => {
    const maths = await f.subject();
    const teacher = await f.teacher({
      subjects: [maths],
      profile: { bioAr: 'نبذة', bioEn: 'Bio', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
      slots: [new Date(Date.now() + 3 * DAY_MS), new Date(Date.now() + 13 * DAY_MS)],
    });
    const other = await f.teacher();
    const half = await t.app.inject({ url, headers: teacher.headers });
    expect(half.json()).toMatchObject({ done: 5, total: 6, openSlotsAhead: 2 });
    expect(half.json().items.filter((item: { done: boolean }) => !item.done)).toEqual([{ item: 'photo', done: false }]);
    // The photo is the user's (set through PATCH /auth/me after an upload).
    const [file] = await t.database.db
      .insert(files)
      .values({ ownerId: teacher.user.id, storageKey: 'photo.png', mimeType: 'image/png', size: 1 })
      .returning();
    await t.database.db.update(users).set({ photoFileId: file?.id }).where(eq(users.id, teacher.user.id));
    expect((await t.app.inject({ url, headers: teacher.headers })).json()).toMatchObject({ done: 6, total: 6 });
    // Another teacher's meter is their own.
    expect((await t.app.inject({ url, headers: other.headers })).json()).toMatchObject({ done: 0 });
  });
});
