import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teacherProfiles, users } from '../../db/schema.ts';
import { createFactories } from '../../test/factories.ts';
import { createTestApp } from '../../test/helpers.ts';
import { expectLedgerConsistent, fundWallet } from '../../test/money.ts';
import { bookRequest, bookWithBalance, totalOf } from '../../test/requests.ts';

/**
 * Issue 15, the student's side: the browser reports its zone through PATCH /auth/me, and a
 * reservation carries it next to the teacher's, so the teacher too sees both local times. The zone
 * is shown to the reservation's parties only.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let f: ReturnType<typeof createFactories>;

const patchMe = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', headers, payload });

beforeAll(async () => {
  ctx = await createTestApp({ rateLimitMax: 1_000_000 });
  f = createFactories(ctx.database);
});
afterAll(async () => {
  await expectLedgerConsistent(ctx.database.db);
  await ctx.close();
});

async function storedZone(userId: number) {
  const [row] = await ctx.database.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone;
}

describe("the user's own time zone", () => {
  it('starts unknown, is stored from PATCH /auth/me and comes back in the own account', async () => {
    const student = await f.student();
    const before = await ctx.app.inject({ url: '/api/v1/auth/me', headers: student.headers });
    expect(before.json().timeZone).toBeNull();
    const res = await patchMe(student.headers, { timeZone: 'Europe/Berlin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().timeZone).toBe('Europe/Berlin');
    expect(await storedZone(student.user.id)).toBe('Europe/Berlin');
    const after = await ctx.app.inject({ url: '/api/v1/auth/me', headers: student.headers });
    expect(after.json().timeZone).toBe('Europe/Berlin');
  });

  it('refuses a zone Intl does not know with 422 invalidTimeZone and keeps the stored one', async () => {
    const student = await f.student();
    expect((await patchMe(student.headers, { timeZone: 'Asia/Kuwait' })).statusCode).toBe(200);
    for (const bad of ['Mars/Olympus_Mons', 'not a zone', '']) {
      const res = await patchMe(student.headers, { timeZone: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ timeZone: 'invalidTimeZone' });
    }
    expect(await storedZone(student.user.id)).toBe('Asia/Kuwait');
  });

  it("leaves a teacher's lesson zone (the profile setting) alone", async () => {
    const teacher = await f.teacher();
    expect((await patchMe(teacher.headers, { timeZone: 'America/New_York' })).statusCode).toBe(200);
    const [profile] = await ctx.database.db
      .select({ timeZone: teacherProfiles.timeZone })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.id, teacher.profile.id));
    expect(profile?.timeZone).not.toBe('America/New_York');
    expect(await storedZone(teacher.user.id)).toBe('America/New_York');
  });

  it("is not shown on another user's account page", async () => {
    const student = await f.student();
    const other = await f.student();
    expect((await patchMe(student.headers, { timeZone: 'Europe/Berlin' })).statusCode).toBe(200);
    const res = await ctx.app.inject({ url: `/api/v1/auth/users/${student.user.id}`, headers: other.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('timeZone');
    expect(res.body).not.toContain('Europe/Berlin');
  });
});

describe('reservations carry both zones', () => {
  it("shows the teacher's and the student's zones to both parties, and nothing to a third user", async () => {
    const [teacher, student] = [await f.teacher(), await f.student()];
    const londonTeacher = { timeZone: 'Europe/London' };
    await ctx.database.db.update(teacherProfiles).set(londonTeacher).where(eq(teacherProfiles.id, teacher.profile.id));
    expect((await patchMe(student.headers, { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
    await fundWallet(ctx.database.db, student.user.id, 5_000);
    const s = await f.slot(teacher.profile.id, new Date(Date.now() + 72 * 3600_000), { priceFils: 5_000, hours: 1 });
    const booked = await bookWithBalance(ctx.app, student.headers, s);
    expect(booked.json().reservations[0].student).toMatchObject({ id: student.user.id, timeZone: 'Asia/Tokyo' });
    for (const who of [student, teacher]) {
      const list = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: who.headers });
      expect(list.json().data[0]).toMatchObject({
        teacher: { id: teacher.user.id, timeZone: 'Europe/London' },
        student: { id: student.user.id, timeZone: 'Asia/Tokyo' },
      });
    }
    const stranger = await f.student();
    const theirs = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: stranger.headers });
    expect(theirs.json().data).toEqual([]);
    expect(theirs.body).not.toContain('Asia/Tokyo');
    const profile = await ctx.app.inject({ url: `/api/v1/auth/users/${student.user.id}`, headers: teacher.headers });
    expect(profile.body).not.toContain('Asia/Tokyo');
  });

  it('answers null for a student whose zone is unknown', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 5_000);
    const s = await f.slot(teacher.profile.id, new Date(Date.now() + 96 * 3600_000), { priceFils: 5_000, hours: 1 });
    expect(
      (
        await bookRequest(ctx.app, student.headers, {
          timeSlotId: s.id,
          paymentMethod: 'balance',
          expectedTotal: totalOf(s),
        })
      ).statusCode,
    ).toBe(200);
    const list = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: teacher.headers });
    expect(list.json().data[0].student).toMatchObject({ id: student.user.id, timeZone: null });
  });
});
