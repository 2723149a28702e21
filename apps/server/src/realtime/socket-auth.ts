import { type AuthRenewAck, authRenewSchema, SOCKET_EVENTS } from '@ustaz/contract';
import { decodeJwt } from 'jose';
import type { ServerOptions } from 'socket.io';
import type { Db } from '../db/client.ts';
import { liveFamiliesOf } from '../modules/auth/session-liveness.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import type { AppServer, AppSocket } from './socket.ts';

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

/** A token's claims when it is valid and its session still live (not logged out, user active), else null. */
async function verifiedLive(db: Db, tokens: AccessTokens, token: string) {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const live = await liveFamiliesOf(db, [claims.sessionFamily], claims.userId);
  if (!live.has(claims.sessionFamily)) return null;
  return { claims, expiresAt: (decodeJwt(token).exp ?? 0) * 1000 };
}

/**
 * The access token is checked on connect (valid, and its session still live); the socket then
 * lives no longer than the token, unless the client renews it on the socket (`auth:renew`,
 * `handleTokenRenewal`) before it expires.
 */
export function requireAccessToken(io: AppServer, db: Db, tokens: AccessTokens): void {
  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') return next(new Error('unauthorized'));
      const verified = await verifiedLive(db, tokens, token);
      if (!verified) return next(new Error('unauthorized'));
      const { claims, expiresAt } = verified;
      socket.data = { userId: claims.userId, roleId: claims.roleId, familyId: claims.sessionFamily, expiresAt };
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });
}

/**
 * The socket's token expiry and its renewal (issue 19): the socket is closed when its token
 * expires; `auth:renew` with a new access token of the same user and the same session, checked
 * like a new connection, moves that moment to the new token's expiry. Any other token (another
 * user's, another session's, expired, forged, of a logged-out session) is refused and the socket
 * keeps its identity and its old expiry.
 */
export function handleTokenRenewal(socket: AppSocket, db: Db, tokens: AccessTokens): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => socket.disconnect(true), Math.max(0, socket.data.expiresAt - Date.now()));
    timer.unref();
  };
  arm();
  socket.once('disconnect', () => clearTimeout(timer));

  const on = socket.on.bind(socket) as (event: string, listener: (...args: unknown[]) => void) => void;
  on(SOCKET_EVENTS.authRenew, async (payload: unknown, ack?: unknown) => {
    const reply = (answer: AuthRenewAck) => {
      if (typeof ack === 'function') ack(answer);
    };
    const refused = (message: string) => reply({ ok: false, error: { code: 'unauthorized', message } });
    const parsed = authRenewSchema.safeParse(payload);
    if (!parsed.success) return refused('No access token');
    try {
      const verified = await verifiedLive(db, tokens, parsed.data.token);
      if (!verified) return refused('The token is not valid');
      const { claims, expiresAt } = verified;
      if (claims.userId !== socket.data.userId || claims.sessionFamily !== socket.data.familyId)
        return refused('The token belongs to another session');
      if (!socket.connected) return refused('The socket is closed');
      socket.data.roleId = claims.roleId;
      // A token that expires sooner (an older one sent late) never shortens the socket's life.
      if (expiresAt > socket.data.expiresAt) {
        socket.data.expiresAt = expiresAt;
        arm();
      }
      reply({ ok: true });
    } catch {
      refused('The token could not be checked');
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
  const alive = await liveFamiliesOf(db, families);
  let closed = 0;
  for (const socket of local) {
    if (!alive.has(socket.data.familyId)) {
      socket.disconnect(true);
      closed += 1;
    }
  }
  return closed;
}
