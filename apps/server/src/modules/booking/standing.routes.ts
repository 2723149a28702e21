import {
  standingBookingBodySchema,
  standingBookingSchema,
  standingBookingsResponseSchema,
  standingPreviewResponseSchema,
  standingSkipBodySchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, signedInRoute } from '../../http/module-routes.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { StandingService } from './standing.service.ts';

/** Standing weekly lessons (issue 32, ADR 034): the spec is packages/contract/src/standing.ts. */
export function standingRoutes({ service, requireAuth }: ModuleRoutesOptions<StandingService>): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('booking', requireAuth);
  return async (app) => {
    app.post(
      '/api/v1/standing-bookings/preview',
      signedIn('What a weekly series from this slot would book, and the weeks without a slot. Nothing is held.', {
        body: standingBookingBodySchema,
        response: { 200: standingPreviewResponseSchema },
      }),
      (request) => service.preview(authOf(request).userId, request.body),
    );

    app.post(
      '/api/v1/standing-bookings',
      signedIn(
        'Book a weekly series: this slot and the same weekday and time (teacher zone) for the following weeks; each lesson is charged 48 h before it starts. 409 standingLimitReached past 12 unpaid series lessons of the student, 409 standingTeacherFull past the room of new students at the teacher (ADR 037).',
        { body: standingBookingBodySchema, response: { 201: standingBookingSchema } },
      ),
      async (request, reply) => {
        const series = await service.create(authOf(request).userId, request.body, requestLanguage(request));
        return reply.code(201).send(series);
      },
    );

    app.get(
      '/api/v1/standing-bookings',
      signedIn("The signed-in student's weekly series (a teacher: the series with them)", {
        response: { 200: standingBookingsResponseSchema },
      }),
      (request) => service.list(authOf(request).userId, requestLanguage(request)),
    );

    app.post(
      '/api/v1/standing-bookings/:id/skip',
      signedIn("Skip one week's lesson of the series (the cancellation rule for a paid one)", {
        params: idParamsSchema,
        body: standingSkipBodySchema,
        response: { 200: standingBookingSchema },
      }),
      (request) => service.skip(authOf(request).userId, request.params.id, request.body.reservationId),
    );

    app.post(
      '/api/v1/standing-bookings/:id/stop',
      signedIn('Stop the series: unpaid lessons released, paid ones refunded while free to cancel', {
        params: idParamsSchema,
        response: { 200: standingBookingSchema },
      }),
      (request) => service.stop(authOf(request).userId, request.params.id),
    );
  };
}
