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
import { adminAction, adminList } from '../../http/admin-route.ts';
import type { AdminContext } from './admin-context.ts';
import { createAdminModerationService } from './admin-moderation.service.ts';

export function adminModerationRoutes(context: AdminContext): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createAdminModerationService({
      db: context.db,
      booking: context.booking,
      teachers: context.teachers,
    });

    adminList(
      app,
      '/api/v1/admin/reservations',
      {
        summary: 'Reservations, latest start first; by status, by student or teacher (user id), by start time',
        querystring: adminReservationsQuerySchema,
        response: adminReservationsResponseSchema,
        noStore: true,
      },
      (query) => service.reservations(query),
    );

    adminAction(
      app,
      'post',
      '/api/v1/admin/reservations/:id/cancel',
      {
        summary:
          'Cancel a pending or confirmed reservation that has not ended: full refund to its source, both people told',
        body: adminCancelReservationBodySchema,
        response: adminCancelReservationResponseSchema,
      },
      (actor, id, body) => service.cancelReservation(actor, id, body.reason),
    );

    adminList(
      app,
      '/api/v1/admin/reviews',
      {
        summary: 'Reviews in both directions, hidden ones included (flagged), newest first',
        querystring: adminReviewsQuerySchema,
        response: adminReviewsResponseSchema,
        noStore: true,
      },
      (query) => service.reviews(query),
    );

    adminAction(
      app,
      'post',
      '/api/v1/admin/reviews/:id/hide',
      {
        summary: "Hide an abusive review from every public list and from the teacher's rating",
        body: hideReviewBodySchema,
        response: adminReviewResponseSchema,
      },
      (actor, id, body) => service.setHidden(actor, id, { hide: true, reason: body.reason }),
    );

    adminAction(
      app,
      'post',
      '/api/v1/admin/reviews/:id/unhide',
      {
        summary: "Show a hidden review again; the teacher's rating counts it again",
        body: unhideReviewBodySchema,
        response: adminReviewResponseSchema,
      },
      (actor, id, body) => service.setHidden(actor, id, { hide: false, reason: body?.reason }),
    );

    adminList(
      app,
      '/api/v1/admin/search-not-found',
      {
        summary: 'What people searched for and did not find, most requested first',
        querystring: notFoundTermsQuerySchema,
        response: notFoundTermsResponseSchema,
        noStore: true,
      },
      (query) => service.notFoundTerms(query),
    );
  };
}
