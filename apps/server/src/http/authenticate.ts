import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './errors.ts';

/** What a valid access token says: its user, their role and its session family. */
export type AccessClaims = { userId: number; roleId: number; sessionFamily: string };

/**
 * What the gates below need from the auth module, passed in by `buildApp` so that `http/` (below
 * the modules) imports none of them: the access tokens' check and the session liveness check.
 */
export type AccessTokenVerifier = { verify(token: string): Promise<AccessClaims | null> };
export type SessionCheck = { isLive(claims: AccessClaims): Promise<boolean> };

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

/** The claims of a valid access token whose session is still live (when `liveness` is given). */
async function claimsOf(request: FastifyRequest, tokens: AccessTokenVerifier, liveness?: SessionCheck) {
  const token = bearerToken(request);
  const claims = token ? await tokens.verify(token) : null;
  if (!claims) return null;
  if (liveness && !(await liveness.isLive(claims))) return null;
  return claims;
}

/** A preHandler that checks the caller: `requireAuth`, `optionalAuth`, `requireAdmin`. */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The hooks that refuse a caller (401/403): they run before the body is validated. */
const gates = new WeakSet<object>();

/** Marks a hook as an authentication gate (`requireAuth`, `requireAdmin`). */
export function asAuthGate<T extends AuthHook>(hook: T): T {
  gates.add(hook);
  return hook;
}

/**
 * An `onRoute` hook: moves a route's authentication gates from `preHandler` to `preValidation`,
 * so a caller without a valid session gets 401 (or 403) before any 422 about the body, on every
 * route, whichever way the route declared its gate.
 */
export function authenticateBeforeValidation(route: RouteOptions) {
  const preHandlers = [route.preHandler ?? []].flat();
  const gateHooks = preHandlers.filter((hook) => gates.has(hook));
  if (gateHooks.length === 0) return;
  route.preHandler = preHandlers.filter((hook) => !gates.has(hook));
  route.preValidation = [...gateHooks, ...[route.preValidation ?? []].flat()] as RouteOptions['preValidation'];
}

/**
 * A preHandler that accepts only a valid access token of a live session (not logged out, not
 * revoked, its user not suspended) and puts its claims on `request.auth`.
 */
export function createRequireAuth(tokens: AccessTokenVerifier, liveness?: SessionCheck) {
  return asAuthGate(async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const claims = await claimsOf(request, tokens, liveness);
    if (!claims) throw new HttpError(401, 'unauthorized', 'Unauthorized');
    request.auth = claims;
  });
}

/** A preHandler for public routes that also use the caller when signed in: a bad token is ignored. */
export function createOptionalAuth(tokens: AccessTokenVerifier, liveness?: SessionCheck) {
  return async function optionalAuth(request: FastifyRequest, _reply: FastifyReply) {
    const claims = await claimsOf(request, tokens, liveness);
    if (claims) request.auth = claims;
  };
}

/** The signed-in user's claims inside a handler behind `requireAuth`. */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new HttpError(401, 'unauthorized', 'Unauthorized');
  return request.auth;
}
