import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { sendNotFound } from '../http/errors.ts';
import { adminRoutes } from '../modules/admin/admin.routes.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { bookingRoutes } from '../modules/booking/booking.routes.ts';
import { proposalsRoutes } from '../modules/booking/proposals.routes.ts';
import { standingRoutes } from '../modules/booking/standing.routes.ts';
import { calendarRoutes } from '../modules/calendar/calendar.routes.ts';
import { chatRoutes } from '../modules/chat/chat.routes.ts';
import { disputesRoutes } from '../modules/disputes/disputes.routes.ts';
import { favouritesRoutes } from '../modules/favourites/favourites.routes.ts';
import { filesRoutes } from '../modules/files/files.routes.ts';
import { lessonsRoutes } from '../modules/lessons/lessons.routes.ts';
import { notificationsRoutes } from '../modules/notifications/notifications.routes.ts';
import { paymentsRoutes } from '../modules/payments/payments.routes.ts';
import { payoutsRoutes } from '../modules/payouts/payouts.routes.ts';
import { pushRoutes } from '../modules/push/push.routes.ts';
import { receiptsRoutes } from '../modules/receipts/receipts.routes.ts';
import { reviewsRoutes } from '../modules/reviews/reviews.routes.ts';
import { searchRoutes } from '../modules/search/search.routes.ts';
import { seoRoutes } from '../modules/seo/seo.routes.ts';
import { subjectsRoutes } from '../modules/subjects/subjects.routes.ts';
import { subscriptionsRoutes } from '../modules/subscriptions/subscriptions.routes.ts';
import { teacherApplicationsRoutes } from '../modules/teacher-applications/teacher-applications.routes.ts';
import { teachersRoutes } from '../modules/teachers/teachers.routes.ts';
import { availabilityRoutes } from '../modules/time-slots/availability.routes.ts';
import { timeSlotsRoutes } from '../modules/time-slots/time-slots.routes.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { registerWebApp } from '../web/web.routes.ts';
import type { Services } from './services.ts';

/** Not served as pages: a missing file under these prefixes is a plain 404. */
const NON_PAGE_PREFIXES = ['/api/', '/assets/', '/locales/', '/fonts/'];

/** Each module's routes plugin with its service and gates; a module mounts its own /api/v1/admin routes too. */
export async function registerModuleRoutes(
  app: FastifyInstance,
  s: Services,
  { config, db, realtime }: { config: Config; db: Database['db']; realtime: Realtime },
): Promise<void> {
  const { requireAuth, requireAdmin, optionalAuth, idempotency } = s;
  const { rateLimitMax } = config;
  await app.register(authRoutes({ ...config, service: s.auth, requireAuth }));
  await app.register(filesRoutes({ service: s.files, requireAuth }));
  await app.register(subjectsRoutes(s.subjects));
  await app.register(searchRoutes({ service: s.search, optionalAuth }));
  await app.register(teachersRoutes({ service: s.teachers, requireAuth }));
  await app.register(timeSlotsRoutes(s.timeSlots));
  await app.register(favouritesRoutes({ service: s.favourites, requireAuth }));
  await app.register(reviewsRoutes({ service: s.reviews, requireAuth, optionalAuth, rateLimitMax }));
  await app.register(
    paymentsRoutes({ db, service: s.payments, requireAuth, remainingHours: s.subscriptions.remainingHours }),
  );
  await app.register(receiptsRoutes({ service: s.receipts, requireAuth }));
  await app.register(bookingRoutes({ service: s.booking, idempotency, requireAuth, rateLimitMax }));
  await app.register(proposalsRoutes({ service: s.booking, requireAuth }));
  await app.register(standingRoutes({ service: s.booking.standing, requireAuth }));
  await app.register(subscriptionsRoutes({ service: s.subscriptions, idempotency, requireAuth }));
  await app.register(lessonsRoutes({ service: s.lessons, requireAuth }));
  await app.register(disputesRoutes({ service: s.disputes, requireAuth, requireAdmin }));
  await app.register(calendarRoutes({ service: s.calendar, requireAuth, rateLimitMax }));
  await app.register(payoutsRoutes({ service: s.payouts, idempotency, requireAuth, requireAdmin }));
  await app.register(availabilityRoutes({ service: s.availability, requireAuth }));
  await app.register(
    chatRoutes({
      service: s.chat,
      requireAuth,
      onRead: (event, otherUserId) =>
        realtime.io.to([`user:${event.readerId}`, `user:${otherUserId}`]).emit('message:read', event),
    }),
  );
  await app.register(notificationsRoutes({ db, requireAuth }));
  await app.register(pushRoutes({ service: s.push, requireAuth }));
  await app.register(teacherApplicationsRoutes({ service: s.teacherApplications, requireAuth, requireAdmin }));
  await app.register(
    adminRoutes({
      db,
      requireAdmin,
      idempotency,
      auth: s.auth,
      teachers: s.teachers,
      subjects: s.subjects,
      settings: s.settings,
      payments: s.payments,
      booking: s.booking,
      subscriptions: s.subscriptions,
    }),
  );
  await app.register(seoRoutes(s.seo));
}

/** The built web app's pages, and the not-found answer: a page path goes to the web app, anything else gets the API's 404. */
export async function registerPages(
  app: FastifyInstance,
  s: Services,
  { config, database }: { config: Config; database: Database },
): Promise<void> {
  const servePage = await registerWebApp(app, config.webDistDir, {
    settings: s.settings,
    teachers: s.teachers,
    seo: s.seo,
    publicUrl: config.publicUrl,
    pageCacheMs: config.pageCacheSeconds * 1000,
    renderWorkers: config.ssrRenderWorkers,
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
}
