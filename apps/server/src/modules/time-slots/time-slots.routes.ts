import { timeSlotsResponseSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../http/params.ts';
import type { TimeSlotsService } from './time-slots.service.ts';

export function timeSlotsRoutes(service: TimeSlotsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/teachers/teachers/:id/available-time-slots', {
      schema: {
        tags: ['teachers'],
        summary: 'Open slots of a teacher (profile id) starting in the next 14 days, earliest first',
        params: idParamsSchema,
        response: { 200: timeSlotsResponseSchema },
      },
      handler: (request) => service.available(request.params.id),
    });
  };
}
