import { SOCKET_EVENTS } from '@ustaz/contract';
import { isRecord } from './chat-shapes.ts';
import type { ChatSocketDeps, ChatSocketLike, Log } from './chat-socket-types.ts';

/** The socket's token is renewed on it this long before it expires (the server closes it then). */
export const TOKEN_RENEW_BEFORE_MS = 60_000;
/** How long `auth:renew` waits for its acknowledgement. */
const RENEW_ACK_TIMEOUT_MS = 10_000;

/** A JWT's expiry (ms) read from its payload without checking it (the server checks); null when unreadable. */
export function tokenExpiry(token: string): number | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

type RenewalDeps = Pick<ChatSocketDeps, 'getToken' | 'refreshToken'> & {
  /** The manager's current socket: a renewal answered after the socket changed is ignored. */
  currentSocket: () => ChatSocketLike | null;
  now: () => number;
  log: Log;
};

/**
 * The token the open socket holds (issue 19): the handshake records the token it sent, a minute
 * before that token expires the socket takes a newer one (`auth:renew`), so the server does not
 * close a live socket at each expiry.
 */
export function createTokenRenewal(deps: RenewalDeps) {
  /** The token the last handshake sent, and when the token the open socket holds expires (ms). */
  let handshakeToken: string | null = null;
  let socketTokenExpiresAt: number | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | null = null;

  function clearRenewTimer() {
    if (renewTimer !== null) clearTimeout(renewTimer);
    renewTimer = null;
  }

  /** The renewal is due a minute before the socket's token expires: the newest token, refreshed if need be. */
  function scheduleRenewal() {
    clearRenewTimer();
    if (socketTokenExpiresAt === null) return;
    const due = Math.max(0, socketTokenExpiresAt - TOKEN_RENEW_BEFORE_MS - deps.now());
    renewTimer = setTimeout(() => {
      renewTimer = null;
      const stored = deps.getToken();
      const storedExpiry = stored ? tokenExpiry(stored) : null;
      // Another tab may have refreshed the shared session already: its token is used as it is.
      if (stored && storedExpiry !== null && socketTokenExpiresAt !== null && storedExpiry > socketTokenExpiresAt) {
        void renewToken(stored);
        return;
      }
      deps.refreshToken().then(
        (token) => renewToken(token),
        () => {
          // A refused refresh signs the user out, which stops the socket.
        },
      );
    }, due);
  }

  /**
   * Hands a new access token to the open socket (`auth:renew`), so the server keeps it past the
   * old token's expiry. Refused or unanswered, the socket closes at that expiry and reconnects
   * with the current token, as before.
   */
  async function renewToken(token: string): Promise<boolean> {
    const current = deps.currentSocket();
    if (!current?.connected) return false;
    const expiresAt = tokenExpiry(token);
    if (expiresAt !== null && socketTokenExpiresAt !== null && expiresAt <= socketTokenExpiresAt) return true;
    try {
      const answer = await current.request(SOCKET_EVENTS.authRenew, { token }, RENEW_ACK_TIMEOUT_MS);
      if (!isRecord(answer) || answer.ok !== true) {
        deps.log.warn('chat: the server refused the renewed token; the socket reconnects when its token expires');
        return false;
      }
      if (current !== deps.currentSocket()) return false;
      socketTokenExpiresAt = expiresAt;
      scheduleRenewal();
      return true;
    } catch {
      deps.log.warn('chat: no answer to the token renewal');
      return false;
    }
  }

  return {
    /** The token a handshake sends: the current one, remembered to know when it expires. */
    handshake(): string {
      handshakeToken = deps.getToken() ?? '';
      return handshakeToken;
    },
    /** Connected: the socket holds the handshake's token; its renewal is scheduled. */
    connected() {
      socketTokenExpiresAt = handshakeToken ? tokenExpiry(handshakeToken) : null;
      scheduleRenewal();
    },
    /** Disconnected or stopped: no token on a socket, nothing to renew. */
    reset() {
      clearRenewTimer();
      socketTokenExpiresAt = null;
    },
    renewToken,
  };
}
