import { logNotFoundBodySchema, okResponseSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthHook } from '../../http/authenticate.ts';
import type { SearchService } from './search.service.ts';

type Options = {
  service: SearchService;
  optionalAuth: AuthHook;
};

export function searchRoutes({ service, optionalAuth }: Options): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/v1/search/log-not-found', {
      preHandler: optionalAuth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['search'],
        summary: 'Record a search that found nothing (public; the caller is kept when signed in)',
        body: logNotFoundBodySchema,
        response: { 201: okResponseSchema },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return service.logNotFound(request.body, request.auth?.userId ?? null);
      },
    });
  };
}
