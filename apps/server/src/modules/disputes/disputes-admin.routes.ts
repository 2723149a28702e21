import {
  adminDisputeResponseSchema,
  adminDisputesQuerySchema,
  adminDisputesResponseSchema,
  resolveDisputeSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAction, adminList, noStore } from '../../http/admin-route.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { DisputesService } from './disputes.service.ts';

/** The admin's disputes (issue 16, ADR 016); disputesRoutes mounts them behind the admin guard (audited). */
export function disputesAdminRoutes(service: DisputesService): FastifyPluginAsyncZod {
  return async (app) => {
    adminList(
      app,
      '/api/v1/admin/disputes',
      {
        summary: 'Reported lesson problems: open ones oldest first (?status=open), resolved or all newest first',
        querystring: adminDisputesQuerySchema,
        response: adminDisputesResponseSchema,
        noStore: true,
      },
      (query) => service.adminList(query),
    );
    app.get(
      '/api/v1/admin/disputes/:id',
      {
        schema: {
          summary: 'One dispute with its lesson, what was paid and who joined the room',
          params: idParamsSchema,
          response: { 200: adminDisputeResponseSchema },
        },
        preHandler: noStore,
      },
      (request) => service.adminGet(request.params.id),
    );
    adminAction(
      app,
      'post',
      '/api/v1/admin/disputes/:id/resolve',
      {
        summary:
          "Resolves an open dispute once: release (the teacher's earning now) or refund (in full to where it was paid from, or `amount` to the wallet and the rest to the teacher less the fee); 409 disputeAlreadyResolved, 422 refundTooLarge",
        body: resolveDisputeSchema,
        response: adminDisputeResponseSchema,
      },
      (actor, id, body) => service.resolve(actor, id, body),
    );
  };
}
