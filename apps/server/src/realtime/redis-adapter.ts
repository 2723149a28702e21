import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { type MessageLimiter, memoryMessageLimiter, redisMessageLimiter } from './message-limiter.ts';
import type { AppServer } from './socket.ts';

export type RealtimeRedis = {
  /** One message budget per user, shared by all their sockets (and processes, through Redis). */
  limiter: MessageLimiter;
  /** For the health check: `off` without REDIS_URL, else whether both clients are connected and a PING is answered within 1 s. */
  status(): Promise<'up' | 'down' | 'off'>;
  /** Connects both clients and puts the Redis adapter on `io` (the realtime's start). */
  connect(): Promise<void>;
  /** Leaves the adapter, then quits both clients (after the sockets are closed); nothing before `connect`. */
  close(): Promise<void>;
};

/** How long Redis may take to answer the health check's PING. */
const REDIS_PING_TIMEOUT_MS = 1_000;

/**
 * With REDIS_URL, the Redis adapter fans events out across processes (and answers presence
 * look-ups for other processes) and the message budget is counted in Redis; without it, all
 * stays in this process. Made without a connection: `connect` opens it (the realtime's start);
 * until then the status is `down` and the adapter the in-memory one (no socket connects before).
 */
export function createRealtimeRedis(
  io: AppServer,
  log: FastifyBaseLogger,
  redisUrl: string | undefined,
  prefix = 'ustaz',
): RealtimeRedis {
  if (!redisUrl) {
    return {
      limiter: memoryMessageLimiter(),
      status: async () => 'off',
      connect: async () => {},
      close: async () => {},
    };
  }
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  pub.on('error', (error) => log.warn({ err: error }, 'redis (pub) error'));
  sub.on('error', (error) => log.warn({ err: error }, 'redis (sub) error'));
  let connected = false;
  return {
    limiter: redisMessageLimiter(pub, prefix, (error) =>
      log.warn({ err: error }, 'chat rate limit: redis failed, counting in this process'),
    ),
    async connect() {
      await Promise.all([pub.connect(), sub.connect()]);
      connected = true;
      io.adapter(
        createAdapter(
          quietWhenClosed(pub),
          quietSubscriptions(sub, (error) => log.warn({ err: error }, 'redis subscription failed')),
          { requestsTimeout: 3000, key: `${prefix}:socket.io` },
        ),
      );
    },
    async status() {
      if (!pub.isReady || !sub.isReady) return 'down';
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'down'>((resolve) => {
        timer = setTimeout(() => resolve('down'), REDIS_PING_TIMEOUT_MS);
      });
      try {
        return await Promise.race([pub.ping().then(() => 'up' as const), late]);
      } catch {
        return 'down';
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (!connected) return;
      // Unsubscribe first: a request from another process arriving after `quit` would make the
      // adapter answer on a closed client (ClientClosedError, unhandled).
      try {
        await io.of('/').adapter.close();
      } catch (error) {
        log.warn({ err: error }, 'redis adapter close failed');
      }
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

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
