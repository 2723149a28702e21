import { randomUUID } from 'node:crypto';
import {
  adminOverviewSchema,
  adminUserDetailSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  ROLE,
  tokensResponseSchema,
} from '@ustaz/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { adminAuditLog, authTokens, sessions, teacherProfiles, users } from '../../db/schema.ts';
import type { TestUser } from '../../test/factories.ts';
import { latestMailTo, testConfig } from '../../test/helpers.ts';
import { fundWallet } from '../../test/money.ts';
import { useTestApp } from '../../test/test-app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createAccessTokens } from '../auth/tokens.ts';
import { postTransfer, systemAccountId, userAccountId } from '../ledger/ledger.repo.ts';
import { insertPayment } from '../payments/payments.repo.ts';
import { insertPackages, insertSubscription } from '../subscriptions/subscriptions.repo.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const PASSWORD = 'Secret123';

const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let db: Db;
let admin: TestUser;
let passwordHash: string;
let ipCounter = 1;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

function get(url: string, headers = admin.headers) {
  return ctx.app.inject({ url, headers });
}

function post(url: string, payload?: object, headers: Record<string, string> = admin.headers) {
  return ctx.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
}

async function latestAudit(entityType: string, entityId: number | string) {
  const [row] = await db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entityType, entityType), eq(adminAuditLog.entityId, String(entityId))))
    .orderBy(desc(adminAuditLog.id))
    .limit(1);
  return row;
}

async function auditCount(entityId: number) {
  return (
    await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, String(entityId)))
  ).length;
}

/** `POST /api/v1/auth/email/login` with the test password, from a fresh address. */
function passwordLogin(email: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/login',
    payload: { email: email, password: PASSWORD },
    remoteAddress: nextIp(),
  });
}

/** A confirmed e-mail account with a password, signed in through the real login route. */
async function signedIn(values: Partial<typeof users.$inferInsert> = {}) {
  const created = await f.user({ passwordHash, ...values });
  const res = await passwordLogin(created.user.email);
  expect(res.statusCode).toBe(200);
  return { ...created, tokens: tokensResponseSchema.parse(res.json()) };
}

function refresh(refreshToken: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { authorization: `Bearer ${refreshToken}` },
    remoteAddress: nextIp(),
  });
}

beforeAll(async () => {
  db = ctx.database.db;
  admin = await f.user({ roleId: ROLE.admin, firstName: 'Admin', lastName: 'Root' });
  passwordHash = await hashPassword(PASSWORD);
});

describe('GET /api/v1/admin/overview', () => {
  it('counts users, teachers waiting, money and missing searches', async () => {
    const read = async () => {
      const res = await get('/api/v1/admin/overview');
      expect(res.statusCode).toBe(200);
      return adminOverviewSchema.parse(res.json());
    };
    const before = await read();

    const student = await f.student();
    await f.student({ status: 'suspended' });
    const teacher = await f.teacher();
    await f.teacher({ profile: { approvedAt: null } });
    await fundWallet(db, student.user.id, 5_250);
    await f.lessonBetween(student, teacher, 'confirmed', { start: new Date(Date.now() + 3 * DAY) });
    await f.reservation({ studentId: student.user.id, teacherId: teacher.profile.id, status: 'completed' });
    const payment = (amountFils: number, status: 'paid' | 'pending', paidAt: Date | null) =>
      insertPayment(db, {
        id: randomUUID(),
        userId: student.user.id,
        provider: 'payzah',
        gateway: 'sandbox',
        purpose: 'top_up',
        amountFils,
        status,
        paidAt,
        expiresAt: new Date(Date.now() + HOUR),
      });
    await payment(2_500, 'paid', new Date());
    await payment(7_000, 'paid', new Date(Date.now() - 40 * DAY));
    await payment(1_000, 'pending', null);
    const term = `missing${randomUUID().slice(0, 6)}`;
    for (const keywords of [term, term.toUpperCase(), `${term} x`]) {
      const res = await post('/api/v1/search/log-not-found', { keywords }, {});
      expect(res.statusCode).toBe(201);
    }

    const after = await read();
    expect(after.users - before.users).toBe(4);
    expect(after.students - before.students).toBe(2);
    expect(after.teachers - before.teachers).toBe(2);
    expect(after.pendingTeachers - before.pendingTeachers).toBe(1);
    expect(after.suspendedUsers - before.suspendedUsers).toBe(1);
    expect(after.upcomingReservations - before.upcomingReservations).toBe(1);
    expect(after.pendingPayments - before.pendingPayments).toBe(1);
    expect(Number(after.paidLast30Days) - Number(before.paidLast30Days)).toBeCloseTo(2.5, 3);
    expect(Number(after.walletsTotal) - Number(before.walletsTotal)).toBeCloseTo(5.25, 3);
    expect(after.notFoundSearches - before.notFoundSearches).toBe(2);
  });
});

