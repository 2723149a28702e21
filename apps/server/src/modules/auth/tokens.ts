import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AccessClaims } from '../../http/authenticate.ts';

export type { AccessClaims };

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A just-rotated refresh token presented again this soon (another tab) gets the same new pair. */
export const REFRESH_GRACE_MS = 10_000;
const ISSUER = 'ustaz';
const AUDIENCE = 'ustaz-api';
const ALGORITHM = 'HS256';

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
    /**
     * The claims of a valid token, or null for anything else (expired, forged, other algorithm).
     * Verified synchronously with node:crypto's HMAC under the prepared KeyObject: every signed-in
     * request passes here, and jose's WebCrypto path (a CryptoKey made from the KeyObject and an
     * asynchronous job per call) was 15% of /auth/me's CPU. Same rules as `jwtVerify` with our
     * options: header alg exactly HS256 and no `crit`, signature compared in constant time, then
     * issuer, audience, exp (in the future), nbf (if present, not in the future) and iat required.
     */
    async verify(token: string, now = Date.now()): Promise<AccessClaims | null> {
      return verifyAccessToken(token, key, Math.floor(now / 1000));
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An HS256 signature: 32 bytes, 43 base64url characters. */
const SIGNATURE_LENGTH = 43;

function jsonObjectOf(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** See `verify` above: a compact HS256 JWS of ours, checked at `nowSeconds`. */
export function verifyAccessToken(token: string, key: KeyObject, nowSeconds: number): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  if (signaturePart.length !== SIGNATURE_LENGTH || !BASE64URL.test(signaturePart)) return null;
  const header = jsonObjectOf(headerPart);
  if (!header || header.alg !== ALGORITHM || 'crit' in header || 'b64' in header) return null;
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = jsonObjectOf(payloadPart);
  if (!payload) return null;
  const { iss, aud, exp, nbf, iat, sub, role, sfm } = payload;
  if (iss !== ISSUER) return null;
  if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return null;
  if (typeof sub !== 'string') return null;
  const userId = Number(sub);
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  if (typeof role !== 'number' || typeof sfm !== 'string') return null;
  return { userId, roleId: role, sessionFamily: sfm };
}

/** A 256-bit random secret, URL-safe: refresh tokens and mail link hashes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
