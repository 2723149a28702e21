import { createAdapter } from '@socket.io/redis-adapter';
import {
  type AppNotification,
  type ClientToServerEvents,
  type MessageAck,
  markReadSchema,
  type ServerToClientEvents,
  SOCKET_EVENTS,
  sendMessageSchema,
  typingSchema,
  type UserStatusEvent,
} from '@ustaz/contract';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import { FieldValidationError, HttpError, toFieldErrors } from '../http/errors.ts';
import { liveSessionFamilies } from '../modules/auth/auth.repo.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import type { ChatService } from '../modules/chat/chat.service.ts';
import { toNotification } from '../modules/notifications/notification.presenter.ts';
import { type MessageLimiter, memoryMessageLimiter, redisMessageLimiter } from './message-limiter.ts';
import { notificationsSince } from './realtime.repo.ts';

type SocketData = { userId: number; roleId: number; familyId: string };
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
/** The socket.io server, typed by the contract's events (the web client uses the same types). */
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export type RealtimeOptions = {
  db: Db;
  tokens: AccessTokens;
  /** Set later: the chat service needs presence from here, and this needs the chat service. */
  chat: () => ChatService;
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
  /** For the health check: `off` without REDIS_URL, else whether both Redis clients are connected. */
  redisStatus(): 'up' | 'down' | 'off';
};

const room = {
  user: (id: number) => `user:${id}`,
  session: (familyId: string) => `session:${familyId}`,
};

function errorOf(error: unknown): MessageAck & { ok: false } {
  if (error instanceof FieldValidationError) {
    return { ok: false, error: { code: 'validation', message: 'Validation failed', fields: error.errors } };
  }
  if (error instanceof HttpError) return { ok: false, error: { code: error.code, message: error.message } };
  return { ok: false, error: { code: 'internalError', message: 'Internal server error' } };
}

/**
 * socket.io on the app's own HTTP server (ARCHITECTURE "Realtime"): websocket only, the access
 * token checked on connect and the socket closed when it expires, its session ends or the user is
 * suspended; rooms per user and per session; the Redis adapter fans out across processes when
 * REDIS_URL is set. Presence is "has a socket in the user's room", asked across every process.
 */
/**
 * The adapter answers other processes' requests (presence look-ups) asynchronously; one that
 * finishes after shutdown closed the client would publish on a closed client and reject with
 * nobody listening. Publishing on a closed client is dropped instead: the asker times out.
 */
function quietWhenClosed<Client extends { isOpen: boolean; publish: (...args: never[]) => Promise<unknown> }>(
  client: Client,
): Client {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === 'publish') {
        return (...args: never[]) => (target.isOpen ? target.publish(...args) : Promise.resolve(0));
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const SUBSCRIBE_METHODS = new Set<PropertyKey>(['subscribe', 'pSubscribe', 'SUBSCRIBE', 'PSUBSCRIBE']);

/**
 * The adapter subscribes without awaiting (at construction); those promises reject when Redis
 * drops the connection (`Socket closed unexpectedly`), and unhandled they would end the process.
 * A rejection is logged here; node-redis subscribes again by itself once Redis is back.
 */
function quietSubscriptions<Client extends object>(client: Client, onFailure: (error: unknown) => void): Client {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!SUBSCRIBE_METHODS.has(property)) return value.bind(target);
      return (...args: unknown[]) => {
        const result = value.apply(target, args) as unknown;
        if (result instanceof Promise) result.catch(onFailure);
        return result;
      };
    },
  });
}

