import { z } from 'zod';

/**
 * GET /api/health (200, or 503 with the database down): what a load balancer or a deploy script polls.
 * GET /api/health/ready answers the same, with 503 when Redis is down too.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  /** `off`: no REDIS_URL (one process, nothing to fan out). */
  redis: z.enum(['up', 'down', 'off']),
  databaseKind: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health/live: the process answers (nothing else is checked). GET /api/health/ready answers the shape above. */
export const healthLiveResponseSchema = z.object({ status: z.literal('ok') });
export type HealthLiveResponse = z.infer<typeof healthLiveResponseSchema>;
