import type { ApiError } from '@ustaz/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendNotFound } from '../http/errors.ts';
import { hasMetricsToken, type Metrics } from './metrics.ts';

/**
 * Every answer counted under its route's pattern (`/api/v1/teachers/:id`), never the raw URL: a
 * label per teacher would grow without end. On the root instance, so it sees every route.
 */
export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onClose', async () => metrics.stop());
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * GET /metrics, never public: 404 unless METRICS_TOKEN is set, then only with `Authorization:
 * Bearer <token>` (METRICS_PORT serves them on a listener of its own, app/start.ts).
 */
export function metricsRoutes({
  metrics,
  token,
}: {
  metrics: Metrics;
  token: string | undefined;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/metrics', {
      config: { rateLimit: false },
      schema: { hide: true },
      handler: async (request, reply) => {
        if (!token) return sendNotFound(request, reply);
        if (!hasMetricsToken(request.headers.authorization, token)) {
          const body: ApiError = { status: 401, code: 'unauthorized', message: 'Unauthorized' };
          return reply.code(401).header('www-authenticate', 'Bearer').send(body);
        }
        return reply
          .type(metrics.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.registry.metrics());
      },
    });
  };
}
