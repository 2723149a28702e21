import { createHmac } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type ApiError, healthLiveResponseSchema, healthResponseSchema } from '@ustaz/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { type Clock, createClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import {
  asAuthGate,
  authenticateBeforeValidation,
  createOptionalAuth,
  createRequireAuth,
} from './http/authenticate.ts';
import { DATABASE_RETRY_AFTER_SECONDS, registerErrorHandling, sendNotFound } from './http/errors.ts';
import { checkHealth } from './http/health.ts';
import { createIdempotency } from './http/idempotency.ts';
import { serializeRequest } from './http/log-redaction.ts';
import { parseQueryString } from './http/querystring.ts';
import { registerRequestId, requestIdMixin, requestIdOf } from './http/request-id.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createMailer, createTransport, type Mailer } from './mail/mailer.ts';
import { createMetrics, hasMetricsToken, type Metrics } from './metrics/metrics.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createRequireAdmin } from './modules/admin/admin-guard.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createGoogleVerifier } from './modules/auth/google.ts';
import { createSessionLiveness } from './modules/auth/session-liveness.ts';
import { createAccessTokens } from './modules/auth/tokens.ts';
import { bookingRoutes } from './modules/booking/booking.routes.ts';
import { type BookingService, createBookingService } from './modules/booking/booking.service.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { type ChatService, createChatService } from './modules/chat/chat.service.ts';
import { disputesRoutes } from './modules/disputes/disputes.routes.ts';
import { createDisputesService } from './modules/disputes/disputes.service.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { lessonsRoutes } from './modules/lessons/lessons.routes.ts';
import { createLessonsService } from './modules/lessons/lessons.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { createPayoutsService } from './modules/payouts/payouts.service.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { createPushService, generateVapidKeys, type PushService } from './modules/push/push.service.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { createSeoService } from './modules/seo/seo.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService, runtimeSettings } from './modules/settings/settings.service.ts';
import { subjectsRoutes } from './modules/subjects/subjects.routes.ts';
import { createSubjectsService } from './modules/subjects/subjects.service.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import {
  createSubscriptionsService,
  type SubscriptionsService,
} from './modules/subscriptions/subscriptions.service.ts';
import { teacherApplicationsRoutes } from './modules/teacher-applications/teacher-applications.routes.ts';
import { createTeacherApplicationsService } from './modules/teacher-applications/teacher-applications.service.ts';
import { teachersRoutes } from './modules/teachers/teachers.routes.ts';
import { createTeachersService, type TeachersService } from './modules/teachers/teachers.service.ts';
import { availabilityRoutes } from './modules/time-slots/availability.routes.ts';
import { createAvailabilityService } from './modules/time-slots/availability.ts';
import { timeSlotsRoutes } from './modules/time-slots/time-slots.routes.ts';
import { createTimeSlotsService } from './modules/time-slots/time-slots.service.ts';
import { createDeemaProvider } from './payments/deema.ts';
import { createPayzahProvider } from './payments/payzah.ts';
import { createSandboxProvider } from './payments/sandbox.ts';
import { attachRealtime, type Realtime } from './realtime/realtime.ts';
import { manifestRoutes } from './web/manifest.ts';
import { registerWebApp } from './web/web.routes.ts';

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
    /** The mail outbox; server.ts starts its worker, tests flush it. */
    mailer: Mailer;
    /** Money services: server.ts runs their sweeper, tests drive them directly. */
    money: {
      payments: PaymentsService;
      booking: BookingService;
      subscriptions: SubscriptionsService;
      /** Its ratings follow reviews that become published by time (ADR 015). */
      teachers: TeachersService;
    };
    /** socket.io, presence and the notification push. */
    realtime: Realtime;
    /** Web Push and lesson reminders (issue 19): server.ts runs their jobs (jobs/push-jobs.ts), tests call them. */
    push: PushService;
    /** The server's clock (TEST_CLOCK_OFFSET_SECONDS): what decides a lesson's state asks it. */
    clock: Clock;
    /** Prometheus metrics (GET /metrics, METRICS_PORT): the jobs and the chat count into it. */
    metrics: Metrics;
  }
}

