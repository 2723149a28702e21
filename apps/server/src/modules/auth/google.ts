import { createLocalJWKSet, createRemoteJWKSet, jwtVerify } from 'jose';
import { GOOGLE_ISSUER, type GoogleConfig, sandboxKeysOf } from './google-sandbox.ts';

export type GoogleIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
};

const GOOGLE_ISSUERS = [GOOGLE_ISSUER, 'accounts.google.com'];

/**
 * Verifies Google ID tokens: signature, issuer, audience, expiry. The keys are Google's JWKS (or a
 * test JWKS) read over HTTP, or, on the sandbox (ADR 027), the sandbox's own JWKS read from its
 * key file: the one check either way, so a sandbox token passes only what a Google token would.
 */
export function createGoogleVerifier(config: GoogleConfig) {
  const jwks = config.sandbox
    ? createLocalJWKSet(sandboxKeysOf(config).jwks as Parameters<typeof createLocalJWKSet>[0])
    : createRemoteJWKSet(new URL(config.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 });
  return async function verifyGoogleIdToken(idToken: string): Promise<GoogleIdentity | null> {
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: config.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
      return {
        sub: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        givenName: typeof payload.given_name === 'string' ? payload.given_name : undefined,
        familyName: typeof payload.family_name === 'string' ? payload.family_name : undefined,
        name: typeof payload.name === 'string' ? payload.name : undefined,
      };
    } catch {
      return null;
    }
  };
}

export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
