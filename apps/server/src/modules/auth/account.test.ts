import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROLE, tokensResponseSchema } from '@ustaz/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authTokens,
  files,
  ledgerEntries,
  loginFailures,
  reservations,
  sessions,
  teacherProfiles,
  users,
} from '../../db/schema.ts';
import { TEST_PASSWORD as PASSWORD, registerByEmail, signedUpByEmail } from '../../test/accounts.ts';
import { latestMailTo, testConfig } from '../../test/helpers.ts';
import { fundWallet } from '../../test/money.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createFilesService } from '../files/files.service.ts';
import { sha256 } from './tokens.ts';

/**
 * Accounts as users expect them (issue 13): logout with the access token, strict profile
 * updates, password change, confirmation links, account deletion, refresh from two tabs and
 * sign-in throttling per account and address.
 */

const { t, f } = useTestApp();
let ipCounter = 1;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
const uploadsDir = testConfig().uploadsDir;

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function post(url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress = nextIp()) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}

/** A request as `who`: an access token, a user made by the factories (their headers), or nobody. */
function call(
  method: 'PATCH' | 'DELETE' | 'GET',
  url: string,
  who: string | { headers: Record<string, string> } | null,
  payload?: unknown,
) {
  const headers = typeof who === 'string' ? bearer(who) : (who?.headers ?? {});
  return t.app.inject({ method, url, payload: payload as object, headers, remoteAddress: nextIp() });
}

function hashFromLink(url: URL | undefined) {
  const hash = url?.searchParams.get('hash');
  if (!hash) throw new Error('no hash in link');
  return hash;
}

const HUDA = { firstName: 'Huda', lastName: 'Ali' };
const register = (email: string) => registerByEmail(t, email, HUDA);

async function login(email: string, password = PASSWORD, ip = nextIp()) {
  return post('/api/v1/auth/email/login', { email, password }, {}, ip);
}

const signedUp = (email: string, ip = nextIp()) => signedUpByEmail(t, email, HUDA, ip);

/** A factory user turned into a Google-only account: deleting it needs no password. */
async function asGoogleAccount(userId: number) {
  await t.database.db
    .update(users)
    .set({ provider: 'google', googleSub: `g-${userId}` })
    .where(eq(users.id, userId));
}

const me = async (token: string) => (await call('GET', '/api/v1/auth/me', token)).statusCode;
const refresh = (refreshToken: string) => post('/api/v1/auth/refresh', undefined, bearer(refreshToken));

