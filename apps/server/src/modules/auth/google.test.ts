import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokensResponseSchema, userSchema, websiteSettingsSchema } from '@ustaz/contract';
import { eq, sql } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { confirmByMail, TEST_PASSWORD as PASSWORD, registerByEmail } from '../../test/accounts.ts';
import { createTestApp } from '../../test/helpers.ts';
import { useTestApp } from '../../test/test-app.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const KID = 'test-key-1';

let ipCounter = 1;
const nextIp = () => `10.7.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

let jwksServer: Server;
let jwksRequests = 0;
let googleKey: CryptoKey;
let otherKey: CryptoKey;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  googleKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((request, response) => {
    if (request.url !== '/jwks') {
      response.writeHead(404).end();
      return;
    }
    jwksRequests++;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await createTestApp({ google: { clientId: CLIENT_ID, jwksUrl: `http://127.0.0.1:${port}/jwks` } });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

type TokenOptions = {
  claims?: JWTPayload & Record<string, unknown>;
  key?: CryptoKey;
  kid?: string;
  issuer?: string;
  audience?: string;
  expiresAt?: number;
  issuedAt?: number;
};

const now = () => Math.floor(Date.now() / 1000);

function idToken(sub: string, email: string, options: TokenOptions = {}) {
  return new SignJWT({
    email,
    email_verified: true,
    given_name: 'Huda',
    family_name: 'Al-Mutairi',
    name: 'Huda Al-Mutairi',
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt(options.issuedAt ?? now())
    .setExpirationTime(options.expiresAt ?? now() + 3600)
    .sign(options.key ?? googleKey);
}

function googleLogin(app: typeof t.app, token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/google/login',
    payload: { idToken: token },
    remoteAddress: nextIp(),
  });
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function userCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

async function registerWithPassword(email: string, confirm: boolean) {
  await registerByEmail(t, email, { firstName: 'Reem', lastName: 'Al-Kandari' });
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error('not registered');
  if (confirm) await confirmByMail(t, email);
  return row;
}

function passwordLogin(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/login',
    payload: { email, password: PASSWORD },
    remoteAddress: nextIp(),
  });
}