describe('GET /api/v1/admin/users', () => {
  it('finds by name or e-mail in any case, filters by role and status, newest first', async () => {
    const tag = randomUUID().slice(0, 8);
    const older = await f.student({
      firstName: `Nour${tag}`,
      lastName: 'Kareem',
      createdAt: new Date(Date.now() - DAY),
    });
    const newer = await f.student({ firstName: 'Salem', lastName: `Zaid${tag}`, email: `ZAID.${tag}@Example.com` });
    const teacher = await f.teacher({ firstName: `Nour${tag}`, lastName: 'Teacher' });
    const suspended = await f.student({ firstName: `Nour${tag}`, lastName: 'Away', status: 'suspended' });

    const res = await get(`/api/v1/admin/users?search=nour${tag.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const body = adminUsersResponseSchema.parse(res.json());
    expect(body.total).toBe(3);
    expect(body.data.map((u) => u.id)).toEqual([suspended.user.id, teacher.user.id, older.user.id]);
    const listedTeacher = body.data.find((u) => u.id === teacher.user.id);
    expect(listedTeacher).toMatchObject({
      roleId: ROLE.teacher,
      teacherProfileId: teacher.profile.id,
      approved: true,
      status: 'active',
    });
    expect(body.data.find((u) => u.id === older.user.id)).toMatchObject({
      roleId: ROLE.student,
      teacherProfileId: null,
      approved: null,
      emailConfirmed: true,
      provider: 'email',
    });

    const byEmail = adminUsersResponseSchema.parse((await get(`/api/v1/admin/users?search=zaid.${tag}@`)).json());
    expect(byEmail.data.map((u) => u.id)).toEqual([newer.user.id]);
    const byFullName = adminUsersResponseSchema.parse(
      (await get(`/api/v1/admin/users?search=${encodeURIComponent(`nour${tag} kar`)}`)).json(),
    );
    expect(byFullName.data.map((u) => u.id)).toEqual([older.user.id]);

    const teachersOnly = adminUsersResponseSchema.parse(
      (await get(`/api/v1/admin/users?search=nour${tag}&roleId=2`)).json(),
    );
    expect(teachersOnly.data.map((u) => u.id)).toEqual([teacher.user.id]);
    const suspendedOnly = adminUsersResponseSchema.parse(
      (await get(`/api/v1/admin/users?search=nour${tag}&status=suspended`)).json(),
    );
    expect(suspendedOnly.data.map((u) => u.id)).toEqual([suspended.user.id]);

    const paged = adminUsersResponseSchema.parse(
      (await get(`/api/v1/admin/users?search=nour${tag}&limit=2&page=2`)).json(),
    );
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(paged.data.map((u) => u.id)).toEqual([older.user.id]);

    const wildcard = adminUsersResponseSchema.parse((await get('/api/v1/admin/users?search=%25_%25')).json());
    expect(wildcard.total).toBe(0);
  });

  it('422 for a bad filter', async () => {
    for (const query of ['roleId=4', 'status=gone', 'page=0', 'limit=500', `search=${'x'.repeat(101)}`]) {
      const res = await get(`/api/v1/admin/users?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });
});

describe('GET /api/v1/admin/users/:id', () => {
  it('shows balances, remaining hours, live sessions and activity counts', async () => {
    const person = await signedIn();
    const id = person.user.id;
    // The factory's session, a second sign-in, and a rotation of the first: three live sessions.
    await passwordLogin(person.user.email);
    expect((await refresh(person.tokens.refreshToken)).statusCode).toBe(200);

    await fundWallet(db, id, 12_345);
    await db.transaction(async (tx) => {
      await postTransfer(tx, {
        key: `test:earning:${id}`,
        kind: 'lesson_earning',
        legs: [
          { accountId: await systemAccountId(tx, 'escrow'), amountFils: -4_000 },
          { accountId: await userAccountId(tx, 'earnings', id), amountFils: 4_000 },
        ],
      });
    });
    const [pkg] = await insertPackages(db, [
      { nameAr: 'باقة', nameEn: 'Pack', hours: 5, priceFils: 1_000, validityDays: 30 },
    ]);
    if (!pkg) throw new Error('no package');
    await insertSubscription(db, {
      userId: id,
      packageId: pkg.id,
      status: 'active',
      totalMinutes: 300,
      remainingMinutes: 90,
      priceFils: 1_000,
      paidWith: 'wallet',
      startsAt: new Date(),
      expiresAt: new Date(Date.now() + 10 * DAY),
    });
    const teacher = await f.teacher();
    await f.reservation({ studentId: id, teacherId: teacher.profile.id, status: 'completed' });
    await f.reservation({ studentId: id, teacherId: teacher.profile.id, status: 'cancelled' });
    await insertPayment(db, {
      id: randomUUID(),
      userId: id,
      provider: 'deema',
      gateway: 'sandbox',
      purpose: 'top_up',
      amountFils: 5_000,
      expiresAt: new Date(Date.now() + HOUR),
    });

    const res = await get(`/api/v1/admin/users/${id}`);
    expect(res.statusCode).toBe(200);
    expect(adminUserDetailSchema.parse(res.json())).toEqual({
      user: expect.objectContaining({ id, email: person.user.email, roleId: ROLE.student }),
      wallet: '12.345',
      earnings: '4.000',
      remainingHours: 1.5,
      activeSessions: 3,
      reservations: 2,
      payments: 1,
    });

    // A teacher's lessons count as theirs too.
    const taught = adminUserDetailSchema.parse((await get(`/api/v1/admin/users/${teacher.user.id}`)).json());
    expect(taught).toMatchObject({ reservations: 2, wallet: '0.000', earnings: '0.000', activeSessions: 1 });
    expect(taught.user).toMatchObject({ teacherProfileId: teacher.profile.id, approved: true });
  });

  it('404 for an unknown user, 422 for a bad id', async () => {
    expect((await get('/api/v1/admin/users/999999')).json()).toMatchObject({ status: 404, code: 'notFound' });
    expect((await get('/api/v1/admin/users/abc')).statusCode).toBe(422);
  });
});

describe('POST /api/v1/admin/users/:id/promote', () => {
  it('makes a student a teacher waiting for approval, audited; a refresh then carries the teacher role', async () => {
    const student = await signedIn({ firstName: 'Mariam', lastName: 'القطان' });
    const id = student.user.id;
    const res = await post(`/api/v1/admin/users/${id}/promote`, { hourlyRate: '7.5' });
    expect(res.statusCode).toBe(200);
    const { user } = adminUserResponseSchema.parse(res.json());
    expect(user).toMatchObject({ id, roleId: ROLE.teacher, approved: false, status: 'active' });
    expect(user.teacherProfileId).toEqual(expect.any(Number));

    const [profile] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, id));
    expect(profile).toMatchObject({ id: user.teacherProfileId, approvedAt: null, hourlyRateFils: 7_500 });
    expect(profile?.searchText).toContain('mariam');
    expect(profile?.searchText).toContain('القطان');

    const audit = await latestAudit('user', id);
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      action: 'user.promote',
      before: { roleId: ROLE.student },
      after: { roleId: ROLE.teacher, teacherProfileId: user.teacherProfileId, approved: false, hourlyRate: '7.500' },
    });

    // The role lives in the access token: the old token still says student, a refreshed one teacher.
    const tokens = createAccessTokens(testConfig().jwtSecret ?? '');
    expect((await tokens.verify(student.tokens.token))?.roleId).toBe(ROLE.student);
    const refreshed = await refresh(student.tokens.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json() as { token: string };
    expect((await tokens.verify(next.token))?.roleId).toBe(ROLE.teacher);
    const own = await ctx.app.inject({
      url: '/api/teachers/profiles/me',
      headers: { authorization: `Bearer ${next.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: user.teacherProfileId, hourlyRate: '7.500' });
  });

  it('defaults the rate to the minimum (0.500 KWD) and promotes a suspended student too', async () => {
    const student = await f.student({ status: 'suspended' });
    const res = await post(`/api/v1/admin/users/${student.user.id}/promote`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { roleId: ROLE.teacher, status: 'suspended', approved: false } });
    const [profile] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, student.user.id));
    expect(profile?.hourlyRateFils).toBe(500);
  });

  it('a student with a profile left from earlier gets it back, waiting for approval', async () => {
    const former = await f.teacher({ roleId: ROLE.student });
    const res = await post(`/api/v1/admin/users/${former.user.id}/promote`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { teacherProfileId: former.profile.id, approved: false } });
    const profiles = await db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, former.user.id));
    expect(profiles).toHaveLength(1);
    expect(profiles[0]?.hourlyRateFils).toBe(former.profile.hourlyRateFils);
  });

  it('422 notStudent for a teacher or an admin, 404 unknown, 422 bad body; nothing changes', async () => {
    const teacher = await f.teacher();
    for (const target of [teacher.user, admin.user]) {
      const res = await post(`/api/v1/admin/users/${target.id}/promote`, {});
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ status: 422, errors: { userId: 'notStudent' } });
      expect(await auditCount(target.id)).toBe(0);
    }
    expect((await post('/api/v1/admin/users/999999/promote', {})).statusCode).toBe(404);

    const student = await f.student();
    for (const body of [{ hourlyRate: 'abc' }, { hourlyRate: '5000' }, { role: 2 }]) {
      const res = await post(`/api/v1/admin/users/${student.user.id}/promote`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const [row] = await db.select().from(users).where(eq(users.id, student.user.id));
    expect(row?.roleId).toBe(ROLE.student);
    expect(await db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, student.user.id))).toHaveLength(0);
  });
});

describe('POST /api/v1/admin/users/:id/suspend and /restore', () => {
  it('suspends: sign-in and refresh refused, every session revoked, sockets closed, audited', async () => {
    const person = await signedIn();
    const second = await signedIn({ email: `second-${randomUUID().slice(0, 6)}@example.com` });
    const id = person.user.id;
    const disconnect = vi.spyOn(ctx.app.realtime, 'disconnectUser');

    const res = await post(`/api/v1/admin/users/${id}/suspend`, { reason: 'Abusive messages' });
    expect(res.statusCode).toBe(200);
    expect(adminUserResponseSchema.parse(res.json()).user).toMatchObject({ id, status: 'suspended' });
    expect(disconnect).toHaveBeenCalledWith(id);
    disconnect.mockRestore();

    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    expect(await latestAudit('user', id)).toMatchObject({
      actorUserId: admin.user.id,
      action: 'user.suspend',
      reason: 'Abusive messages',
      before: { status: 'active' },
      after: { status: 'suspended' },
    });

    const login = await passwordLogin(person.user.email);
    expect(login.statusCode).toBe(422);
    expect(login.json()).toEqual({ status: 422, errors: { email: 'accountSuspended' } });
    expect((await refresh(person.tokens.refreshToken)).statusCode).toBe(401);
    const me = await ctx.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${person.tokens.token}` },
    });
    expect(me.statusCode).toBe(401);
    const detail = adminUserDetailSchema.parse((await get(`/api/v1/admin/users/${id}`)).json());
    expect(detail.activeSessions).toBe(0);

    // Another user's sessions are untouched.
    expect((await refresh(second.tokens.refreshToken)).statusCode).toBe(200);

    // Suspending again changes nothing and writes no second audit row.
    const again = await post(`/api/v1/admin/users/${id}/suspend`, { reason: 'Again please' });
    expect(again.statusCode).toBe(200);
    expect(await auditCount(id)).toBe(1);

    // Restore: active again, audited; the old sessions stay ended, a new sign-in works.
    const restored = await post(`/api/v1/admin/users/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ user: { id, status: 'active' } });
    expect(await latestAudit('user', id)).toMatchObject({
      action: 'user.restore',
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
    expect((await refresh(person.tokens.refreshToken)).statusCode).toBe(401);
    const back = await passwordLogin(person.user.email);
    expect(back.statusCode).toBe(200);
  });

  it('a suspended teacher leaves the search at once', async () => {
    const name = `Suspendable${randomUUID().slice(0, 6)}`;
    const teacher = await f.teacher({ firstName: name });
    const search = async () =>
      (await ctx.app.inject({ url: `/api/teachers/search?search=${name}` })).json() as { total: number };
    expect((await search()).total).toBe(1);
    expect((await post(`/api/v1/admin/users/${teacher.user.id}/suspend`, { reason: 'Fake diploma' })).statusCode).toBe(
      200,
    );
    expect((await search()).total).toBe(0);
    expect((await post(`/api/v1/admin/users/${teacher.user.id}/restore`)).statusCode).toBe(200);
    expect((await search()).total).toBe(1);
  });

  it('422 protectedUser for an admin or oneself, 422 without a reason, 404 unknown; nothing changes', async () => {
    const other = await f.user({ roleId: ROLE.admin });
    for (const target of [other.user.id, admin.user.id]) {
      const res = await post(`/api/v1/admin/users/${target}/suspend`, { reason: 'Testing this' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ status: 422, errors: { userId: 'protectedUser' } });
      const [row] = await db.select().from(users).where(eq(users.id, target));
      expect(row?.status).toBe('active');
      expect(await auditCount(target)).toBe(0);
    }
    const student = await f.student();
    for (const body of [{}, { reason: 'no' }, { reason: 'x'.repeat(501) }, { reason: 'Long enough', extra: 1 }]) {
      const res = await post(`/api/v1/admin/users/${student.user.id}/suspend`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await post('/api/v1/admin/users/999999/suspend', { reason: 'Who is this' })).statusCode).toBe(404);
    expect((await post('/api/v1/admin/users/999999/restore')).statusCode).toBe(404);

    // Restoring an active user changes nothing.
    expect((await post(`/api/v1/admin/users/${student.user.id}/restore`)).statusCode).toBe(200);
    expect(await auditCount(student.user.id)).toBe(0);
  });
});

describe('POST /api/v1/admin/users/:id/resend-confirmation', () => {
  it('mails a fresh link to an unconfirmed e-mail account, audited; the link confirms it', async () => {
    const person = await f.student({ emailConfirmedAt: null, language: 'en' });
    const id = person.user.id;
    const res = await post(`/api/v1/admin/users/${id}/resend-confirmation`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const mail = await latestMailTo(ctx.database, person.user.email);
    expect(mail?.subject).toBe('Confirm your e-mail for Ustaz');
    const link = mail?.links[0];
    expect(link?.pathname).toBe('/en/confirm-email');
    expect(await db.select().from(authTokens).where(eq(authTokens.userId, id))).toHaveLength(1);
    expect(await latestAudit('user', id)).toMatchObject({
      actorUserId: admin.user.id,
      action: 'user.resendConfirmation',
    });

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/confirm',
      payload: { hash: link?.searchParams.get('hash') },
    });
    expect(confirmed.statusCode).toBe(200);
    const again = await post(`/api/v1/admin/users/${id}/resend-confirmation`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, code: 'conflict' });
  });

  it('409 for a confirmed or a Google account, 404 unknown; no audit row', async () => {
    const confirmed = await f.student();
    const google = await f.student({ provider: 'google', googleSub: randomUUID(), emailConfirmedAt: null });
    for (const target of [confirmed, google]) {
      const res = await post(`/api/v1/admin/users/${target.user.id}/resend-confirmation`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict' });
      expect(await auditCount(target.user.id)).toBe(0);
    }
    expect((await post('/api/v1/admin/users/999999/resend-confirmation')).statusCode).toBe(404);
  });
});
