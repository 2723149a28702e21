import { decodeJwt } from 'jose';
import type { ServerOptions } from 'socket.io';
import type { Db } from '../db/client.ts';
import { liveSessionFamilies } from '../modules/auth/auth.repo.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import type { AppServer } from './socket.ts';

/**
 * Browsers may connect from the public origin or the host they asked (same origin); a client
 * without an Origin header is not a browser, and its token alone decides.
 */
export function allowOrigin(publicUrl: string): ServerOptions['allowRequest'] {
  const publicOrigin = new URL(publicUrl).origin;
  return (request, callback) => {
    const origin = request.headers.origin;
    if (!origin) return callback(null, true); // not a browser: the token decides
    let allowed = origin === publicOrigin;
    try {
      allowed ||= new URL(origin).host === request.headers.host;
    } catch {
      allowed = false;
    }
    callback(allowed ? null : 'origin not allowed', allowed);
  };
}

/**
 * The access token is checked on connect (valid, and its session still live); the socket then
 * lives no longer than the token, and the client reconnects with a fresh one.
 */
export function requireAccessToken(io: AppServer, db: Db, tokens: AccessTokens): void {
  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') return next(new Error('unauthorized'));
      const claims = await tokens.verify(token);
      if (!claims || !(await liveSessionFamilies(db, [claims.sessionFamily], claims.userId)).has(claims.sessionFamily))
        return next(new Error('unauthorized'));
      const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
      socket.data = { userId: claims.userId, roleId: claims.roleId, familyId: claims.sessionFamily };
      // The socket lives no longer than its token: the client reconnects with a fresh one.
      const timer = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt - Date.now()));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });
}

/**
 * A user suspended or a session revoked by any path (an admin, another process, the database)
 * loses its sockets: one query per process over the sockets it holds. Answers how many closed.
 */
export async function closeEndedSessions(io: AppServer, db: Db): Promise<number> {
  const local = await io.local.fetchSockets();
  if (local.length === 0) return 0;
  const families = [...new Set(local.map((socket) => socket.data.familyId))];
  const alive = await liveSessionFamilies(db, families);
  let closed = 0;
  for (const socket of local) {
    if (!alive.has(socket.data.familyId)) {
      socket.disconnect(true);
      closed += 1;
    }
  }
  return closed;
}
