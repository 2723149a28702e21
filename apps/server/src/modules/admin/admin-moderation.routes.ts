import {
  adminCancelReservationBodySchema,
  adminCancelReservationResponseSchema,
  adminReservationsQuerySchema,
  adminReservationsResponseSchema,
  adminReviewResponseSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  hideReviewBodySchema,
  notFoundTermsQuerySchema,
  notFoundTermsResponseSchema,
  unhideReviewBodySchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { idParamsSchema } from '../../http/params.ts';
import { type AdminContext, noStore } from './admin-context.ts';
import { createAdminModerationService } from './admin-moderation.service.ts';

export function adminModerationRoutes(context: AdminContext): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createAdminModerationService({
      db: context.db,
      booking: context.booking,
      teachers: context.teachers,
    });

    app.get('/api/v1/admin/reservations', {
      schema: {
        summary: 'Reservations, latest start first; by status, by student or teacher (user id), by start time',
        querystring: adminReservationsQuerySchema,
        response: { 200: adminReservationsResponseSchema },
      },
      preHandler: noStore,
      handler: (request) => service.reservations(request.query),
    });

    app.post('/api/v1/admin/reservations/:id/cancel', {
      schema: {
        summary:
          'Cancel a pending or confirmed reservation that has not ended: full refund to its source, both people told',
        params: idParamsSchema,
        body: adminCancelReservationBodySchema,
        response: { 200: adminCancelReservationResponseSchema },
      },
      handler: (request) => service.cancelReservation(authOf(request).userId, request.params.id, request.body.reason),
    });

    app.get('/api/v1/admin/reviews', {
      schema: {
        summary: 'Reviews in both directions, hidden ones included (flagged), newest first',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsResponseSchema },
      },
      preHandler: noStore,
      handler: (request) => service.reviews(request.query),
    });

    app.post('/api/v1/admin/reviews/:id/hide', {
      schema: {
        summary: "Hide an abusive review from every public list and from the teacher's rating",
        params: idParamsSchema,
        body: hideReviewBodySchema,
        response: { 200: adminReviewResponseSchema },
      },
      handler: (request) =>
        service.setHidden(authOf(request).userId, request.params.id, { hide: true, reason: request.body.reason }),
    });

    app.post('/api/v1/admin/reviews/:id/unhide', {
      schema: {
        summary: "Show a hidden review again; the teacher's rating counts it again",
        params: idParamsSchema,
        body: unhideReviewBodySchema,
        response: { 200: adminReviewResponseSchema },
      },
      handler: (request) =>
        service.setHidden(authOf(request).userId, request.params.id, { hide: false, reason: request.body?.reason }),
    });

    app.get('/api/v1/admin/search-not-found', {
      schema: {
        summary: 'What people searched for and did not find, most requested first',
        querystring: notFoundTermsQuerySchema,
        response: { 200: notFoundTermsResponseSchema },
      },
      preHandler: noStore,
      handler: (request) => service.notFoundTerms(request.query),
    });
  };
}
