import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessClaims, AccessTokens } from '../modules/auth/tokens.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth` for routes that need a signed-in user. */
    auth?: AccessClaims;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
  return token.trim();
}

/** A preHandler that accepts only a valid access token and puts its claims on `request.auth`. */
export function createRequireAuth(tokens: AccessTokens) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw new HttpError(401, 'unauthorized', 'Unauthorized');
    request.auth = claims;
  };
}

/** A preHandler for public routes that also use the caller when signed in: a bad token is ignored. */
export function createOptionalAuth(tokens: AccessTokens) {
  return async function optionalAuth(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    const claims = token ? await tokens.verify(token) : null;
    if (claims) request.auth = claims;
  };
}

/** The signed-in user's claims inside a handler behind `requireAuth`. */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new HttpError(401, 'unauthorized', 'Unauthorized');
  return request.auth;
}