/** A framework error (a malformed URL) is answered before any hook, so before helmet: its headers by hand. */
const FRAMEWORK_ERROR_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Not served as pages: a missing file under these prefixes is a plain 404. */
const NON_PAGE_PREFIXES = ['/api/', '/assets/', '/locales/', '/fonts/'];

/** Builds the HTTP app: plugins and modules, no listening, no reading of the environment. */
export async function buildApp({ config, database, logStream, clock }: AppDeps): Promise<FastifyInstance> {
  if (!config.jwtSecret) throw new Error('config.jwtSecret is required (server.ts provides one)');
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        // `*.headers`: plugins log request headers too (@fastify/multipart's busboy options, at trace).
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.headers.authorization',
          '*.headers.cookie',
          '*.password',
          '*.token',
          '*.refreshToken',
        ],
        censor: '[redacted]',
      },
      // A link's hash in a page's URL is a secret too (http/log-redaction.ts).
      serializers: { req: serializeRequest },
      // Every line logged while a request is handled carries its id (http/request-id.ts).
      mixin: requestIdMixin,
      ...(logStream ? { stream: logStream } : config.logPretty ? { transport: { target: 'pino-pretty' } } : {}),
    },
    trustProxy: config.trustProxy,
    // A proxy's x-request-id is kept when it is safe (else a new UUID) and echoed back.
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString },
    // Malformed URLs and bodies get the API's error shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const body: ApiError = { status, code: 'badRequest', message: 'Bad request' };
      void (reply as FastifyReply).headers(FRAMEWORK_ERROR_HEADERS).code(status).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  registerRequestId(app);
  const metrics = createMetrics(database, () =>
    app.hasDecorator('realtime') ? app.realtime.io.of('/').sockets.size : 0,
  );
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.stop());
  // The route's pattern (`/api/v1/teachers/:id`), never the raw URL: a label per teacher would grow without end.
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  // Personal data is never cached by a browser or proxy (RELIABILITY "Cache-Control").
  app.addHook('onSend', async (request, reply) => {
    if (request.auth && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  // 401/403 before 422: authentication gates run before the body is validated, on every route.
  app.addHook('onRoute', authenticateBeforeValidation);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Helmet's headers, computed once (http/security-headers.ts); pages set their own nonce policy (web/index-html.ts).
  registerSecurityHeaders(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
  });

  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5, parts: 6 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ustaz API', description: 'The tutoring marketplace API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own policy replaces the one above: the docs must not be framed either.
    transformStaticCSP: (header) => `${header.replace(/;\s*$/, '')}; frame-ancestors 'none'`,
  });

  const settings = createSettingsService(database.db, runtimeSettings(config));

  app.get('/api/health', {
    // Load balancers poll this: never rate-limited.
    config: { rateLimit: false },
    schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
    handler: async (_request, reply) => {
      const health = await checkHealth(database, app.hasDecorator('realtime') ? app.realtime : undefined);
      // Without its database the process cannot serve: 503 takes it out of a load balancer's rotation.
      if (health.database === 'down') void reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return health;
    },
  });
  // For load balancers and orchestrators: live = the process answers; ready = it can serve (database
  // and, when configured, Redis reachable), 503 saying which is down otherwise.
  app.get('/api/health/live', {
    config: { rateLimit: false },
    schema: { tags: ['health'], response: { 200: healthLiveResponseSchema } },
    handler: async () => ({ status: 'ok' as const }),
  });
  app.get('/api/health/ready', {
    config: { rateLimit: false },
    schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
    handler: async (_request, reply) => {
      const health = await checkHealth(database, app.hasDecorator('realtime') ? app.realtime : undefined);
      if (health.database === 'down' || health.redis === 'down') {
        void reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      }
      return health;
    },
  });
  // Never public: 404 unless METRICS_TOKEN is set, then only with `Authorization: Bearer <token>`
  // (METRICS_PORT serves them on a listener of its own, server.ts).
  app.get('/metrics', {
    config: { rateLimit: false },
    schema: { hide: true },
    handler: async (request, reply) => {
      const token = config.metrics.token;
      if (!token) return sendNotFound(request, reply);
      if (!hasMetricsToken(request.headers.authorization, token)) {
        const body: ApiError = { status: 401, code: 'unauthorized', message: 'Unauthorized' };
        return reply.code(401).header('www-authenticate', 'Bearer').send(body);
      }
      return reply
        .type(metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    },
  });
  await app.register(settingsRoutes(settings));
  await app.register(manifestRoutes(settings));

  app.decorate('clock', clock ?? createClock(config.clockOffsetSeconds));
  const mailer = createMailer(
    database.db,
    createTransport(config.mail, app.log),
    config.mail.from,
    app.log,
    async () => {
      const { appName, logoUrl } = await settings.getWebsiteSettings();
      return { appName, logoUrl };
    },
  );
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.stop());
  const tokens = createAccessTokens(config.jwtSecret);
  const liveness = createSessionLiveness(database.db);
  const requireAuth = createRequireAuth(tokens, liveness);
  const subjects = createSubjectsService(database.db);
  const teachers = createTeachersService(database.db, subjects, {
    clock: app.clock,
    countCacheMs: config.searchCountCacheSeconds * 1000,
    onCatalogueChange: database.onCatalogueChange,
  });
  const auth = createAuthService({
    db: database.db,
    tokens,
    mailer,
    google: config.google ? createGoogleVerifier(config.google) : null,
    publicUrl: config.publicUrl,
    registrationEnabled: async () => (await settings.getWebsiteSettings()).additional.enableRegistration,
    onNamesChanged: (userId) => teachers.reindexUser(userId),
    onSessionsEnded: (ended) => {
      if ('familyId' in ended) {
        liveness.forgetFamily(ended.familyId);
        app.realtime.disconnectSession(ended.familyId);
      } else {
        liveness.forgetUser(ended.userId);
        app.realtime.disconnectUser(ended.userId);
      }
    },
    uploadsDir: config.uploadsDir,
  });
  await app.register(authRoutes({ ...config, service: auth, requireAuth }));
  await app.register(filesRoutes({ service: createFilesService(database.db, config.uploadsDir), requireAuth }));

  await app.register(subjectsRoutes(subjects));
  await app.register(
    searchRoutes({ service: createSearchService(database.db), optionalAuth: createOptionalAuth(tokens, liveness) }),
  );
  await app.register(teachersRoutes({ service: teachers, requireAuth }));
  await app.register(
    timeSlotsRoutes(createTimeSlotsService({ db: database.db, isListedTeacher: teachers.isListed, clock: app.clock })),
  );
  await app.register(
    reviewsRoutes({
      service: createReviewsService({ db: database.db, teachers, clock: app.clock }),
      requireAuth,
      optionalAuth: createOptionalAuth(tokens, liveness),
      rateLimitMax: config.rateLimitMax,
    }),
  );

  const paymentsConfig = config.payments;
  const payments = createPaymentsService({
    db: database.db,
    publicUrl: config.publicUrl,
    log: app.log,
    providers: {
      payzah: paymentsConfig.payzah
        ? createPayzahProvider(paymentsConfig.payzah)
        : createSandboxProvider({
            db: database.db,
            provider: 'payzah',
            publicUrl: config.publicUrl,
            minAmountFils: 100,
          }),
      deema: paymentsConfig.deema
        ? createDeemaProvider({ ...paymentsConfig.deema, minAmountFils: paymentsConfig.deemaMinAmountFils })
        : createSandboxProvider({
            db: database.db,
            provider: 'deema',
            publicUrl: config.publicUrl,
            minAmountFils: paymentsConfig.deemaMinAmountFils,
          }),
    },
  });
  const idempotency = createIdempotency(database.db);
  const subscriptions = createSubscriptionsService({ db: database.db, payments });
  const booking = createBookingService({
    db: database.db,
    payments,
    platformFeePercent: paymentsConfig.platformFeePercent,
    mailer,
    publicUrl: config.publicUrl,
    clock: app.clock,
  });
  app.decorate('money', { payments, booking, subscriptions, teachers });
  await app.register(
    paymentsRoutes({ db: database.db, service: payments, requireAuth, remainingHours: subscriptions.remainingHours }),
  );
  await app.register(bookingRoutes({ service: booking, idempotency, requireAuth, rateLimitMax: config.rateLimitMax }));
  await app.register(subscriptionsRoutes({ service: subscriptions, idempotency, requireAuth }));
  const lessons = createLessonsService({
    db: database.db,
    clock: app.clock,
    iceServers: config.iceServers,
    // Its own key for the external meetings' join links, derived from the token key (issue 29).
    linkKey: createHmac('sha256', config.jwtSecret).update('ustaz lesson join links').digest('base64url'),
  });
  await app.register(lessonsRoutes({ service: lessons, requireAuth }));
  const disputes = createDisputesService({
    db: database.db,
    platformFeePercent: paymentsConfig.platformFeePercent,
    clock: app.clock,
    mail: { mailer, publicUrl: config.publicUrl },
  });
  await app.register(disputesRoutes({ service: disputes, requireAuth }));
  await app.register(
    calendarRoutes({
      service: createCalendarService({
        db: database.db,
        publicUrl: config.publicUrl,
        secret: config.jwtSecret,
        lessonsSince: booking.lessonsSince,
        clock: app.clock,
      }),
      requireAuth,
      rateLimitMax: config.rateLimitMax,
    }),
  );
  const payouts = createPayoutsService({
    db: database.db,
    platformFeePercent: paymentsConfig.platformFeePercent,
    mailer,
    publicUrl: config.publicUrl,
  });
  await app.register(payoutsRoutes({ service: payouts, idempotency, requireAuth }));
  await app.register(
    availabilityRoutes({
      service: createAvailabilityService({ db: database.db, teacherOf: teachers.teacherOfUser }),
      requireAuth,
    }),
  );

  let chat: ChatService | null = null;
  const realtime = await attachRealtime(app, {
    db: database.db,
    tokens,
    lessons,
    chat: () => {
      if (!chat) throw new Error('chat service not ready');
      return chat;
    },
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  app.decorate('realtime', realtime);
  chat = countMessages(createChatService({ db: database.db, presence: realtime }), metrics);
  await app.register(
    chatRoutes({
      service: chat,
      requireAuth,
      onRead: (event, otherUserId) =>
        realtime.io.to([`user:${event.readerId}`, `user:${otherUserId}`]).emit('message:read', event),
    }),
  );
  await app.register(notificationsRoutes({ db: database.db, requireAuth }));
  // Without configured keys server.ts passes the pair kept in SECRETS_DIR; a test app makes its own.
  const push = createPushService({
    db: database.db,
    vapid: config.push.vapid ?? generateVapidKeys(),
    subject: config.push.subject,
    extraHosts: config.push.extraHosts,
    onlineAmong: realtime.onlineAmong,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.decorate('push', push);
  await app.register(pushRoutes({ service: push, requireAuth }));
  const teacherApplications = createTeacherApplicationsService({
    db: database.db,
    teachers,
    mailer,
    publicUrl: config.publicUrl,
  });
  await app.register(teacherApplicationsRoutes({ service: teacherApplications, requireAuth }));
  await app.register(
    adminRoutes({
      db: database.db,
      requireAdmin: asAuthGate(createRequireAdmin(database.db, requireAuth)),
      idempotency,
      auth,
      teachers,
      subjects,
      settings,
      payments,
      booking,
      subscriptions,
      payouts,
      disputes,
      teacherApplications,
      realtime: () => app.realtime,
    }),
  );

  const seo = createSeoService(database.db, { publicUrl: config.publicUrl, now: app.clock });
  await app.register(seoRoutes(seo));
  const servePage = await registerWebApp(app, config.webDistDir, {
    settings,
    teachers,
    seo,
    publicUrl: config.publicUrl,
    pageCacheMs: config.pageCacheSeconds * 1000,
    onCatalogueChange: database.onCatalogueChange,
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (servePage && isPage) return servePage(request, reply);
    return sendNotFound(request, reply);
  });

  return app;
}

/** The chat service, counting each message it stores (a resend of one client message id counts once). */
function countMessages(chat: ChatService, metrics: Metrics): ChatService {
  const send = chat.send.bind(chat);
  chat.send = async (...args) => {
    const result = await send(...args);
    if (result.created) metrics.chatMessages.inc();
    return result;
  };
  return chat;
}
