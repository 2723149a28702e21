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
import { type AdminContext, adminSecurity, adminTags } from './admin-context.ts';
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
        tags: adminTags,
        security: adminSecurity,
        summary: 'Reservations, latest start first; by status, by student or teacher (user id), by start time',
        querystring: adminReservationsQuerySchema,
        response: { 200: adminReservationsResponseSchema },
      },
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.reservations(request.query);
      },
    });

    app.post('/api/v1/admin/reservations/:id/cancel', {
      schema: {
        tags: adminTags,
        security: adminSecurity,
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
        tags: adminTags,
        security: adminSecurity,
        summary: 'Reviews in both directions, hidden ones included (flagged), newest first',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsResponseSchema },
      },
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.reviews(request.query);
      },
    });

    app.post('/api/v1/admin/reviews/:id/hide', {
      schema: {
        tags: adminTags,
        security: adminSecurity,
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
        tags: adminTags,
        security: adminSecurity,
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
        tags: adminTags,
        security: adminSecurity,
        summary: 'What people searched for and did not find, most requested first',
        querystring: notFoundTermsQuerySchema,
        response: { 200: notFoundTermsResponseSchema },
      },
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.notFoundTerms(request.query);
      },
    });
  };
}
