import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A just-rotated refresh token presented again this soon (another tab) gets the same new pair. */
export const REFRESH_GRACE_MS = 10_000;
const ISSUER = 'ustaz';
const AUDIENCE = 'ustaz-api';
const ALGORITHM = 'HS256';

export type AccessClaims = { userId: number; roleId: number; sessionFamily: string };

/**
 * Access tokens: HS256 JWTs, 15 minutes, algorithm, issuer and audience pinned. The key is
 * imported once (a KeyObject), never per request.
 */
export function createAccessTokens(secret: string) {
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  const successorKey = createHash('sha256').update(`ustaz refresh successor\0${secret}`).digest();
  return {
    /**
     * The refresh token that replaces `refreshToken` on rotation: an HMAC of it under a key only
     * the server holds. A second use within the grace window re-derives the same successor, so
     * nothing but its SHA-256 is ever stored, and nobody without the key can compute it.
     */
    successorOf(refreshToken: string): string {
      return createHmac('sha256', successorKey).update(refreshToken).digest('base64url');
    },
    async sign(claims: AccessClaims, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
      const issuedAt = Math.floor(now / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ role: claims.roleId, sfm: claims.sessionFamily })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: expiresAt * 1000 };
    },
    /** The claims of a valid token, or null for anything else (expired, forged, other algorithm). */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) return null;
        if (typeof payload.role !== 'number' || typeof payload.sfm !== 'string') return null;
        return { userId, roleId: payload.role, sessionFamily: payload.sfm };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** A 256-bit random secret, URL-safe: refresh tokens and mail link hashes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
