import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Db } from '../db/client.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import type { ChatService } from '../modules/chat/chat.service.ts';
import type { LessonsService } from '../modules/lessons/lessons.service.ts';
import { handleChat } from './chat-handlers.ts';
import { handleLessons } from './lesson-handlers.ts';
import { notificationPusher } from './notification-push.ts';
import { createPresence, handleTyping } from './presence.ts';
import { connectRedis } from './redis-adapter.ts';
import { type AppServer, room } from './socket.ts';
import { allowOrigin, closeEndedSessions, handleTokenRenewal, requireAccessToken } from './socket-auth.ts';

export type RealtimeOptions = {
  db: Db;
  tokens: AccessTokens;
  /** Set later: the chat service needs presence from here, and this needs the chat service. */
  chat: () => ChatService;
  /** The lesson room's access, window and attendance (lesson-handlers.ts). */
  lessons: LessonsService;
  publicUrl: string;
  redisUrl: string | undefined;
  redisPrefix?: string;
  /** How often stored notifications are pushed to this process's sockets (ms). */
  notificationPollMs?: number;
  /** How often the sockets' sessions and users are checked (ms). */
  sessionCheckMs?: number;
};

export type Realtime = {
  io: AppServer;
  onlineAmong(userIds: number[]): Promise<Set<number>>;
  disconnectSession(familyId: string): void;
  disconnectUser(userId: number): void;
  /** Pushes stored notifications that this process has not pushed yet (the poller calls it). */
  pushNewNotifications(): Promise<number>;
  /** Closes this process's sockets whose session ended or whose user is suspended (every 5 s). */
  closeEndedSessions(): Promise<number>;
  /** For the health check: `off` without REDIS_URL, else whether both Redis clients are connected and Redis answers a PING. */
  redisStatus(): Promise<'up' | 'down' | 'off'>;
};

/**
 * socket.io on the app's own HTTP server (ARCHITECTURE "Realtime"): websocket only, the access
 * token checked on connect and the socket closed when it expires (unless renewed on the socket,
 * `auth:renew`), its session ends or the user is
 * suspended (socket-auth.ts); rooms per user, per session and per joined lesson (lesson-handlers.ts); the Redis adapter fans out across
 * processes when REDIS_URL is set (redis-adapter.ts). Presence is "has a socket in the user's
 * room", asked across every process (presence.ts); chat events in chat-handlers.ts.
 */
export async function attachRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<Realtime> {
  const { db, chat } = options;
  const io: AppServer = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: allowOrigin(options.publicUrl),
  });
  const redis = await connectRedis(io, app.log, options.redisUrl, options.redisPrefix);
  requireAccessToken(io, db, options.tokens);

  /** Set when the server is closing: nothing more is published (Redis is about to go). */
  let closing = false;
  const presence = createPresence(io, chat, () => closing);

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    void socket.join([room.user(userId), room.session(socket.data.familyId)]);
    presence.connected(userId);
    handleTokenRenewal(socket, db, options.tokens);
    handleChat(socket, { io, chat, limiter: redis.limiter, onlineAmong: presence.onlineAmong, log: app.log });
    handleTyping(io, socket, chat);
    handleLessons(socket, { io, lessons: options.lessons, log: app.log });
    socket.on('disconnect', () => presence.disconnected(userId));
  });

  const pushNewNotifications = notificationPusher(io, db);
  let polling = false;
  const poller = setInterval(() => {
    if (polling) return;
    polling = true;
    pushNewNotifications()
      .catch((error: unknown) => app.log.warn({ err: error }, 'notification push failed'))
      .finally(() => {
        polling = false;
      });
  }, options.notificationPollMs ?? 1000);
  poller.unref();

  const sessionCheck = setInterval(() => {
    closeEndedSessions(io, db).catch((error: unknown) => app.log.warn({ err: error }, 'session check failed'));
  }, options.sessionCheckMs ?? 5000);
  sessionCheck.unref();

  // Open websockets would keep the HTTP server from closing: end them first. Fastify closes the
  // HTTP server itself, so io.close() (which would close it too) is not used.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(poller);
    clearInterval(sessionCheck);
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', () => redis.close());

  return {
    io,
    onlineAmong: presence.onlineAmong,
    disconnectSession: (familyId) => io.in(room.session(familyId)).disconnectSockets(true),
    disconnectUser: (userId) => io.in(room.user(userId)).disconnectSockets(true),
    pushNewNotifications,
    closeEndedSessions: () => closeEndedSessions(io, db),
    redisStatus: redis.status,
  };
}
