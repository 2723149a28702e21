import { SIGN_IN_LINK, tokensResponseSchema } from '@ustaz/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, loginFailures, users } from '../../db/schema.ts';
import { TEST_PASSWORD as PASSWORD, signedUpByEmail } from '../../test/accounts.ts';
import { latestMailTo } from '../../test/helpers.ts';
import { useTestApp } from '../../test/test-app.ts';
import { sha256 } from './tokens.ts';

/*
 * Issue 29 "Trust, second round": sign-in lockout. Past the account-wide cap (50 failures in 15
 * minutes from every address together) an address the owner has not signed in from must wait; the
 * 429 says `accountThrottled`, and the owner gets in through a one-time link mailed to the account
 * (POST /auth/sign-in-link, then /auth/sign-in-link/verify). Through the real routes and database.
 */

const { t } = useTestApp();
let ipCounter = 1;
const nextIp = () => `10.29.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
const HUDA = { firstName: 'Huda', lastName: 'Ali' };

function post(url: string, payload: unknown, remoteAddress = nextIp(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers });
}
const login = (email: string, password: string, ip = nextIp()) =>
  post('/api/v1/auth/email/login', { email, password }, ip);
const askLink = (email: string, ip = nextIp(), language = 'en') =>
  post('/api/v1/auth/sign-in-link', { email }, ip, { 'accept-language': language });
const verify = (hash: string, ip = nextIp()) => post('/api/v1/auth/sign-in-link/verify', { hash }, ip);

async function mailedHash(email: string) {
  const mail = await latestMailTo(t.database, email);
  const link = mail?.links[0];
  const hash = link?.searchParams.get('hash');
  if (!mail || !link || !hash) throw new Error(`no sign-in link mailed to ${email}`);
  return { mail, link, hash };
}

/** Past the account-wide cap: wrong passwords from `addresses` different addresses, then 60 s to wait. */
async function besiege(email: string, addresses: number) {
  for (let i = 0; i < addresses; i++) {
    const res = await login(email, 'Wrong1234');
    expect([422, 429]).toContain(res.statusCode);
  }
  // Ten more failures a moment ago, so the account-wide wait is its full 60 s however slow the run
  // (after the 50th failure the next new address waits 2 s, then 4 s...).
  await t.database.db
    .insert(loginFailures)
    .values(Array.from({ length: 10 }, (_, i) => ({ email, ip: `172.29.0.${i}` })));
}

/** A mail sent a minute and more ago, so another one may be sent (one a minute per account). */
async function ageLinks(userEmail: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, userEmail));
  await t.database.db
    .update(authTokens)
    .set({ createdAt: sql`now() - interval '2 minutes'` })
    .where(and(eq(authTokens.userId, user?.id ?? 0), eq(authTokens.kind, 'sign_in')));
}

describe('sign-in past the account-wide cap (issue 29)', () => {
  it('cap reached from many addresses: a new device is offered a link; it signs in once, a second use fails, the device is then known', async () => {
    const email = 'besieged-owner@example.com';
    const home = nextIp();
    await signedUpByEmail(t, email, HUDA, home);
    await besiege(email, 55);

    const device = nextIp();
    const refused = await login(email, PASSWORD, device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, code: 'accountThrottled' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The owner asks for a link from the new device: it is mailed to the account, in the page's language.
    const asked = await askLink(email, device);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true });
    const { mail, link, hash } = await mailedHash(email);
    expect(mail.subject).toBe('Your sign-in link for Ustaz');
    expect(mail.text).toContain(`valid for ${SIGN_IN_LINK.validMinutes} minutes and works once`);
    expect(link.pathname).toBe('/en/sign-in-link');
    // Stored hashed only, valid 15 minutes.
    const [stored] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(hash)));
    expect(stored).toMatchObject({ kind: 'sign_in', usedAt: null });
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.tokenHash, hash))).toEqual([]);
    const validFor = (stored?.expiresAt.getTime() ?? 0) - Date.now();
    expect(validFor).toBeGreaterThan(14 * 60_000);
    expect(validFor).toBeLessThanOrEqual(15 * 60_000);

    // Opening it signs in like a password sign-in: a token pair that works, and the user.
    const signedIn = await verify(hash, device);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const tokens = tokensResponseSchema.parse(signedIn.json());
    expect(tokens.user.email).toBe(email);
    const me = await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${tokens.token}` } });
    expect(me.statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { authorization: `Bearer ${tokens.refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(200);

    // Once only.
    const again = await verify(hash, nextIp());
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ status: 422, errors: { hash: 'invalidHash' } });

    // The device is now an address the owner signed in from: the cap no longer applies to it; still to others.
    expect((await login(email, PASSWORD, device)).statusCode).toBe(200);
    const stranger = await login(email, PASSWORD, nextIp());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().code).toBe('accountThrottled');
  });

  it('an unknown e-mail answers the same and nothing is mailed; so do unconfirmed and suspended accounts', async () => {
    const known = 'link-known@example.com';
    await signedUpByEmail(t, known, HUDA);
    const unconfirmed = 'link-unconfirmed@example.com';
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/register',
      payload: { ...HUDA, email: unconfirmed, password: PASSWORD },
      remoteAddress: nextIp(),
    });
    const suspended = 'link-suspended@example.com';
    await signedUpByEmail(t, suspended, HUDA);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.email, suspended));
    const mailsBefore = {
      unconfirmed: (await latestMailTo(t.database, unconfirmed))?.id,
      suspended: (await latestMailTo(t.database, suspended))?.id,
    };

    const answers = await Promise.all(
      [known, 'nobody-at-all@example.com', unconfirmed, suspended].map((email) => askLink(email)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect((await mailedHash(known)).link.pathname).toBe('/en/sign-in-link');
    expect(await latestMailTo(t.database, 'nobody-at-all@example.com')).toBeUndefined();
    expect((await latestMailTo(t.database, unconfirmed))?.id).toBe(mailsBefore.unconfirmed);
    expect((await latestMailTo(t.database, suspended))?.id).toBe(mailsBefore.suspended);
  });

  it('a newer link ends the older; one mail a minute per account; an expired link says so; a reset hash is not a sign-in link', async () => {
    const email = 'link-newer@example.com';
    await signedUpByEmail(t, email, HUDA);
    await askLink(email, nextIp(), 'ar');
    const first = await mailedHash(email);
    expect(first.mail.subject).toBe('رابط تسجيل الدخول إلى أستاذ');
    expect(first.link.pathname).toBe('/ar/sign-in-link');
    // Asked again within the minute: no second mail, the first link still works.
    await askLink(email);
    expect((await latestMailTo(t.database, email))?.id).toBe(first.mail.id);

    await ageLinks(email);
    await askLink(email);
    const second = await mailedHash(email);
    expect(second.hash).not.toBe(first.hash);
    expect((await verify(first.hash)).json()).toEqual({ status: 422, errors: { hash: 'invalidHash' } });

    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256(second.hash)));
    expect((await verify(second.hash)).json()).toEqual({ status: 422, errors: { hash: 'hashExpired' } });

    await post('/api/v1/auth/forgot/password', { email });
    const reset = (await latestMailTo(t.database, email))?.links[0]?.searchParams.get('hash') ?? '';
    expect(reset).not.toBe('');
    expect((await verify(reset)).json()).toEqual({ status: 422, errors: { hash: 'invalidHash' } });
  });

  it('two uses of one link at once: one signs in, the other is refused', async () => {
    const email = 'link-race@example.com';
    await signedUpByEmail(t, email, HUDA);
    await askLink(email);
    const { hash } = await mailedHash(email);
    const answers = await Promise.all([verify(hash), verify(hash), verify(hash)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422]);
  });

  it('is rate limited per address; an address past its own delay still gets tooManyRequests', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await askLink(`limit${i}@example.com`, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const email = 'link-own-delay@example.com';
    await signedUpByEmail(t, email, HUDA);
    const attacker = nextIp();
    for (let i = 0; i < 10; i++) await login(email, 'Wrong1234', attacker);
    const blocked = await login(email, PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('tooManyRequests');
  });

  it('a link signs in a suspended account no more: 422 accountSuspended, and the link is not spent', async () => {
    const email = 'link-then-suspended@example.com';
    await signedUpByEmail(t, email, HUDA);
    await askLink(email);
    const { hash } = await mailedHash(email);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.email, email));
    expect((await verify(hash)).json()).toEqual({ status: 422, errors: { hash: 'accountSuspended' } });
    const [stored] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(hash)));
    expect(stored?.usedAt).toBeNull();
  });
});

describe('the API docs', () => {
  it('list both sign-in link calls', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, { post?: unknown }> };
    expect(doc.paths['/api/v1/auth/sign-in-link']?.post).toBeTruthy();
    expect(doc.paths['/api/v1/auth/sign-in-link/verify']?.post).toBeTruthy();
  });
});
