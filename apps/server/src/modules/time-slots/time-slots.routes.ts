import { AVAILABLE_SLOTS_DAYS, availableSlotsQuerySchema, timeSlotsResponseSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../http/params.ts';
import type { TimeSlotsService } from './time-slots.service.ts';

export function timeSlotsRoutes(service: TimeSlotsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/teachers/teachers/:id/available-time-slots', {
      schema: {
        tags: ['teachers'],
        summary: `Open slots of a teacher (profile id) starting in the ${AVAILABLE_SLOTS_DAYS} days after \`from\` (default and at the earliest: now), earliest first`,
        params: idParamsSchema,
        querystring: availableSlotsQuerySchema,
        response: { 200: timeSlotsResponseSchema },
      },
      handler: (request) =>
        service.available(request.params.id, request.query.from ? new Date(request.query.from) : undefined),
    });
  };
}
