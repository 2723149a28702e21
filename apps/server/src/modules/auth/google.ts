import { createRemoteJWKSet, jwtVerify } from 'jose';

export type GoogleIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
};

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Verifies Google ID tokens against Google's JWKS (or a test JWKS): signature, issuer, audience, expiry. */
export function createGoogleVerifier(config: { clientId: string; jwksUrl: string }) {
  const jwks = createRemoteJWKSet(new URL(config.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 });
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
