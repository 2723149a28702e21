import { healthLiveResponseSchema, healthResponseSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors.ts';
import { checkHealth, type RedisStatus } from './health.ts';

/** The health checks; load balancers poll them, so none is ever rate-limited. */
export function healthRoutes({
  database,
  redisStatus,
}: {
  database: Database;
  redisStatus: RedisStatus;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/health', {
      config: { rateLimit: false },
      schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
      handler: async (_request, reply) => {
        const health = await checkHealth(database, redisStatus);
        // Without its database the process cannot serve: 503 takes it out of a load balancer's rotation.
        if (health.database === 'down')
          void reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return health;
      },
    });
    // For load balancers and orchestrators: live = the process answers; ready = it can serve (database
    // and, when configured, Redis reachable), 503 saying which is down otherwise.
    app.get('/api/health/live', {
      config: { rateLimit: false },
      schema: { tags: ['health'], response: { 200: healthLiveResponseSchema } },
      handler: async () => ({ status: 'ok' as const }),
    });
    app.get('/api/health/ready', {
      config: { rateLimit: false },
      schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
      handler: async (_request, reply) => {
        const health = await checkHealth(database, redisStatus);
        if (health.database === 'down' || health.redis === 'down') {
          void reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        }
        return health;
      },
    });
  };
}
