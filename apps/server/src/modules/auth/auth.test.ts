import { createSecretKey, type KeyObject } from 'node:crypto';
import { tokensResponseSchema, userSchema } from '@ustaz/contract';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT_MAX } from '../../config.ts';
import { authTokens, loginFailures, sessions, users } from '../../db/schema.ts';
import { latestMailTo, testConfig } from '../../test/helpers.ts';
import { useTestApp } from '../../test/test-app.ts';
import { authRouteLimit } from './auth.routes.ts';
import { sha256 } from './tokens.ts';

const { t } = useTestApp();
let ipCounter = 1;
/** Each test its own address, so the per-address route limits do not mix tests. */
const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

const PASSWORD = 'Secret123';

async function post(url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextIp()) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}

async function register(email: string, extra: Record<string, unknown> = {}) {
  return post('/api/v1/auth/email/register', {
    firstName: 'Fatma',
    lastName: 'Al-Sabah',
    email,
    password: PASSWORD,
    roleId: 3,
    ...extra,
  });
}

function hashFromLink(url: URL | undefined) {
  const hash = url?.searchParams.get('hash');
  if (!hash) throw new Error('no hash in link');
  return hash;
}

async function confirm(email: string) {
  const mail = await latestMailTo(t.database, email);
  return post('/api/v1/auth/email/confirm', { hash: hashFromLink(mail?.links[0]) });
}

async function login(email: string, password = PASSWORD, ip = nextIp()) {
  return post('/api/v1/auth/email/login', { email, password }, {}, ip);
}

async function signedUp(email: string) {
  expect((await register(email)).statusCode).toBe(201);
  expect((await confirm(email)).statusCode).toBe(200);
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  return tokensResponseSchema.parse(res.json());
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('registration and confirmation', () => {
  it('creates an unconfirmed student and mails a confirmation link in the request language', async () => {
    const res = await post(
      '/api/v1/auth/email/register',
      { firstName: ' Fatma ', lastName: 'Ali', email: 'New.User@Example.com', password: PASSWORD, roleId: 3 },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'new.user@example.com'));
    expect(row).toMatchObject({ roleId: 3, firstName: 'Fatma', emailConfirmedAt: null, language: 'en' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await latestMailTo(t.database, 'new.user@example.com');
    expect(mail?.subject).toBe('Confirm your e-mail for Ustaz');
    expect(mail?.links[0]?.pathname).toBe('/en/confirm-email');
  });

  it('refuses a second account for the same e-mail in any letter case', async () => {
    expect((await register('dup@example.com')).statusCode).toBe(201);
    const again = await register('DUP@example.com');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ status: 422, errors: { email: 'emailAlreadyExists' } });
  });

  it('validates the body and refuses any role but student', async () => {
    const res = await register('role@example.com', { roleId: 1, password: '12345', firstName: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ roleId: 'invalid', password: 'tooShort', firstName: 'required' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'role@example.com'))).toHaveLength(0);
  });

  it('refuses login before confirmation and sends a fresh link; every unexpired link works, once', async () => {
    await register('confirm@example.com');
    const first = await latestMailTo(t.database, 'confirm@example.com');
    const early = await login('confirm@example.com');
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ status: 422, errors: { email: 'emailNotConfirmed' } });
    const second = await latestMailTo(t.database, 'confirm@example.com');
    expect(second?.id).not.toBe(first?.id);

    // The newer mail does not kill the older link: the user may open either.
    const hash = hashFromLink(first?.links[0]);
    expect((await post('/api/v1/auth/email/confirm', { hash })).statusCode).toBe(200);
    // A spent link of the confirmed account says so (issue 30 item 13: "already confirmed, sign in").
    const reused = await post('/api/v1/auth/email/confirm', { hash });
    expect(reused.json()).toEqual({ status: 422, errors: { hash: 'emailAlreadyConfirmed' } });
    // Once confirmed, the other links are spent too, and say the same.
    const other = await post('/api/v1/auth/email/confirm', { hash: hashFromLink(second?.links[0]) });
    expect(other.json()).toEqual({ status: 422, errors: { hash: 'emailAlreadyConfirmed' } });
    // A link nobody was mailed stays invalid.
    const unknown = await post('/api/v1/auth/email/confirm', { hash: 'x'.repeat(43) });
    expect(unknown.json()).toEqual({ status: 422, errors: { hash: 'invalidHash' } });
    expect((await login('confirm@example.com')).statusCode).toBe(200);

    // Only the SHA-256 of the link's secret is stored.
    const stored = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(hash)));
    expect(stored).toHaveLength(1);
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.tokenHash, hash))).toHaveLength(0);
  });

  it('refuses an expired confirmation link', async () => {
    await register('expired@example.com');
    const hash = hashFromLink((await latestMailTo(t.database, 'expired@example.com'))?.links[0]);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.tokenHash, sha256(hash)));
    const res = await post('/api/v1/auth/email/confirm', { hash });
    expect(res.json()).toEqual({ status: 422, errors: { hash: 'hashExpired' } });
  });
});

