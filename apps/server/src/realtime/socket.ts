import type { ClientToServerEvents, ServerToClientEvents } from '@ustaz/contract';
import type { Server, Socket } from 'socket.io';

/** What the handshake proved, kept on the socket. */
export type SocketData = {
  userId: number;
  roleId: number;
  familyId: string;
  /** When the socket's access token expires (ms): it is closed then, unless renewed (`auth:renew`). */
  expiresAt: number;
};
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
/** The socket.io server, typed by the contract's events (the web client uses the same types). */
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Every socket joins its user's room and its session's room (a logout or a revoke ends those). */
export const room = {
  user: (id: number) => `user:${id}`,
  session: (familyId: string) => `session:${familyId}`,
  /** A lesson room's joined sockets (the two parties): `lesson:signal` goes through it. */
  lesson: (reservationId: number) => `lesson:${reservationId}`,
};
