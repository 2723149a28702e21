import { problemReportResponseSchema, problemReportSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../http/admin-guard.ts';
import { type AuthHook, authOf } from '../../http/authenticate.ts';
import { type ModuleRoutesOptions, moduleDocs } from '../../http/module-routes.ts';
import { reservationIdParamsSchema } from '../../http/params.ts';
import type { DisputesService } from './disputes.service.ts';
import { disputesAdminRoutes } from './disputes-admin.routes.ts';

const { tags, security } = moduleDocs('lessons');

type Options = ModuleRoutesOptions<DisputesService, { requireAdmin: AuthHook }>;

/** Report a problem with a lesson (issue 16, ADR 016); the admin resolves it (disputes-admin.routes.ts). */
export function disputesRoutes({ service, requireAuth, requireAdmin }: Options): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/lessons/:reservationId/problem',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary:
            "The lesson's student or teacher reports a problem (once): from the start until 24 hours after the end, while the teacher's earning is held; 404 for anyone else, 409 problemWindowClosed, lessonNotReportable (cancelled) or problemAlreadyReported",
          params: reservationIdParamsSchema,
          body: problemReportSchema,
          response: { 201: problemReportResponseSchema },
        },
      },
      async (request, reply) => {
        const answer = await service.report(authOf(request).userId, request.params.reservationId, request.body);
        reply.status(201);
        return answer;
      },
    );
    await app.register(adminOnly(requireAdmin, disputesAdminRoutes(service)));
  };
}