describe('login', () => {
  it('answers notFound and incorrectPassword on the right fields', async () => {
    await signedUp('login@example.com');
    expect((await login('nobody@example.com')).json()).toEqual({ status: 422, errors: { email: 'notFound' } });
    expect((await login('login@example.com', 'Wrong1234')).json()).toEqual({
      status: 422,
      errors: { password: 'incorrectPassword' },
    });
  });

  it('returns tokens and the user; /auth/me needs the access token', async () => {
    const tokens = await signedUp('me@example.com');
    expect(tokens.user).toMatchObject({
      email: 'me@example.com',
      role: { id: 3, name: 'student' },
      emailConfirmed: true,
    });
    expect(tokens.tokenExpires).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(tokens.tokenExpires).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    const me = await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(tokens.token) });
    expect(me.statusCode).toBe(200);
    expect(userSchema.parse(me.json()).email).toBe('me@example.com');
    expect(me.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/v1/auth/me' })).statusCode).toBe(401);
  });

  it('slows down repeated failures per account with 429 and Retry-After, without locking out', async () => {
    await signedUp('victim@example.com');
    await signedUp('bystander@example.com');
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await login('victim@example.com', 'Wrong1234', ip)).statusCode).toBe(422);
    const throttled = await login('victim@example.com', PASSWORD, ip);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json()).toMatchObject({ status: 429, code: 'tooManyRequests' });
    // Another account from the same address still signs in.
    expect((await login('bystander@example.com', PASSWORD, ip)).statusCode).toBe(200);
    // Once the delay has passed the right password works again: no permanent lockout.
    await t.database.db
      .update(loginFailures)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(loginFailures.email, 'victim@example.com'));
    expect((await login('victim@example.com', PASSWORD, ip)).statusCode).toBe(200);
  });

  it('lifts the auth limits in proportion to RATE_LIMIT_MAX, never below the default', () => {
    expect(authRouteLimit(20, DEFAULT_RATE_LIMIT_MAX)).toBe(20);
    expect(authRouteLimit(20, 5)).toBe(20);
    expect(authRouteLimit(20, DEFAULT_RATE_LIMIT_MAX * 10)).toBe(200);
    expect(authRouteLimit(5, 10_000)).toBe(166);
  });

  it('limits login attempts per address to 20 a minute', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(`x${i}@example.com`, 'Whatever1', ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; reusing a spent one after the grace window revokes the whole family', async () => {
    const first = await signedUp('rotate@example.com');
    const r1 = await post('/api/v1/auth/refresh', undefined, bearer(first.refreshToken));
    expect(r1.statusCode).toBe(200);
    const second = r1.json() as { token: string; refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(second.token) })).statusCode).toBe(200);

    // Past the 10 s grace window (a second tab's simultaneous refresh), a reuse is theft.
    await t.database.db
      .update(sessions)
      .set({ usedAt: sql`now() - interval '11 seconds'` })
      .where(eq(sessions.tokenHash, sha256(first.refreshToken)));
    const reuse = await post('/api/v1/auth/refresh', undefined, bearer(first.refreshToken));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'refreshTokenReused' });
    // The thief's reuse also ended the legitimate latest token.
    expect((await post('/api/v1/auth/refresh', undefined, bearer(second.refreshToken))).statusCode).toBe(401);
  });

  it('concurrent uses of one token (tabs): one rotation, every caller gets the same new pair', async () => {
    const tokens = await signedUp('race@example.com');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/v1/auth/refresh', undefined, bearer(tokens.refreshToken))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const pairs = new Set(results.map((r) => `${r.json().token} ${r.json().refreshToken}`));
    expect(pairs.size).toBe(1);
    // Exactly one successor was stored (the login's row and the one rotation), and it works.
    const [spent] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(tokens.refreshToken)));
    const family = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.familyId, spent?.familyId ?? ''));
    expect(family).toHaveLength(2);
    const next = results[0]?.json() as { refreshToken: string };
    expect((await post('/api/v1/auth/refresh', undefined, bearer(next.refreshToken))).statusCode).toBe(200);
  });

  it('refuses an access token at /refresh, a refresh token as access, and an expired refresh token', async () => {
    const tokens = await signedUp('kinds@example.com');
    expect((await post('/api/v1/auth/refresh', undefined, bearer(tokens.token))).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(tokens.refreshToken) })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/refresh', undefined, {})).statusCode).toBe(401);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, sha256(tokens.refreshToken)));
    expect((await post('/api/v1/auth/refresh', undefined, bearer(tokens.refreshToken))).statusCode).toBe(401);
  });

  it('stores only hashes and ends the session on logout', async () => {
    const tokens = await signedUp('logout@example.com');
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(tokens.refreshToken)));
    expect(row).toBeDefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokens.refreshToken))).toHaveLength(
      0,
    );
    expect((await post('/api/v1/auth/logout', undefined, bearer(tokens.refreshToken))).statusCode).toBe(200);
    expect((await post('/api/v1/auth/refresh', undefined, bearer(tokens.refreshToken))).statusCode).toBe(401);
  });
});

