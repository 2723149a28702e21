import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { createAccessTokens } from '../modules/auth/tokens.ts';
import type { TestUser } from './factories.ts';
import { testConfig } from './helpers.ts';
import type { Factories } from './test-app.ts';

/**
 * Socket.io clients for a test file: `connectSocket(url, token)` resolves with a connected client, or
 * rejects with the connect error (`auth` is empty for a null token); every client is disconnected after
 * each test.
 */
export function useSocketClients() {
  const open: Socket[] = [];
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  return function connectSocket(url: string, token: string | null, extra: { origin?: string } = {}): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: token === null ? {} : { token },
        reconnection: false,
        forceNew: true,
        ...(extra.origin ? { extraHeaders: { origin: extra.origin } } : {}),
      });
      open.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  };
}

/** The next `event` on `socket`, or a rejection after `timeoutMs`. */
export function nextEvent<T>(socket: Socket, event: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Access tokens signed with the test configuration's secret. */
export const testTokens = createAccessTokens(testConfig().jwtSecret ?? '');

/** A new user with a live session (the socket checks the session family), its bearer and access token. */
export async function signedInWithSession(database: Database, f: Factories, kind: 'student' | 'teacher') {
  const made: TestUser = kind === 'student' ? await f.student() : await f.teacher();
  const familyId = randomUUID();
  await database.db.insert(sessions).values({
    userId: made.user.id,
    familyId,
    tokenHash: randomUUID(),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const { token } = await testTokens.sign({ userId: made.user.id, roleId: made.user.roleId, sessionFamily: familyId });
  return { ...made, familyId, token, headers: { authorization: `Bearer ${token}` } };
}
