import { calendarFeedResponseSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { type ModuleRoutesOptions, moduleDocs } from '../../http/module-routes.ts';
import { calendarFeedParamsSchema } from '../../http/params.ts';
import { perUserRateLimit } from '../../http/per-user-limit.ts';
import type { CalendarService } from './calendar.service.ts';

type Options = ModuleRoutesOptions<CalendarService, { rateLimitMax: number }>;

const { tags, security } = moduleDocs('calendar');

/**
 * Feed fetches a minute per address (60 at the default RATE_LIMIT_MAX of 300): calendar apps poll a
 * feed every hour or so, and a 256-bit token is not guessed, so this only stops hammering.
 */
const feedsPerMinute = (rateLimitMax: number) => Math.max(60, Math.round(rateLimitMax / 5));

/** New addresses a minute per user (10 at the default RATE_LIMIT_MAX; tests and benches lift it). */
const rotationsPerMinute = (rateLimitMax: number) => Math.max(10, Math.round(rateLimitMax / 30));

/** The calendar feed: its secret address for the signed-in user, a new address, and the feed itself. */
export function calendarRoutes({ service, requireAuth, rateLimitMax }: Options): FastifyPluginAsyncZod {
  /** A signed-in route: the bearer gate, the calendar tag, and its own summary and shapes. */
  const signedIn = <S extends object>(summary: string, schema: S) => ({
    preHandler: requireAuth,
    schema: { tags, security, summary, ...schema },
  });
  const feedAnswer = { response: { 200: calendarFeedResponseSchema } };

  return async (app) => {
    app.get(
      '/api/v1/calendar',
      signedIn(
        "The signed-in user's calendar feed address (made on the first call): their booked lessons, as student and as teacher, for a calendar app",
        feedAnswer,
      ),
      (request) => service.feedUrl(authOf(request).userId),
    );

    app.post(
      '/api/v1/calendar/rotate',
      {
        ...signedIn('A new calendar feed address; the old one stops working at once', feedAnswer),
        config: perUserRateLimit('calendar-rotate', rotationsPerMinute(rateLimitMax)),
      },
      (request) => service.rotate(authOf(request).userId),
    );

    app.get('/api/v1/calendar/:file', {
      config: { rateLimit: { max: feedsPerMinute(rateLimitMax), timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "The feed (`{token}.ics`, no other sign-in): iCalendar text with one event per booked lesson from 30 days ago on, titled in the user's language; an unknown token is 404",
        params: calendarFeedParamsSchema,
      },
      handler: async (request, reply) => {
        const ics = await service.feed(request.params.file);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(ics);
      },
    });
  };
}
