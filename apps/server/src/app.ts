import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createFastify, registerPlugins } from './app/plugins.ts';
import { registerModuleRoutes, registerPages } from './app/routes.ts';
import { buildServices } from './app/services.ts';
import { type Clock, createClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { healthRoutes } from './http/health.routes.ts';
import { registerRequestId } from './http/request-id.ts';
import type { Mailer } from './mail/mailer.ts';
import { countRequests, metricsRoutes } from './metrics/metrics.routes.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import type { BookingService } from './modules/booking/booking.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import type { PushService } from './modules/push/push.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import type { SubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';
import type { TeachersService } from './modules/teachers/teachers.service.ts';
import { handleConnections } from './realtime/connections.ts';
import { createRealtime, type Realtime } from './realtime/realtime.ts';
import { manifestRoutes } from './web/manifest.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Where the log goes instead of stdout (tests read it to check what is logged); not with LOG_PRETTY. */
  logStream?: DestinationStream;
  /**
   * The server's clock instead of TEST_CLOCK_OFFSET_SECONDS's fixed shift: e2e/support/own-server.ts
   * passes one it can move while the app runs. server.ts never passes one (production keeps the wall clock).
   */
  clock?: Clock;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox; startApp starts its worker, tests flush it. */
    mailer: Mailer;
    /** Money services: startApp runs their sweeper, tests drive them directly. */
    money: {
      payments: PaymentsService;
      booking: BookingService;
      subscriptions: SubscriptionsService;
      /** Its ratings follow reviews that become published by time (ADR 015). */
      teachers: TeachersService;
    };
    /** socket.io, presence and the notification push; startApp starts it (`realtime.start()`). */
    realtime: Realtime;
    /** Web Push and lesson reminders (issue 19): startApp runs their jobs (jobs/push-jobs.ts), tests call them. */
    push: PushService;
    /** The server's clock (TEST_CLOCK_OFFSET_SECONDS): what decides a lesson's state asks it. */
    clock: Clock;
    /** Prometheus metrics (GET /metrics, METRICS_PORT): the jobs and the chat count into it. */
    metrics: Metrics;
  }
}

/**
 * Builds the HTTP app: plugins, services and routes, and nothing more (ADR 029). It does not
 * listen, read the environment, connect Redis or start a timer: `startApp` (app/start.ts) starts
 * the realtime and the jobs, and the app's close stops what was started.
 */
export async function buildApp({ config, database, logStream, clock }: AppDeps): Promise<FastifyInstance> {
  const { jwtSecret } = config;
  if (!jwtSecret) throw new Error('config.jwtSecret is required (server.ts provides one)');
  const app = createFastify(config, logStream);
  registerRequestId(app);

  // First: the chat asks its presence, push its online users and auth closes the sockets of ended sessions.
  const realtime = createRealtime(app, {
    db: database.db,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  const metrics = createMetrics(database, () => realtime.io.of('/').sockets.size);
  countRequests(app, metrics);
  await registerPlugins(app, config);

  const appClock = clock ?? createClock(config.clockOffsetSeconds);
  const services = buildServices({ config, jwtSecret, database, log: app.log, clock: appClock, realtime, metrics });
  const { tokens, chat, lessons, mailer } = services;
  handleConnections(realtime, { db: database.db, tokens, chat, lessons, log: app.log });
  app.addHook('onClose', () => mailer.stop());

  app.decorate('metrics', metrics);
  app.decorate('realtime', realtime);
  app.decorate('clock', appClock);
  app.decorate('mailer', mailer);
  app.decorate('push', services.push);
  const { payments, booking, subscriptions, teachers } = services;
  app.decorate('money', { payments, booking, subscriptions, teachers });

  await app.register(healthRoutes({ database, redisStatus: realtime.redisStatus }));
  await app.register(metricsRoutes({ metrics, token: config.metrics.token }));
  await app.register(settingsRoutes(services.settings));
  await app.register(manifestRoutes(services.settings));
  await registerModuleRoutes(app, services, { config, db: database.db, realtime });
  await registerPages(app, services, { config, database });
  return app;
}
