import {
  createReviewBodySchema,
  reviewReplyBodySchema,
  reviewSchema,
  reviewStatesQuerySchema,
  reviewStatesResponseSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHook, authOf } from '../../http/authenticate.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, moduleDocs, signedInRoute } from '../../http/module-routes.ts';
import { idParamsSchema } from '../../http/params.ts';
import { perUserRateLimit } from '../../http/per-user-limit.ts';
import type { ReviewsService } from './reviews.service.ts';

type Options = ModuleRoutesOptions<ReviewsService, { optionalAuth: AuthHook; rateLimitMax: number }>;

/** Review writes a minute per user (30 at the default RATE_LIMIT_MAX of 300; tests and benches lift it). */
const reviewsPerMinute = (rateLimitMax: number) => Math.max(30, Math.round(rateLimitMax / 10));

const { tags } = moduleDocs('reviews');

const reviewsResponse = { 200: reviewsResponseSchema };

export function reviewsRoutes({ service, requireAuth, optionalAuth, rateLimitMax }: Options): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('reviews', requireAuth);
  return async (app) => {
    app.get('/api/reviews', {
      schema: {
        tags,
        summary: 'The newest reviews students wrote about teachers',
        querystring: reviewsQuerySchema,
        response: reviewsResponse,
      },
      handler: (request) => service.latest(request.query.limit, requestLanguage(request)),
    });

    app.get('/api/reviews/for-teacher/:id', {
      preHandler: optionalAuth,
      schema: {
        tags,
        summary:
          "Students' published reviews of a teacher (teacher profile id): those written in the request language first, then the others, each newest first; a signed-in student also sees their own unpublished one",
        params: idParamsSchema,
        querystring: reviewsQuerySchema,
        response: reviewsResponse,
      },
      handler: (request) =>
        service.forTeacher(
          request.auth?.userId ?? null,
          request.params.id,
          request.query.limit,
          requestLanguage(request),
        ),
    });

    app.get(
      '/api/reviews/for-student/:id',
      signedIn("Teachers' reviews of a student (user id): the student, their teachers and admins only", {
        params: idParamsSchema,
        querystring: reviewsQuerySchema,
        response: reviewsResponse,
      }),
      (request) =>
        service.forStudent(authOf(request), request.params.id, request.query.limit, requestLanguage(request)),
    );

    app.get(
      '/api/reviews/mine',
      signedIn(
        "The caller's review state for reservations they are a party of (written or not, may review now, until when); other ids are left out",
        { querystring: reviewStatesQuerySchema, response: { 200: reviewStatesResponseSchema } },
      ),
      (request) => service.states(authOf(request).userId, request.query.reservationIds),
    );

    app.post(
      '/api/reviews/:id/reply',
      {
        ...signedIn("The reviewed teacher's one public reply to a published review of them", {
          params: idParamsSchema,
          body: reviewReplyBodySchema,
          response: { 200: reviewSchema },
        }),
        config: perUserRateLimit('reviews', reviewsPerMinute(rateLimitMax)),
      },
      (request) =>
        service.reply(authOf(request).userId, request.params.id, request.body.text, requestLanguage(request)),
    );

    app.post(
      '/api/reviews',
      {
        ...signedIn('Review the other participant of a completed reservation (once per reservation and direction)', {
          body: createReviewBodySchema,
          response: { 201: reviewSchema },
        }),
        config: perUserRateLimit('reviews', reviewsPerMinute(rateLimitMax)),
      },
      async (request, reply) => {
        reply.status(201);
        return service.create(authOf(request).userId, request.body, requestLanguage(request));
      },
    );
  };
}
