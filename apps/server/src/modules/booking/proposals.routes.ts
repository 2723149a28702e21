import {
  proposalAcceptBodySchema,
  proposalAcceptResponseSchema,
  proposalBodySchema,
  proposalResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { type ModuleRoutesOptions, signedInRoute } from '../../http/module-routes.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { BookingService } from './booking.service.ts';

/** A teacher's proposal of a new time and the student's answer (issue 32, ADR 033). */
export function proposalsRoutes({ service, requireAuth }: ModuleRoutesOptions<BookingService>): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('booking', requireAuth);
  return async (app) => {
    app.post(
      '/api/v1/reservations/:id/proposals',
      signedIn(
        "Propose a new time for an upcoming lesson (the lesson's teacher): one of their open slots of the same length and kind; one open proposal per lesson. Lapses unanswered at the lesson's start.",
        { params: idParamsSchema, body: proposalBodySchema, response: { 201: proposalResponseSchema } },
      ),
      async (request, reply) => {
        const answer = await service.propose(authOf(request).userId, request.params.id, request.body);
        return reply.code(201).send(answer);
      },
    );

    app.post(
      '/api/v1/reservation-proposals/:id/accept',
      signedIn(
        "Accept a proposal (the lesson's student): the lesson moves, a price difference paid or refunded as a reschedule's.",
        { params: idParamsSchema, body: proposalAcceptBodySchema, response: { 200: proposalAcceptResponseSchema } },
      ),
      (request) => service.accept(authOf(request).userId, request.params.id, request.body),
    );

    app.post(
      '/api/v1/reservation-proposals/:id/decline',
      signedIn(
        "Decline a proposal (the lesson's student): the lesson stays, and the student may cancel it with a full refund whatever the time.",
        { params: idParamsSchema, response: { 200: proposalResponseSchema } },
      ),
      (request) => service.decline(authOf(request).userId, request.params.id),
    );
  };
}