export async function attachRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<Realtime> {
  const publicOrigin = new URL(options.publicUrl).origin;
  const io: AppServer = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      if (!origin) return callback(null, true); // not a browser: the token decides
      let allowed = origin === publicOrigin;
      try {
        allowed ||= new URL(origin).host === request.headers.host;
      } catch {
        allowed = false;
      }
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });

  let redis: {
    pub: { quit(): Promise<unknown>; isReady: boolean };
    sub: { quit(): Promise<unknown>; isReady: boolean };
  } | null = null;
  /** One message budget per user, shared by all their sockets (and processes, through Redis). */
  let limiter: MessageLimiter = memoryMessageLimiter();
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (error) => app.log.warn({ err: error }, 'redis (pub) error'));
    sub.on('error', (error) => app.log.warn({ err: error }, 'redis (sub) error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(
      createAdapter(
        quietWhenClosed(pub),
        quietSubscriptions(sub, (error) => app.log.warn({ err: error }, 'redis subscription failed')),
        {
          requestsTimeout: 3000,
          key: `${options.redisPrefix ?? 'ustaz'}:socket.io`,
        },
      ),
    );
    redis = { pub, sub };
    limiter = redisMessageLimiter(pub, options.redisPrefix ?? 'ustaz', (error) =>
      app.log.warn({ err: error }, 'chat rate limit: redis failed, counting in this process'),
    );
  }

  async function onlineAmong(userIds: number[]): Promise<Set<number>> {
    const unique = [...new Set(userIds)];
    const online = new Set<number>();
    await Promise.all(
      unique.map(async (id) => {
        try {
          if ((await io.in(room.user(id)).fetchSockets()).length > 0) online.add(id);
        } catch {
          // another process did not answer in time: presence is best effort
        }
      }),
    );
    return online;
  }

  async function sessionActive(familyId: string, userId: number): Promise<boolean> {
    return (await liveSessionFamilies(options.db, [familyId], userId)).has(familyId);
  }

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') return next(new Error('unauthorized'));
      const claims = await options.tokens.verify(token);
      if (!claims || !(await sessionActive(claims.sessionFamily, claims.userId)))
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

  /** Set when the server is closing: nothing more is published (Redis is about to go). */
  let closing = false;

  async function announce(userId: number, online: boolean) {
    if (closing) return;
    const counterparts = await options.chat().counterparts(userId);
    if (counterparts.length === 0) return;
    const event: UserStatusEvent = { userId, status: online ? 'online' : 'offline', online };
    const rooms = counterparts.map(room.user);
    if (closing) return;
    io.to(rooms).emit(SOCKET_EVENTS.userStatus, event);
    io.to(rooms).emit(SOCKET_EVENTS.userStatusLegacy, event);
  }

  io.on('connection', (rawSocket) => {
    const socket = rawSocket as unknown as AppSocket;
    const { userId } = socket.data;
    void socket.join([room.user(userId), room.session(socket.data.familyId)]);
    void announce(userId, true).catch(() => {});
    const on = socket.on.bind(socket) as (event: string, listener: (...args: unknown[]) => void) => void;

    on(SOCKET_EVENTS.message, async (payload: unknown, ack?: unknown) => {
      const reply = (answer: MessageAck) => {
        if (typeof ack === 'function') ack(answer);
      };
      if (!(await limiter.take(userId))) {
        reply({ ok: false, error: { code: 'tooManyRequests', message: 'Too many messages; wait a moment' } });
        return;
      }
      const parsed = sendMessageSchema.safeParse(payload);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          keyword: issue.code,
          instancePath: `/${issue.path.join('/')}`,
          params: issue as unknown as Record<string, unknown>,
        }));
        reply({
          ok: false,
          error: { code: 'validation', message: 'Validation failed', fields: toFieldErrors(issues, payload) },
        });
        return;
      }
      try {
        const result = await options.chat().send(userId, parsed.data);
        // Stored first, then told: both participants, every tab, every process.
        if (result.created) {
          io.to([room.user(userId), room.user(result.message.recipientId)]).emit(
            SOCKET_EVENTS.messageNew,
            result.message,
          );
        }
        reply({ ok: true, message: result.message });
        if (result.created) {
          // An offline recipient is told by a notification; the sender does not wait for it.
          const recipient = result.message.recipientId;
          void onlineAmong([recipient])
            .then((online) => options.chat().notifyIfOffline(result.message, online.has(recipient)))
            .catch((error: unknown) => app.log.warn({ err: error }, 'message notification failed'));
        }
      } catch (error) {
        if (!(error instanceof HttpError || error instanceof FieldValidationError)) {
          app.log.error({ err: error }, 'chat message failed');
        }
        reply(errorOf(error));
      }
    });

    for (const [event, typing] of [
      [SOCKET_EVENTS.typingStart, true],
      [SOCKET_EVENTS.typingStop, false],
    ] as const) {
      on(event, async (payload: unknown) => {
        const parsed = typingSchema.safeParse(payload);
        if (!parsed.success) return;
        try {
          const conversation = await options.chat().participantConversation(userId, parsed.data.conversationId);
          const other = conversation.studentId === userId ? conversation.teacherId : conversation.studentId;
          io.to(room.user(other)).emit(SOCKET_EVENTS.userTyping, {
            conversationId: conversation.id,
            userId,
            typing,
          });
        } catch {
          // not a participant: ignored
        }
      });
    }

    on(SOCKET_EVENTS.markRead, async (payload: unknown, ack?: unknown) => {
      const parsed = markReadSchema.safeParse(payload);
      const reply = (answer: unknown) => {
        if (typeof ack === 'function') ack(answer);
      };
      if (!parsed.success) return reply({ ok: false, error: { code: 'validation', message: 'Validation failed' } });
      try {
        const result = await options.chat().markRead(userId, parsed.data);
        if (result) {
          io.to([room.user(userId), room.user(result.otherUserId)]).emit(SOCKET_EVENTS.messageRead, result.event);
        }
        reply({ ok: true });
      } catch (error) {
        reply(errorOf(error));
      }
    });

    on(SOCKET_EVENTS.getLastMessages, async (...args: unknown[]) => {
      const ack = args.find((arg) => typeof arg === 'function') as ((value: unknown) => void) | undefined;
      try {
        const list = await options.chat().list(userId);
        rawSocket.emit(SOCKET_EVENTS.lastMessages, list);
        ack?.(list);
      } catch (error) {
        app.log.error({ err: error }, 'getLastMessages failed');
        ack?.([]);
      }
    });

    socket.on('disconnect', () => {
      if (closing) return;
      void (async () => {
        const left = (await onlineAmong([userId])).has(userId);
        if (!left) await announce(userId, false);
      })().catch(() => {});
    });
  });

  // Stored notifications reach the sockets of this process: a short look-back over committed rows
  // (uncommitted ones are invisible, so nothing is pushed that could still roll back).
  const pushed = new Map<number, number>();
  async function pushNewNotifications(): Promise<number> {
    const since = new Date(Date.now() - 15_000);
    const rows = await notificationsSince(options.db, since);
    let count = 0;
    for (const row of rows) {
      if (pushed.has(row.id)) continue;
      pushed.set(row.id, Date.now());
      const payload: AppNotification = toNotification(row);
      io.local.to(room.user(row.userId)).emit(SOCKET_EVENTS.notification, payload);
      count += 1;
    }
    for (const [id, at] of pushed) if (at < Date.now() - 60_000) pushed.delete(id);
    return count;
  }
  // Rows older than the look-back were there before this process started: not "new".
  const pollMs = options.notificationPollMs ?? 1000;
  let polling = false;
  const poller = setInterval(() => {
    if (polling) return;
    polling = true;
    pushNewNotifications()
      .catch((error: unknown) => app.log.warn({ err: error }, 'notification push failed'))
      .finally(() => {
        polling = false;
      });
  }, pollMs);
  poller.unref();

  // A user suspended or a session revoked by any path (an admin, another process, the database)
  // loses its sockets within 5 s: one query per process over the sockets it holds.
  async function closeEndedSessions(): Promise<number> {
    const local = await io.local.fetchSockets();
    if (local.length === 0) return 0;
    const families = [...new Set(local.map((socket) => (socket.data as SocketData).familyId))];
    const alive = await liveSessionFamilies(options.db, families);
    let closed = 0;
    for (const socket of local) {
      if (!alive.has((socket.data as SocketData).familyId)) {
        socket.disconnect(true);
        closed += 1;
      }
    }
    return closed;
  }
  const sessionCheck = setInterval(() => {
    closeEndedSessions().catch((error: unknown) => app.log.warn({ err: error }, 'session check failed'));
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
  app.addHook('onClose', async () => {
    if (!redis) return;
    // Unsubscribe first: a request from another process arriving after `quit` would make the
    // adapter answer on a closed client (ClientClosedError, unhandled).
    try {
      await io.of('/').adapter.close();
    } catch (error) {
      app.log.warn({ err: error }, 'redis adapter close failed');
    }
    await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
  });

  return {
    io,
    onlineAmong,
    disconnectSession: (familyId) => io.in(room.session(familyId)).disconnectSockets(true),
    disconnectUser: (userId) => io.in(room.user(userId)).disconnectSockets(true),
    pushNewNotifications,
    closeEndedSessions,
    redisStatus: () => (!redis ? 'off' : redis.pub.isReady && redis.sub.isReady ? 'up' : 'down'),
  };
}