describe('POST /api/v1/auth/google/login', () => {
  it('signs a new Google user in as a confirmed student, keyed by sub', async () => {
    const before = await userCount();
    const res = await googleLogin(t.app, await idToken('google-sub-1', 'Huda@Example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = tokensResponseSchema.parse(res.json());
    expect(body.token).not.toBe('');
    expect(body.refreshToken).not.toBe('');
    expect(body.tokenExpires).toBeGreaterThan(Date.now());
    expect(body.user).toMatchObject({
      email: 'huda@example.com',
      firstName: 'Huda',
      lastName: 'Al-Mutairi',
      role: { id: 3, name: 'student' },
      provider: 'google',
      emailConfirmed: true,
      photo: null,
    });
    expect(await userCount()).toBe(before + 1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({ googleSub: 'google-sub-1', passwordHash: null, roleId: 3 });

    // The access token works.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(userSchema.parse(me.json()).id).toBe(body.user.id);
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('drops bidi controls and zero-width characters from a Google name (issue 29)', async () => {
    const token = await idToken('google-sub-rlo', 'rlo@example.com', {
      claims: { given_name: 'Hu\u202Eda\u200B', family_name: '\u2066Al-Mutairi\uFEFF' },
    });
    const res = await googleLogin(t.app, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(tokensResponseSchema.parse(res.json()).user).toMatchObject({ firstName: 'Huda', lastName: 'Al-Mutairi' });
  });

  it('finds the same account again by sub, even when the Google e-mail changed', async () => {
    const first = tokensResponseSchema.parse(
      (await googleLogin(t.app, await idToken('google-sub-2', 'same@example.com'))).json(),
    );
    const before = await userCount();
    const again = await googleLogin(t.app, await idToken('google-sub-2', 'same@example.com'));
    expect(again.statusCode).toBe(200);
    expect(tokensResponseSchema.parse(again.json()).user.id).toBe(first.user.id);
    const renamed = await googleLogin(t.app, await idToken('google-sub-2', 'renamed@example.com'));
    expect(renamed.statusCode).toBe(200);
    expect(tokensResponseSchema.parse(renamed.json()).user.id).toBe(first.user.id);
    expect(await userCount()).toBe(before);
    // Each sign-in is its own session.
    expect(tokensResponseSchema.parse(again.json()).refreshToken).not.toBe(first.refreshToken);
  });

  it('accepts the issuer without the scheme, as Google also issues it', async () => {
    const res = await googleLogin(
      t.app,
      await idToken('google-sub-3', 'bare-iss@example.com', { issuer: 'accounts.google.com' }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('links a confirmed password account with the same e-mail when Google verified it', async () => {
    const existing = await registerWithPassword('linked@example.com', true);
    const before = await userCount();
    const res = await googleLogin(t.app, await idToken('google-sub-link', 'LINKED@example.com'));
    expect(res.statusCode).toBe(200);
    const body = tokensResponseSchema.parse(res.json());
    expect(body.user.id).toBe(existing.id);
    expect(body.user).toMatchObject({ email: 'linked@example.com', firstName: 'Reem', emailConfirmed: true });
    expect(await userCount()).toBe(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row?.googleSub).toBe('google-sub-link');
    // The owner's password still works.
    expect((await passwordLogin('linked@example.com')).statusCode).toBe(200);
    // And the next Google sign-in finds the account by sub.
    const again = await googleLogin(t.app, await idToken('google-sub-link', 'linked@example.com'));
    expect(tokensResponseSchema.parse(again.json()).user.id).toBe(existing.id);
  });

  it('does not link an existing account when Google has not verified the e-mail', async () => {
    const existing = await registerWithPassword('unverified@example.com', true);
    const res = await googleLogin(
      t.app,
      await idToken('google-sub-unverified', 'unverified@example.com', { claims: { email_verified: false } }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, code: 'invalidGoogleToken' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row?.googleSub).toBeNull();
  });

  it('creates no account for an e-mail Google has not verified', async () => {
    const res = await googleLogin(
      t.app,
      await idToken('google-sub-new-unverified', 'fresh-unverified@example.com', { claims: { email_verified: false } }),
    );
    expect(res.statusCode).toBe(401);
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'fresh-unverified@example.com')),
    ).toHaveLength(0);
  });

  it('keeps an account keyed by its Google subject: another Google account with the same e-mail is refused', async () => {
    const first = await googleLogin(t.app, await idToken('google-sub-owner', 'owned@example.com'));
    expect(first.statusCode).toBe(200);
    const other = await googleLogin(t.app, await idToken('google-sub-intruder', 'owned@example.com'));
    expect(other.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'owned@example.com'));
    expect(row?.googleSub).toBe('google-sub-owner');
  });

  it('does not let a password set on a never-confirmed account survive a Google link (pre-hijacking)', async () => {
    // Someone registers the victim's address with their own password but cannot confirm it...
    const squatted = await registerWithPassword('victim@example.com', false);
    expect((await passwordLogin('victim@example.com')).json()).toEqual({
      status: 422,
      errors: { email: 'emailNotConfirmed' },
    });
    // ...then the owner signs in with Google: the account is theirs, now confirmed.
    const res = await googleLogin(t.app, await idToken('google-sub-victim', 'victim@example.com'));
    expect(res.statusCode).toBe(200);
    expect(tokensResponseSchema.parse(res.json()).user).toMatchObject({ id: squatted.id, emailConfirmed: true });
    // The squatter's password must not open it.
    const squatter = await passwordLogin('victim@example.com');
    expect(squatter.statusCode).toBe(422);
    expect(squatter.json()).toEqual({ status: 422, errors: { password: 'incorrectPassword' } });
  });

  describe('refuses a token that Google did not issue for this app (401, nobody created)', () => {
    const cases: [string, () => Promise<string>][] = [
      [
        'for another audience',
        () => idToken('bad-1', 'bad1@example.com', { audience: 'other.apps.googleusercontent.com' }),
      ],
      ['from another issuer', () => idToken('bad-2', 'bad2@example.com', { issuer: 'https://evil.example.com' })],
      ['that expired', () => idToken('bad-3', 'bad3@example.com', { issuedAt: now() - 7200, expiresAt: now() - 3600 })],
      ['signed by another key under Google’s key id', () => idToken('bad-4', 'bad4@example.com', { key: otherKey })],
      [
        'signed by another key under an unknown key id',
        () => idToken('bad-5', 'bad5@example.com', { key: otherKey, kid: 'unknown-kid' }),
      ],
      [
        'with alg none (unsigned)',
        async () =>
          `${base64url({ alg: 'none', typ: 'JWT', kid: KID })}.${base64url({
            iss: 'https://accounts.google.com',
            aud: CLIENT_ID,
            sub: 'bad-6',
            email: 'bad6@example.com',
            email_verified: true,
            iat: now(),
            exp: now() + 3600,
          })}.`,
      ],
      [
        'with HS256 keyed by a guessable secret',
        () =>
          new SignJWT({ email: 'bad7@example.com', email_verified: true })
            .setProtectedHeader({ alg: 'HS256', kid: KID })
            .setIssuer('https://accounts.google.com')
            .setAudience(CLIENT_ID)
            .setSubject('bad-7')
            .setIssuedAt()
            .setExpirationTime('1h')
            .sign(new TextEncoder().encode(CLIENT_ID)),
      ],
      [
        'with a tampered payload',
        async () => {
          const [header, , signature] = (await idToken('bad-8', 'bad8@example.com')).split('.');
          const payload = base64url({
            iss: 'https://accounts.google.com',
            aud: CLIENT_ID,
            sub: 'google-sub-1',
            email: 'bad8@example.com',
            email_verified: true,
            iat: now(),
            exp: now() + 3600,
          });
          return `${header}.${payload}.${signature}`;
        },
      ],
      ['without an e-mail', () => idToken('bad-9', '', { claims: { email: undefined } })],
      ['that is not a JWT at all', async () => 'this-is-not-a-google-id-token'],
    ];

    for (const [name, make] of cases) {
      it(name, async () => {
        const before = await userCount();
        const res = await googleLogin(t.app, await make());
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: 401, code: 'invalidGoogleToken', message: expect.any(String) });
        expect(res.body).not.toMatch(/at .*\.ts:\d+/);
        expect(await userCount()).toBe(before);
      });
    }
  });

  it('advertises the client id in the website settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/website' });
    expect(websiteSettingsSchema.parse(res.json()).additional.googleClientId).toBe(CLIENT_ID);
  });
});

describe('without Google configuration', () => {
  const { t: plain } = useTestApp();

  it('answers 404 googleSignInDisabled, even to a token that would be valid', async () => {
    const res = await googleLogin(plain.app, await idToken('google-sub-off', 'off@example.com'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, code: 'googleSignInDisabled', message: expect.any(String) });
    const [row] = await plain.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(row?.n).toBe(0);
  });

  it('reports no Google client id in the website settings', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/settings/website' });
    expect(websiteSettingsSchema.parse(res.json()).additional.googleClientId).toBeNull();
  });
});
