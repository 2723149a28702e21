import {
  availabilityQuerySchema,
  ownSlotSchema,
  ownSlotsResponseSchema,
  recurringSlotsBodySchema,
  recurringSlotsResponseSchema,
  seriesRemovedResponseSchema,
  slotBodySchema,
  slotPatchSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { type ModuleRoutesOptions, moduleDocs } from '../../http/module-routes.ts';
import { idParamsSchema, seriesIdParamsSchema } from '../../http/params.ts';
import type { AvailabilityService } from './availability.ts';

type Options = ModuleRoutesOptions<AvailabilityService>;

const { tags, security } = moduleDocs('availability');

export function availabilityRoutes({ service, requireAuth }: Options): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/v1/availability/slots', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "The signed-in teacher's slots, every status",
        querystring: availabilityQuerySchema,
        response: { 200: ownSlotsResponseSchema },
      },
      handler: (request) => service.list(authOf(request).userId, request.query.from, request.query.to),
    });
    app.post('/api/v1/availability/slots', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Open a slot (price defaults to the hourly rate times the length)',
        body: slotBodySchema,
        response: { 200: ownSlotSchema },
      },
      handler: (request) => service.create(authOf(request).userId, request.body),
    });
    app.post('/api/v1/availability/recurring', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary:
          "A weekly series: slots back to back on chosen weekdays over up to 12 weeks, in the teacher's zone; overlaps and past ones skipped",
        body: recurringSlotsBodySchema,
        response: { 201: recurringSlotsResponseSchema },
      },
      handler: async (request, reply) =>
        reply.code(201).send(await service.createRecurring(authOf(request).userId, request.body)),
    });
    app.delete('/api/v1/availability/series/:seriesId', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Remove a series' open future slots (held and booked ones stay)",
        params: seriesIdParamsSchema,
        response: { 200: seriesRemovedResponseSchema },
      },
      handler: (request) => service.removeSeries(authOf(request).userId, request.params.seriesId),
    });
    app.patch('/api/v1/availability/slots/:id', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Change an open slot',
        params: idParamsSchema,
        body: slotPatchSchema,
        response: { 200: ownSlotSchema },
      },
      handler: (request) => service.update(authOf(request).userId, request.params.id, request.body),
    });
    app.delete('/api/v1/availability/slots/:id', {
      preHandler: requireAuth,
      schema: { tags, security, summary: 'Delete an open slot', params: idParamsSchema },
      handler: async (request, reply) => {
        await service.remove(authOf(request).userId, request.params.id);
        return reply.code(204).send();
      },
    });
  };
}
