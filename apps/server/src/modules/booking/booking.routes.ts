import {
  bookingMultipleBodySchema,
  bookingResponseSchema,
  bookingSingleBodySchema,
  cancelReservationBodySchema,
  cancelReservationResponseSchema,
  reservationsQuerySchema,
  reservationsResponseSchema,
} from '@ustaz/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { type Idempotency, idempotencyKeyOf } from '../../http/idempotency.ts';
import { requestLanguage } from '../../http/language.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { BookingService } from './booking.service.ts';

type Options = {
  service: BookingService;
  idempotency: Idempotency;
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const tags = ['booking'];
const security = [{ bearer: [] }];

export function bookingRoutes({ service, idempotency, requireAuth }: Options): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/v1/booking/single', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'Book one slot: balance (subscription hours first, then wallet) or a gateway (slot held 15 min). Honours Idempotency-Key.',
        body: bookingSingleBodySchema,
        response: { 200: bookingResponseSchema },
      },
      handler: (request) => {
        const { userId } = authOf(request);
        const body = request.body;
        return idempotency(userId, idempotencyKeyOf(request), 'booking', body, () =>
          service.book(userId, {
            slotIds: [body.timeSlotId],
            paymentMethod: body.paymentMethod,
            note: body.note ?? '',
            language: body.language ?? requestLanguage(request),
            field: 'timeSlotId',
          }),
        );
      },
    });

    app.post('/api/v1/booking/multiple', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Book several slots at once: all or none. Honours Idempotency-Key.',
        body: bookingMultipleBodySchema,
        response: { 200: bookingResponseSchema },
      },
      handler: (request) => {
        const { userId } = authOf(request);
        const body = request.body;
        return idempotency(userId, idempotencyKeyOf(request), 'booking', body, () =>
          service.book(userId, {
            slotIds: body.timeSlotIds,
            paymentMethod: body.paymentMethod,
            note: body.note ?? '',
            language: body.language ?? requestLanguage(request),
            field: 'timeSlotIds',
          }),
        );
      },
    });

    app.get('/api/v1/reservations', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "The signed-in user's reservations (as student, and as teacher): upcoming, past or cancelled",
        querystring: reservationsQuerySchema,
        response: { 200: reservationsResponseSchema },
      },
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const { scope, page, limit } = request.query;
        return service.list(authOf(request).userId, scope, page, limit);
      },
    });

    app.post('/api/v1/reservations/:id/cancel', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'Cancel: a student until 24 h before the start, the teacher any time; refunded to where it was paid from',
        params: idParamsSchema,
        body: cancelReservationBodySchema,
        response: { 200: cancelReservationResponseSchema },
      },
      handler: (request) => service.cancel(authOf(request).userId, request.params.id, request.body?.reason ?? ''),
    });
  };
}
