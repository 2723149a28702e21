import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { createRequireAdmin } from '../http/admin-guard.ts';
import { createOptionalAuth, createRequireAuth } from '../http/authenticate.ts';
import { createIdempotency } from '../http/idempotency.ts';
import { createMailer, createTransport } from '../mail/mailer.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { createGoogleVerifier } from '../modules/auth/google.ts';
import { createSessionLiveness } from '../modules/auth/session-liveness.ts';
import { createAccessTokens } from '../modules/auth/tokens.ts';
import { createBookingService } from '../modules/booking/booking.service.ts';
import { createCalendarService } from '../modules/calendar/calendar.service.ts';
import { type ChatService, createChatService } from '../modules/chat/chat.service.ts';
import { createDisputesService } from '../modules/disputes/disputes.service.ts';
import { createFavouritesService } from '../modules/favourites/favourites.service.ts';
import { createFilesService } from '../modules/files/files.service.ts';
import { createLessonsService } from '../modules/lessons/lessons.service.ts';
import { createPaymentsService } from '../modules/payments/payments.service.ts';
import { createPayoutsService } from '../modules/payouts/payouts.service.ts';
import { createPushService, generateVapidKeys } from '../modules/push/push.service.ts';
import { createReceiptsService } from '../modules/receipts/receipts.service.ts';
import { createReviewsService } from '../modules/reviews/reviews.service.ts';
import { createSearchService } from '../modules/search/search.service.ts';
import { createSeoService } from '../modules/seo/seo.service.ts';
import { createSettingsService, runtimeSettings } from '../modules/settings/settings.service.ts';
import { createSubjectsService } from '../modules/subjects/subjects.service.ts';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service.ts';
import { createTeacherApplicationsService } from '../modules/teacher-applications/teacher-applications.service.ts';
import { createTeachersService } from '../modules/teachers/teachers.service.ts';
import { createAvailabilityService } from '../modules/time-slots/availability.ts';
import { createTimeSlotsService } from '../modules/time-slots/time-slots.service.ts';
import { createDeemaProvider } from '../payments/deema.ts';
import { createPayzahProvider } from '../payments/payzah.ts';
import { createSandboxProvider } from '../payments/sandbox.ts';
import type { Realtime } from '../realtime/realtime.ts';

export type ServiceDeps = {
  config: Config;
  /** Checked by buildApp: the access tokens' key, and the key of the lesson and calendar links. */
  jwtSecret: string;
  database: Database;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Made first: the chat asks its presence, push its online users, auth closes the sockets of ended sessions. */
  realtime: Realtime;
  metrics: Metrics;
};

export type Services = ReturnType<typeof buildServices>;

/**
 * Every service of the app, each made once and after what it needs (no service is handed a
 * thunk to one made later): the shared pieces, the catalogue and the account, the money, the
 * lessons around them, and what tells people (chat, push).
 */