describe('logout', () => {
  it('with only the access token ends that session: its refresh token and access token are refused', async () => {
    const email = 'logout-access@example.com';
    const session = await signedUp(email);
    const other = tokensResponseSchema.parse((await login(email)).json());

    const res = await post('/api/v1/auth/logout', undefined, bearer(session.token));
    expect(res.statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect(await me(session.token)).toBe(401);
    // The user's other session lives on.
    expect(await me(other.token)).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('is 401 when it ends nothing: again, a spent session, an unknown or missing bearer', async () => {
    const session = await signedUp('logout-twice@example.com');
    expect((await post('/api/v1/auth/logout', undefined, bearer(session.refreshToken))).statusCode).toBe(200);
    for (const headers of [bearer(session.refreshToken), bearer(session.token), bearer('x'.repeat(43)), {}]) {
      const again = await post('/api/v1/auth/logout', undefined, headers);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });
});

describe('authentication comes before validation', () => {
  it('answers 401 (not 422) to a bad body without a valid token, on auth and other modules', async () => {
    const bad = { firstName: 42, role: 1 };
    expect((await call('PATCH', '/api/v1/auth/me', null, bad)).statusCode).toBe(401);
    expect((await call('PATCH', '/api/v1/auth/me', 'garbage', bad)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/v1/auth/me', null, { nope: true })).statusCode).toBe(401);
    const booking = await post('/api/v1/booking/single', { timeSlotId: 'x' });
    expect(booking.statusCode).toBe(401);
    expect((await post('/api/reviews', { rating: 'ten' })).statusCode).toBe(401);
    // With a valid token the same body is a 422 with field codes.
    const student = await f.student();
    const res = await call('PATCH', '/api/v1/auth/me', student, bad);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ firstName: 'invalidType', role: 'unknownField' });
  });

  it('answers 403 (not 422) to a non-admin on an admin route with a bad body', async () => {
    const student = await f.student();
    const res = await post('/api/v1/admin/subjects', { nameAr: 42 }, student.headers);
    expect(res.statusCode).toBe(403);
  });
});

describe('password change on the profile', () => {
  it('checks the current password, keeps this session and ends the others', async () => {
    const email = 'change@example.com';
    const mine = await signedUp(email);
    const other = tokensResponseSchema.parse((await login(email)).json());

    const wrong = await call('PATCH', '/api/v1/auth/me', mine.token, {
      oldPassword: 'Nope12345',
      password: 'Brand9new',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ status: 422, errors: { oldPassword: 'incorrectPassword' } });
    const missing = await call('PATCH', '/api/v1/auth/me', mine.token, { password: 'Brand9new' });
    expect(missing.json()).toEqual({ status: 422, errors: { oldPassword: 'required' } });
    const short = await call('PATCH', '/api/v1/auth/me', mine.token, { oldPassword: PASSWORD, password: '123' });
    expect(short.json()).toEqual({ status: 422, errors: { password: 'tooShort' } });
    // Nothing changed so far: the other session still refreshes.
    const otherNext = await refresh(other.refreshToken);
    expect(otherNext.statusCode).toBe(200);
    const otherPair = otherNext.json() as { token: string; refreshToken: string };

    const ok = await call('PATCH', '/api/v1/auth/me', mine.token, { oldPassword: PASSWORD, password: 'Brand9new' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // The other session is over at once; this one goes on.
    expect(await me(otherPair.token)).toBe(401);
    expect((await refresh(otherPair.refreshToken)).statusCode).toBe(401);
    expect(await me(mine.token)).toBe(200);
    expect((await refresh(mine.refreshToken)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).json()).toEqual({ status: 422, errors: { password: 'incorrectPassword' } });
    expect((await login(email, 'Brand9new')).statusCode).toBe(200);
  });
});

describe('confirmation links', () => {
  it('the expired-link page can ask for a new link: same answer for any e-mail, earlier links stay valid', async () => {
    const email = 'resend@example.com';
    await register(email);
    const first = await latestMailTo(t.database, email);
    // Within a minute of the last mail no second one is sent.
    const soon = await post('/api/v1/auth/email/resend', { email });
    expect(soon.statusCode).toBe(200);
    expect((await latestMailTo(t.database, email))?.id).toBe(first?.id);

    await t.database.db
      .update(authTokens)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(authTokens.tokenHash, sha256(hashFromLink(first?.links[0]))));
    const known = await post('/api/v1/auth/email/resend', { email: 'RESEND@example.com' });
    const unknown = await post('/api/v1/auth/email/resend', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await latestMailTo(t.database, 'nobody-here@example.com')).toBeUndefined();
    const second = await latestMailTo(t.database, email);
    expect(second?.id).not.toBe(first?.id);
    expect(second?.links[0]?.pathname).toBe('/ar/confirm-email');

    // Both links are valid until one of them confirms the e-mail; then the other says so (issue 30 item 13).
    expect((await post('/api/v1/auth/email/confirm', { hash: hashFromLink(second?.links[0]) })).statusCode).toBe(200);
    expect((await post('/api/v1/auth/email/confirm', { hash: hashFromLink(first?.links[0]) })).json()).toEqual({
      status: 422,
      errors: { hash: 'emailAlreadyConfirmed' },
    });
    // A confirmed account gets no mail.
    const confirmed = await latestMailTo(t.database, email);
    await post('/api/v1/auth/email/resend', { email });
    expect((await latestMailTo(t.database, email))?.id).toBe(confirmed?.id);
  });

  it('is rate limited per address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post('/api/v1/auth/email/resend', { email: `r${i}@example.com` }, {}, ip)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('reset links still follow "the newer kills the older"', async () => {
    const email = 'reset-newer@example.com';
    await signedUp(email);
    await post('/api/v1/auth/forgot/password', { email });
    const first = hashFromLink((await latestMailTo(t.database, email))?.links[0]);
    await post('/api/v1/auth/forgot/password', { email });
    const second = hashFromLink((await latestMailTo(t.database, email))?.links[0]);
    expect((await post('/api/v1/auth/reset/password', { hash: first, password: 'NewPass123' })).json()).toEqual({
      status: 422,
      errors: { hash: 'invalidHash' },
    });
    expect((await post('/api/v1/auth/reset/password', { hash: second, password: 'NewPass123' })).statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  const HOUR = 60 * 60 * 1000;

  it('is refused with 409 while the user has an upcoming lesson, as student or as teacher', async () => {
    const email = 'busy-student@example.com';
    const student = await signedUp(email);
    const teacher = await f.teacher();
    await asGoogleAccount(teacher.user.id);
    const reservation = await f.lessonBetween(student, teacher, 'confirmed', {
      start: new Date(Date.now() + 48 * HOUR),
    });
    const asStudent = await call('DELETE', '/api/v1/auth/me', student.token, { password: PASSWORD });
    expect(asStudent.statusCode).toBe(409);
    expect(asStudent.json()).toMatchObject({ status: 409, code: 'hasUpcomingReservations' });
    const asTeacher = await call('DELETE', '/api/v1/auth/me', teacher.headers.authorization.slice(7));
    expect(asTeacher.json()).toMatchObject({ status: 409, code: 'hasUpcomingReservations' });
    // Nothing happened: both still sign in and keep their data.
    expect(await me(student.token)).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, student.user.id));
    expect(row).toMatchObject({ email, status: 'active', deletedAt: null });

    // Once the lesson is cancelled the account can go.
    await t.database.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, reservation.id));
    expect((await call('DELETE', '/api/v1/auth/me', student.token, { password: PASSWORD })).statusCode).toBe(200);
  });

  it('an e-mail account without a password hash cannot be deleted without one', async () => {
    const student = await f.student();
    const res = await call('DELETE', '/api/v1/auth/me', student, { password: 'Anything1' });
    expect(res.json()).toEqual({ status: 422, errors: { password: 'incorrectPassword' } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, student.user.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('asks for the current password', async () => {
    const session = await signedUp('delete-password@example.com');
    const none = await call('DELETE', '/api/v1/auth/me', session.token);
    expect(none.json()).toEqual({ status: 422, errors: { password: 'required' } });
    const wrong = await call('DELETE', '/api/v1/auth/me', session.token, { password: 'Wrong1234' });
    expect(wrong.json()).toEqual({ status: 422, errors: { password: 'incorrectPassword' } });
    const extra = await call('DELETE', '/api/v1/auth/me', session.token, { password: PASSWORD, force: true });
    expect(extra.json()).toEqual({ status: 422, errors: { force: 'unknownField' } });
    expect(await me(session.token)).toBe(200);
  });

  it('anonymises the account, ends its sessions, removes its uploads and keeps the ledger', async () => {
    const email = 'leaving@example.com';
    const session = await signedUp(email);
    const userId = session.user.id;
    const second = tokensResponseSchema.parse((await login(email)).json());
    const uploaded = await createFilesService(t.database.db, uploadsDir).saveImage(userId, PNG_1X1);
    expect(
      (await call('PATCH', '/api/v1/auth/me', session.token, { photo: { id: uploaded.file.id } })).statusCode,
    ).toBe(200);
    const [fileRow] = await t.database.db.select().from(files).where(eq(files.id, uploaded.file.id));
    const onDisk = path.join(uploadsDir, fileRow?.storageKey ?? 'missing');
    expect(existsSync(onDisk)).toBe(true);
    // A past lesson and money in the ledger.
    const teacher = await f.teacher();
    await f.reservation({ studentId: userId, teacherId: teacher.profile.id, status: 'completed' });
    await fundWallet(t.database.db, userId, 5_000);
    const entriesBefore = await t.database.db.select().from(ledgerEntries);

    const res = await call('DELETE', '/api/v1/auth/me', session.token, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.email).toMatch(/^deleted-\d+-[0-9a-f]{12}@deleted\.invalid$/);
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'user',
      passwordHash: null,
      googleSub: null,
      photoFileId: null,
      status: 'suspended',
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // Every session ended: access and refresh tokens of both are refused.
    for (const pair of [session, second]) {
      expect(await me(pair.token)).toBe(401);
      expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    }
    const [live] = await t.database.db
      .select({ n: count() })
      .from(sessions)
      .where(sql`${sessions.userId} = ${userId} and ${sessions.revokedAt} is null`);
    expect(live?.n).toBe(0);
    // Uploads: the row and the file on disk are gone.
    expect(await t.database.db.select().from(files).where(eq(files.ownerId, userId))).toHaveLength(0);
    expect(existsSync(onDisk)).toBe(false);
    // The ledger is untouched, the past lesson stays.
    expect(await t.database.db.select().from(ledgerEntries)).toEqual(entriesBefore);
    expect(await t.database.db.select().from(reservations).where(eq(reservations.studentId, userId))).toHaveLength(1);
    // The old e-mail no longer signs in, and can register again.
    expect((await login(email)).json()).toEqual({ status: 422, errors: { email: 'notFound' } });
    await register(email);
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(inArray(users.email, [email])),
    ).toHaveLength(1);
  });

  it("unlists a teacher's profile and clears its texts", async () => {
    const teacher = await f.teacher({ profile: { bioEn: 'About me', bioAr: 'عني', videoUrl: 'https://youtu.be/x' } });
    await asGoogleAccount(teacher.user.id);
    const token = teacher.headers.authorization.slice(7);
    const listedBefore = await call('GET', `/api/teachers/profiles/${teacher.profile.id}`, null);
    expect(listedBefore.statusCode).toBe(200);
    expect((await call('DELETE', '/api/v1/auth/me', token)).statusCode).toBe(200);
    const [profile] = await t.database.db
      .select()
      .from(teacherProfiles)
      .where(eq(teacherProfiles.id, teacher.profile.id));
    expect(profile).toMatchObject({ approvedAt: null, bioEn: '', bioAr: '', videoUrl: null });
    expect((await call('GET', `/api/teachers/profiles/${teacher.profile.id}`, null)).statusCode).toBe(404);
    expect(teacher.user.roleId).toBe(ROLE.teacher);
  });
});

describe('refresh from two tabs', () => {
  it('the same token again within the grace window gets the same pair; the family lives on', async () => {
    const first = await signedUp('tabs@example.com');
    const a = await refresh(first.refreshToken);
    const b = await refresh(first.refreshToken);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const pair = a.json() as { token: string; refreshToken: string };
    expect(await me(pair.token)).toBe(200);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
  });

  it('after the grace window the reuse revokes the family', async () => {
    const first = await signedUp('tabs-late@example.com');
    const pair = (await refresh(first.refreshToken)).json() as { token: string; refreshToken: string };
    await t.database.db
      .update(sessions)
      .set({ usedAt: sql`now() - interval '11 seconds'` })
      .where(eq(sessions.tokenHash, sha256(first.refreshToken)));
    const late = await refresh(first.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'refreshTokenReused' });
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    expect(await me(pair.token)).toBe(401);
  });

  it('a token whose successor was already used is a reuse even inside the window', async () => {
    const first = await signedUp('tabs-twice@example.com');
    const second = (await refresh(first.refreshToken)).json() as { refreshToken: string };
    const third = (await refresh(second.refreshToken)).json() as { refreshToken: string };
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
  });
});

describe('sign-in throttling per account and address', () => {
  it("an attacker's failures from one address do not lock the owner out from another", async () => {
    const email = 'owner@example.com';
    await signedUp(email);
    const attacker = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await login(email, 'Wrong1234', attacker);
      expect([422, 429]).toContain(res.statusCode);
    }
    const blocked = await login(email, PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, at once.
    expect((await login(email, PASSWORD, nextIp())).statusCode).toBe(200);
    // And the owner's success does not lift the attacker's delay.
    expect((await login(email, PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('past the account-wide cap new addresses wait, an address the owner signed in from does not', async () => {
    const email = 'besieged@example.com';
    const home = nextIp();
    await signedUp(email, home);
    await t.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 60 }, (_, i) => ({ email, ip: `172.16.${Math.floor(i / 4)}.${i % 4}` })));
    const stranger = await login(email, PASSWORD, nextIp());
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(email, PASSWORD, home)).statusCode).toBe(200);
  });
});
