import { GOOGLE_SANDBOX_CLIENT_ID, tokensResponseSchema, websiteSettingsSchema } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { type CryptoKey, generateKeyPair, importJWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { users } from '../../db/schema.ts';
import { productionProblems } from '../../production-refusals.ts';
import { useTestApp } from '../../test/test-app.ts';
import { GOOGLE_ISSUER, type GoogleConfig, generateGoogleSandboxKeys } from './google-sandbox.ts';

const keys = generateGoogleSandboxKeys();
const sandbox: GoogleConfig = { sandbox: true, clientId: GOOGLE_SANDBOX_CLIENT_ID, keys };
const { t } = useTestApp({ google: sandbox, rateLimitMax: 100_000 });

const account = { email: 'Sara@Example.com', firstName: 'سارة', lastName: 'العنزي' };

const issue = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/google/sandbox/token', payload: body });
const login = (idToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/google/login', payload: { idToken } });

/** A token like the sandbox's, signed by `key` (the sandbox's private JWK, or another key) for `audience`. */
async function forged(options: { key?: CryptoKey; audience?: string; kid?: string }) {
  const key = options.key ?? ((await importJWK(keys.privateJwk as never, 'RS256')) as CryptoKey);
  return new SignJWT({ email: 'forged@example.com', email_verified: true, given_name: 'F', family_name: 'G' })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? String(keys.privateJwk.kid) })
    .setIssuer(GOOGLE_ISSUER)
    .setAudience(options.audience ?? GOOGLE_SANDBOX_CLIENT_ID)
    .setSubject('sandbox-forged')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

describe('Google sign-in on the local sandbox (issue 30 item 20, ADR 027)', () => {
  it('signs an ID token that /auth/google/login takes: a new confirmed student, the same one next time', async () => {
    const first = await issue(account);
    expect(first.statusCode, first.body).toBe(200);
    const { idToken } = first.json() as { idToken: string };
    const res = await login(idToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = tokensResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({
      email: 'sara@example.com',
      firstName: 'سارة',
      lastName: 'العنزي',
      provider: 'google',
      emailConfirmed: true,
      role: { id: 3, name: 'student' },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.googleSub).toMatch(/^sandbox-/);
    // Signing in again with the same address is the same account.
    const again = await login(((await issue(account)).json() as { idToken: string }).idToken);
    expect(tokensResponseSchema.parse(again.json()).user.id).toBe(body.user.id);
  });

  it('verifies with the same check as Google tokens: another key, another audience, a forged kid are refused', async () => {
    const otherKey = (await generateKeyPair('RS256')).privateKey;
    for (const token of [
      await forged({ key: otherKey }),
      await forged({ key: otherKey, kid: 'unknown-kid' }),
      await forged({ audience: 'someone-else.apps.googleusercontent.com' }),
    ]) {
      const res = await login(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalidGoogleToken' });
    }
    const before = await t.database.db.select().from(users).where(eq(users.email, 'forged@example.com'));
    expect(before).toHaveLength(0);
    // The sandbox's own key and audience pass: the refusals above are the key and the audience.
    expect((await login(await forged({}))).statusCode).toBe(200);
  });

  it('refuses a bad account with 422 and signs nothing', async () => {
    const res = await issue({ email: 'not-an-address', firstName: '', lastName: 'X' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { email: expect.any(String), firstName: expect.any(String) } });
  });

  it('advertises the sandbox client id in the website settings', async () => {
    const res = await t.app.inject({ url: '/api/settings/website' });
    expect(websiteSettingsSchema.parse(res.json()).additional.googleClientId).toBe(GOOGLE_SANDBOX_CLIENT_ID);
  });
});

describe('without the sandbox', () => {
  const { t: plain } = useTestApp();
  it('has no token route', async () => {
    const res = await plain.app.inject({ method: 'POST', url: '/api/v1/auth/google/sandbox/token', payload: account });
    expect(res.statusCode).toBe(404);
  });
});

describe('which Google sign-in the configuration gives', () => {
  const base = { LOG_LEVEL: 'silent' } as const;
  it('development: the sandbox without GOOGLE_CLIENT_ID, Google with it, off on request', () => {
    expect(loadConfig(base).google).toEqual({ sandbox: true, clientId: GOOGLE_SANDBOX_CLIENT_ID });
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' }).google).toMatchObject({
      clientId: 'x.apps.googleusercontent.com',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
    expect(loadConfig({ ...base, GOOGLE_SANDBOX: 'false' }).google).toBeNull();
  });

  it('production: off without GOOGLE_CLIENT_ID, and GOOGLE_SANDBOX=true is refused', () => {
    const production = {
      PAYMENTS_SANDBOX: true,
      MAIL_OUTBOX: true,
      JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789ABCD',
      TEST_CLOCK_OFFSET_SECONDS: 0,
      DEMO_DEPLOYMENT: false,
      PUBLIC_URL: 'https://ustaz.example',
    };
    expect(productionProblems(production)).toEqual([]);
    expect(productionProblems({ ...production, GOOGLE_SANDBOX: true })).toEqual([
      expect.stringContaining('GOOGLE_SANDBOX=true'),
    ]);
    const env = {
      ...base,
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: 'true',
      MAIL_OUTBOX: 'true',
      JWT_SECRET: production.JWT_SECRET,
      PUBLIC_URL: production.PUBLIC_URL,
    };
    expect(loadConfig(env).google).toBeNull();
    expect(() => loadConfig({ ...env, GOOGLE_SANDBOX: 'true' })).toThrow(/GOOGLE_SANDBOX=true/);
  });
});