describe('access token forgeries', () => {
  const secret = testConfig().jwtSecret ?? '';
  const key = createSecretKey(Buffer.from(secret));
  const base = () => new SignJWT({ role: 1, sfm: 'x' }).setSubject('1').setIssuedAt();
  /** A token made like ours (HS256, our issuer and audience, 5 minutes, our key) but for `changes`. */
  function forge(
    changes: {
      alg?: string;
      issuer?: string;
      audience?: string;
      issuedAt?: number;
      expires?: string | number;
      key?: KeyObject;
    } = {},
  ) {
    const jwt = base()
      .setProtectedHeader({ alg: changes.alg ?? 'HS256' })
      .setIssuer(changes.issuer ?? 'ustaz')
      .setAudience(changes.audience ?? 'ustaz-api')
      .setExpirationTime(changes.expires ?? '5m');
    if (changes.issuedAt !== undefined) jwt.setIssuedAt(changes.issuedAt);
    return jwt.sign(changes.key ?? key);
  }

  async function meWith(token: string) {
    return (await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).statusCode;
  }

  it('refuses alg none, a wrong key, an edited payload, expiry, and a wrong issuer or audience', async () => {
    const tokens = await signedUp('forge@example.com');
    const [header, payload, signature] = tokens.token.split('.') as [string, string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 1, sub: '1' })).toString('base64url')}.${signature}`;
    const wrongKey = await forge({ key: createSecretKey(Buffer.from('another-secret-another-secret-another-secret')) });
    const expired = await forge({
      issuedAt: Math.floor(Date.now() / 1000) - 3600,
      expires: Math.floor(Date.now() / 1000) - 60,
    });
    const wrongIssuer = await forge({ issuer: 'evil' });
    const wrongAudience = await forge({ audience: 'other' });
    const hs512 = await forge({ alg: 'HS512', key: createSecretKey(Buffer.from(secret.repeat(2))) });
    expect(await meWith(tokens.token)).toBe(200);
    for (const forged of [none, edited, wrongKey, expired, wrongIssuer, wrongAudience, hs512, 'garbage']) {
      expect(await meWith(forged)).toBe(401);
    }
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown e-mails', async () => {
    await signedUp('known@example.com');
    const known = await post('/api/v1/auth/forgot/password', { email: 'known@example.com' });
    const unknown = await post('/api/v1/auth/forgot/password', { email: 'unknown@example.com' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(await latestMailTo(t.database, 'unknown@example.com')).toBeUndefined();
  });

  it('resets once with a valid link, ends every session, and refuses weak passwords', async () => {
    const tokens = await signedUp('reset@example.com');
    await post('/api/v1/auth/forgot/password', { email: 'reset@example.com' }, { 'accept-language': 'ar' });
    const mail = await latestMailTo(t.database, 'reset@example.com');
    const url = mail?.links[0];
    expect(url?.pathname).toBe('/ar/password-change');
    const expires = Number(url?.searchParams.get('expires'));
    expect(expires).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    const hash = hashFromLink(url);

    const weak = await post('/api/v1/auth/reset/password', { hash, password: 'alllowercase1' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBeDefined();

    expect((await post('/api/v1/auth/reset/password', { hash, password: 'NewPass123' })).statusCode).toBe(200);
    expect((await post('/api/v1/auth/reset/password', { hash, password: 'Other1234' })).json()).toEqual({
      status: 422,
      errors: { hash: 'invalidHash' },
    });
    // Every earlier session is over; the new password works, the old one does not.
    expect((await post('/api/v1/auth/refresh', undefined, bearer(tokens.refreshToken))).statusCode).toBe(401);
    expect((await login('reset@example.com', PASSWORD)).statusCode).toBe(422);
    expect((await login('reset@example.com', 'NewPass123')).statusCode).toBe(200);
  });

  it('refuses an expired or unknown reset link', async () => {
    await signedUp('late@example.com');
    await post('/api/v1/auth/forgot/password', { email: 'late@example.com' });
    const hash = hashFromLink((await latestMailTo(t.database, 'late@example.com'))?.links[0]);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256(hash)));
    expect((await post('/api/v1/auth/reset/password', { hash, password: 'NewPass123' })).json()).toEqual({
      status: 422,
      errors: { hash: 'hashExpired' },
    });
    expect(
      (await post('/api/v1/auth/reset/password', { hash: 'x'.repeat(43), password: 'NewPass123' })).json(),
    ).toEqual({ status: 422, errors: { hash: 'invalidHash' } });
  });
});

describe('profile', () => {
  const patchMe = (token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', headers: bearer(token), payload });

  it('refuses unknown fields (role, e-mail confirmation, status...) with 422 and changes nothing', async () => {
    const tokens = await signedUp('mass@example.com');
    const res = await patchMe(tokens.token, {
      firstName: '  Noura ',
      lastName: 'Al-Ali',
      role: { id: 1 },
      roleId: 1,
      balance: 1000,
      status: 'active',
      emailConfirmed: false,
      price: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 422,
      errors: {
        role: 'unknownField',
        roleId: 'unknownField',
        balance: 'unknownField',
        status: 'unknownField',
        emailConfirmed: 'unknownField',
        price: 'unknownField',
      },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'mass@example.com'));
    expect(row).toMatchObject({ roleId: 3, firstName: 'Fatma', status: 'active' });
    const names = await patchMe(tokens.token, { firstName: '  Noura ', lastName: 'Al-Ali' });
    expect(names.json()).toMatchObject({
      firstName: 'Noura',
      lastName: 'Al-Ali',
      role: { id: 3 },
      emailConfirmed: true,
    });
  });

  it('keeps the e-mail read-only and validates names', async () => {
    const tokens = await signedUp('readonly@example.com');
    const changed = await patchMe(tokens.token, { email: 'other@example.com' });
    expect(changed.json()).toEqual({ status: 422, errors: { email: 'readOnly' } });
    const same = await patchMe(tokens.token, { email: 'READONLY@example.com', firstName: '   ' });
    expect(same.json()).toEqual({ status: 422, errors: { firstName: 'required' } });
  });

  it("shows another user's public profile without the e-mail, and one's own in full", async () => {
    const a = await signedUp('alice@example.com');
    const b = await signedUp('bob@example.com');
    const other = await t.app.inject({ url: `/api/v1/auth/users/${b.user.id}`, headers: bearer(a.token) });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({
      id: b.user.id,
      firstName: 'Fatma',
      lastName: 'Al-Sabah',
      role: { id: 3, name: 'student' },
      photo: null,
    });
    const own = await t.app.inject({ url: `/api/v1/auth/users/${a.user.id}`, headers: bearer(a.token) });
    expect(own.json()).toMatchObject({ email: 'alice@example.com' });
    expect((await t.app.inject({ url: '/api/v1/auth/users/999999', headers: bearer(a.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/auth/users/${b.user.id}` })).statusCode).toBe(401);
  });
});
