import type { FastifyRequest } from 'fastify';
import { bearerToken } from './authenticate.ts';

/**
 * A route's rate limit per signed-in user (all of their addresses together) rather than per
 * address. The limiter runs before authentication, so the key is the access token's subject read
 * without verifying it: a forged token only spends its own bucket and is refused with 401 anyway,
 * and the global per-address limit still applies to it.
 */
export function perUserRateLimit(scope: string, max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `${scope}:${unverifiedSubject(request) ?? `ip:${request.ip}`}`,
    },
  };
}

function unverifiedSubject(request: FastifyRequest): string | null {
  const token = bearerToken(request);
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' || typeof sub === 'number' ? `user:${String(sub).slice(0, 40)}` : null;
  } catch {
    return null;
  }
}
