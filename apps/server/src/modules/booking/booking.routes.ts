import {
  BOOKING,
  bookingMultipleBodySchema,
  bookingQuoteBodySchema,
  bookingQuoteResponseSchema,
  bookingResponseSchema,
  bookingSingleBodySchema,
  cancelReservationBodySchema,
  cancelReservationResponseSchema,
  RESCHEDULE_MIN_HOURS,
  rescheduleBodySchema,
  rescheduleResponseSchema,
  rescheduleTopUpResponseSchema,
  reservationsQuerySchema,
  reservationsResponseSchema,
} from '@ustaz/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authOf } from '../../http/authenticate.ts';
import { type Idempotency, idempotencyKeyOf } from '../../http/idempotency.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, signedInRoute } from '../../http/module-routes.ts';
import { idParamsSchema } from '../../http/params.ts';
import { perUserRateLimit } from '../../http/per-user-limit.ts';
import type { BookInput, BookingService } from './booking.service.ts';

type Options = ModuleRoutesOptions<BookingService> & {
  /** RATE_LIMIT_MAX: the per-user booking limits scale with it. */
  rateLimitMax: number;
  idempotency: Idempotency;
};

/**
 * Bookings per user per minute (every address together) at the default RATE_LIMIT_MAX of 300 per
 * address: a tenth of it; the quote is cheaper and asked more often. Raising RATE_LIMIT_MAX (tests,
 * benches) raises these with it.
 */
const bookingsPerMinute = (rateLimitMax: number) => Math.max(30, Math.round(rateLimitMax / 10));
const quotesPerMinute = (rateLimitMax: number) => Math.max(120, Math.round(rateLimitMax / 2));

export function bookingRoutes({ service, idempotency, requireAuth, rateLimitMax }: Options): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('booking', requireAuth);
  /** Both booking routes, under the Idempotency-Key: one slot or several, the rest of the body alike. */
  const book = (
    request: FastifyRequest,
    body: Omit<z.output<typeof bookingSingleBodySchema>, 'timeSlotId'>,
    slotIds: number[],
    field: BookInput['field'],
  ) => {
    const { userId } = authOf(request);
    return idempotency(userId, idempotencyKeyOf(request), 'booking', body, () =>
      service.book(userId, {
        slotIds,
        paymentMethod: body.paymentMethod,
        note: body.note ?? '',
        language: body.language ?? requestLanguage(request),
        field,
        expectedTotal: body.expectedTotal,
        ...(body.topUpWith ? { topUpWith: body.topUpWith } : {}),
      }),
    );
  };

  return async (app) => {
    app.post(
      '/api/v1/booking/quote',
      {
        ...signedIn(
          `What booking these slots with the balance would cost: subscription hours first (at their package's price per hour), the rest from the wallet; each slot's cancellation deadline (${BOOKING.studentCancelHours} h before the start). Nothing is held.`,
          { body: bookingQuoteBodySchema, response: { 200: bookingQuoteResponseSchema } },
        ),
        config: perUserRateLimit('booking-quote', quotesPerMinute(rateLimitMax)),
      },
      (request) => service.quote(authOf(request).userId, request.body.timeSlotIds),
    );

    app.post(
      '/api/v1/booking/single',
      {
        ...signedIn(
          'Book one slot: balance (subscription hours first, then wallet) or a gateway (slot held 15 min). Honours Idempotency-Key.',
          { body: bookingSingleBodySchema, response: { 200: bookingResponseSchema } },
        ),
        config: perUserRateLimit('booking', bookingsPerMinute(rateLimitMax)),
      },
      (request) => book(request, request.body, [request.body.timeSlotId], 'timeSlotId'),
    );

    app.post(
      '/api/v1/booking/multiple',
      {
        ...signedIn('Book several slots at once: all or none. Honours Idempotency-Key.', {
          body: bookingMultipleBodySchema,
          response: { 200: bookingResponseSchema },
        }),
        config: perUserRateLimit('booking', bookingsPerMinute(rateLimitMax)),
      },
      (request) => book(request, request.body, request.body.timeSlotIds, 'timeSlotIds'),
    );

    app.get(
      '/api/v1/reservations',
      signedIn("The signed-in user's reservations (as student, and as teacher): upcoming, past or cancelled", {
        querystring: reservationsQuerySchema,
        response: { 200: reservationsResponseSchema },
      }),
      async (request) => {
        const { scope, page, limit } = request.query;
        return service.list(authOf(request).userId, scope, page, limit, requestLanguage(request));
      },
    );

    app.post(
      '/api/v1/reservations/:id/cancel',
      signedIn(
        'Cancel: a student until 24 h before the start, the teacher any time; refunded to where it was paid from',
        {
          params: idParamsSchema,
          body: cancelReservationBodySchema,
          response: { 200: cancelReservationResponseSchema },
        },
      ),
      (request) => service.cancel(authOf(request).userId, request.params.id, request.body?.reason ?? ''),
    );

    app.post(
      '/api/v1/reservations/:id/reschedule',
      {
        ...signedIn(
          `Move a confirmed lesson (the student) to another open slot of the same teacher and length, until ${RESCHEDULE_MIN_HOURS} h before its start; a dearer slot's difference is paid hours first then wallet, a cheaper one's goes back where the lesson was paid from. One transaction. With topUpWith and a balance short of the difference: 202, the slot held for a gateway top-up of the shortfall, the move made when it is paid. Honours Idempotency-Key.`,
          {
            params: idParamsSchema,
            body: rescheduleBodySchema,
            response: { 200: rescheduleResponseSchema, 202: rescheduleTopUpResponseSchema },
          },
        ),
        config: perUserRateLimit('booking', bookingsPerMinute(rateLimitMax)),
      },
      async (request, reply) => {
        const { userId } = authOf(request);
        const body = { ...request.body, language: request.body.language ?? requestLanguage(request) };
        const outcome = await idempotency(
          userId,
          idempotencyKeyOf(request),
          `reschedule:${request.params.id}`,
          body,
          () => service.reschedule(userId, request.params.id, body),
        );
        return reply.code(outcome.status).send(outcome.body);
      },
    );
  };
}
