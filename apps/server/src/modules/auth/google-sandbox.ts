import { createHash, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import type { GOOGLE_SANDBOX_CLIENT_ID } from '@ustaz/contract';
import { importJWK, SignJWT } from 'jose';

/** The sandbox's signing key (a private RSA JWK) and the JWKS the server verifies its tokens with. */
export type GoogleSandboxKeys = { privateJwk: JsonWebKey; jwks: { keys: JsonWebKey[] } };

/** Google sign-in: Google itself (GOOGLE_CLIENT_ID), or the local sandbox standing in for it (ADR 027). */
export type GoogleConfig =
  | { sandbox?: false; clientId: string; jwksUrl: string }
  | { sandbox: true; clientId: typeof GOOGLE_SANDBOX_CLIENT_ID; keys?: GoogleSandboxKeys | undefined };

/** Google's issuer, which the verifier asks of every token: the sandbox signs as it, with its own key. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** A new RS256 key pair as JWKs (server.ts keeps one in SECRETS_DIR, like the JWT key). */
export function generateGoogleSandboxKeys(): GoogleSandboxKeys {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `sandbox-${createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16)}`;
  const meta = { kid, alg: 'RS256', use: 'sig' };
  return {
    privateJwk: { ...privateKey.export({ format: 'jwk' }), ...meta },
    jwks: { keys: [{ ...publicKey.export({ format: 'jwk' }), ...meta }] },
  };
}

const generated = new WeakMap<object, GoogleSandboxKeys>();

/** The sandbox's keys: the configured ones, else one pair per configuration made in memory (tests). */
export function sandboxKeysOf(config: Extract<GoogleConfig, { sandbox: true }>): GoogleSandboxKeys {
  if (config.keys) return config.keys;
  let keys = generated.get(config);
  if (!keys) {
    keys = generateGoogleSandboxKeys();
    generated.set(config, keys);
  }
  return keys;
}

/**
 * The sandbox's account chooser, server side: an ID token as Google would sign it (issuer, the
 * sandbox client id as audience, a subject fixed by the address, a verified e-mail, an hour's life).
 */
export function createGoogleSandboxIssuer(config: Extract<GoogleConfig, { sandbox: true }>) {
  const keys = sandboxKeysOf(config);
  const key = importJWK(keys.privateJwk as Parameters<typeof importJWK>[0], 'RS256');
  return async function issueIdToken(account: { email: string; firstName: string; lastName: string }) {
    const sub = `sandbox-${createHash('sha256').update(account.email).digest('hex').slice(0, 21)}`;
    return new SignJWT({
      email: account.email,
      email_verified: true,
      given_name: account.firstName,
      family_name: account.lastName,
      name: `${account.firstName} ${account.lastName}`,
    })
      .setProtectedHeader({ alg: 'RS256', kid: String(keys.privateJwk.kid), typ: 'JWT' })
      .setIssuer(GOOGLE_ISSUER)
      .setAudience(config.clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await key);
  };
}
