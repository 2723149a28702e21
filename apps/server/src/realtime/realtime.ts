import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Db } from '../db/client.ts';
import type { MessageLimiter } from './message-limiter.ts';
import { notificationPusher } from './notification-push.ts';
import { createOnlineCheck, type OnlineAmong } from './presence.ts';
import { createRealtimeRedis } from './redis-adapter.ts';
import { type AppServer, room } from './socket.ts';
import { allowOrigin, closeEndedSessions } from './socket-auth.ts';

export type RealtimeOptions = {
  db: Db;
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
  onlineAmong: OnlineAmong;
  disconnectSession(familyId: string): void;
  disconnectUser(userId: number): void;
  /** Pushes stored notifications that this process has not pushed yet (the poller calls it). */
  pushNewNotifications(): Promise<number>;
  /** Closes this process's sockets whose session ended or whose user is suspended (every 5 s). */
  closeEndedSessions(): Promise<number>;
  /** For the health check: `off` without REDIS_URL, else whether both Redis clients are connected and Redis answers a PING. */
  redisStatus(): Promise<'up' | 'down' | 'off'>;
  /** One message budget per user, shared by all their sockets (in Redis when it is configured). */
  limiter: MessageLimiter;
  /** Set when the server is closing: nothing more is published (Redis is about to go). */
  closing(): boolean;
  /**
   * socket.io on the app's HTTP server, the Redis adapter, the notification poller and the session
   * check (server.ts's startApp; tests with sockets call it too). The app's close stops them.
   */
  start(): Promise<void>;
};

/**
 * socket.io on the app's own HTTP server (ARCHITECTURE "Realtime"): websocket only; rooms per
 * user, per session and per joined lesson; the Redis adapter fans out across processes when
 * REDIS_URL is set (redis-adapter.ts). Presence is "has a socket in the user's room", asked across
 * every process (presence.ts). Built without side effects: what a socket may do is wired by
 * `handleConnections` (connections.ts) once the services exist, and `start` opens it.
 */
export function createRealtime(app: FastifyInstance, options: RealtimeOptions): Realtime {
  const { db } = options;
  const io: AppServer = new Server({
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: allowOrigin(options.publicUrl),
  });
  const redis = createRealtimeRedis(io, app.log, options.redisUrl, options.redisPrefix);
  const pushNewNotifications = notificationPusher(io, db);
  let started = false;
  let closing = false;
  const timers: NodeJS.Timeout[] = [];

  async function start() {
    if (started) throw new Error('realtime already started');
    started = true;
    io.attach(app.server);
    await redis.connect();
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
    const sessionCheck = setInterval(() => {
      closeEndedSessions(io, db).catch((error: unknown) => app.log.warn({ err: error }, 'session check failed'));
    }, options.sessionCheckMs ?? 5000);
    for (const timer of [poller, sessionCheck]) timers.push(timer.unref());
  }

  // Open websockets would keep the HTTP server from closing: end them first. Fastify closes the
  // HTTP server itself, so io.close() (which would close it too) is not used. Registered here, so
  // a start after the app is ready (tests) is stopped too; before a start there is nothing to stop.
  app.addHook('preClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    if (!started) return;
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', () => redis.close());

  return {
    io,
    onlineAmong: createOnlineCheck(io),
    disconnectSession: (familyId) => io.in(room.session(familyId)).disconnectSockets(true),
    disconnectUser: (userId) => io.in(room.user(userId)).disconnectSockets(true),
    pushNewNotifications,
    closeEndedSessions: () => closeEndedSessions(io, db),
    redisStatus: redis.status,
    limiter: redis.limiter,
    closing: () => closing,
    start,
  };
}