export function buildServices(deps: ServiceDeps) {
  const { config, database, log, clock, realtime } = deps;
  const db = database.db;
  const shared = buildShared(deps);
  const { settings, mailer } = shared;
  const subjects = createSubjectsService(db);
  const teachers = createTeachersService(db, subjects, {
    clock,
    countCacheMs: config.searchCountCacheSeconds * 1000,
    onCatalogueChange: database.onCatalogueChange,
  });
  const auth = createAuthService({
    db,
    tokens: shared.tokens,
    mailer,
    google: config.google ? createGoogleVerifier(config.google) : null,
    publicUrl: config.publicUrl,
    registrationEnabled: async () => (await settings.getWebsiteSettings()).additional.enableRegistration,
    onNamesChanged: (userId) => teachers.reindexUser(userId),
    onSessionsEnded: (ended) => {
      if ('familyId' in ended) {
        shared.liveness.forgetFamily(ended.familyId);
        realtime.disconnectSession(ended.familyId);
      } else {
        shared.liveness.forgetUser(ended.userId);
        realtime.disconnectUser(ended.userId);
      }
    },
    uploadsDir: config.uploadsDir,
  });
  const { platformFeePercent } = config.payments;
  const payments = createPaymentsService({
    db,
    publicUrl: config.publicUrl,
    log,
    providers: paymentProviders(config, db),
  });
  const subscriptions = createSubscriptionsService({ db, payments });
  const booking = createBookingService({
    db,
    payments,
    platformFeePercent,
    mailer,
    publicUrl: config.publicUrl,
    clock,
  });
  const chat = countMessages(createChatService({ db, presence: realtime }), deps.metrics);
  return {
    ...shared,
    subjects,
    teachers,
    auth,
    files: createFilesService(db, config.uploadsDir),
    search: createSearchService(db),
    favourites: createFavouritesService({ db, teachers }),
    timeSlots: createTimeSlotsService({ db, isListedTeacher: teachers.isListed, clock }),
    reviews: createReviewsService({ db, teachers, clock }),
    payments,
    receipts: createReceiptsService({ db, settings }),
    subscriptions,
    booking,
    lessons: createLessonsService({
      db,
      clock,
      iceServers: config.iceServers,
      // Its own key for the external meetings' join links, derived from the token key (issue 29).
      linkKey: createHmac('sha256', deps.jwtSecret).update('ustaz lesson join links').digest('base64url'),
    }),
    disputes: createDisputesService({
      db,
      platformFeePercent,
      clock,
      mail: { mailer, publicUrl: config.publicUrl },
    }),
    calendar: createCalendarService({
      db,
      publicUrl: config.publicUrl,
      secret: deps.jwtSecret,
      lessonsSince: booking.lessonsSince,
      clock,
    }),
    payouts: createPayoutsService({ db, platformFeePercent, mailer, publicUrl: config.publicUrl }),
    availability: createAvailabilityService({ db, teacherOf: teachers.teacherOfUser }),
    chat,
    // Without configured keys server.ts passes the pair kept in SECRETS_DIR; a test app makes its own.
    push: createPushService({
      db,
      vapid: config.push.vapid ?? generateVapidKeys(),
      subject: config.push.subject,
      extraHosts: config.push.extraHosts,
      onlineAmong: realtime.onlineAmong,
      mailer,
      publicUrl: config.publicUrl,
      log,
    }),
    teacherApplications: createTeacherApplicationsService({ db, teachers, mailer, publicUrl: config.publicUrl }),
    seo: createSeoService(db, { publicUrl: config.publicUrl, now: clock }),
  };
}

/** What many modules use: the settings, the mail outbox, the access tokens and the gates built on them. */
function buildShared({ config, jwtSecret, database, log }: ServiceDeps) {
  const db = database.db;
  const settings = createSettingsService(db, runtimeSettings(config));
  const mailer = createMailer(db, createTransport(config.mail, log), config.mail.from, log, async () => {
    const { appName, logoUrl } = await settings.getWebsiteSettings();
    return { appName, logoUrl };
  });
  const tokens = createAccessTokens(jwtSecret);
  const liveness = createSessionLiveness(db);
  const requireAuth = createRequireAuth(tokens, liveness);
  return {
    settings,
    mailer,
    tokens,
    liveness,
    requireAuth,
    optionalAuth: createOptionalAuth(tokens, liveness),
    requireAdmin: createRequireAdmin(db, requireAuth),
    idempotency: createIdempotency(db),
  };
}

/** The gateways: the real ones when their keys are configured, else the local sandbox of each. */
function paymentProviders(config: Config, db: Db) {
  const { payzah, deema, deemaMinAmountFils } = config.payments;
  const sandbox = (provider: 'payzah' | 'deema', minAmountFils: number) =>
    createSandboxProvider({ db, provider, publicUrl: config.publicUrl, minAmountFils });
  return {
    payzah: payzah ? createPayzahProvider(payzah) : sandbox('payzah', 100),
    deema: deema
      ? createDeemaProvider({ ...deema, minAmountFils: deemaMinAmountFils })
      : sandbox('deema', deemaMinAmountFils),
  };
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
