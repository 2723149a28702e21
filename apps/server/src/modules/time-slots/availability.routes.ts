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
import { type ModuleRoutesOptions, signedInRoute } from '../../http/module-routes.ts';
import { idParamsSchema, seriesIdParamsSchema } from '../../http/params.ts';
import type { AvailabilityService } from './availability.ts';

type Options = ModuleRoutesOptions<AvailabilityService>;

export function availabilityRoutes({ service, requireAuth }: Options): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('availability', requireAuth);
  return async (app) => {
    app.get(
      '/api/v1/availability/slots',
      signedIn("The signed-in teacher's slots, every status", {
        querystring: availabilityQuerySchema,
        response: { 200: ownSlotsResponseSchema },
      }),
      (request) => service.list(authOf(request).userId, request.query.from, request.query.to),
    );
    app.post(
      '/api/v1/availability/slots',
      signedIn('Open a slot (price defaults to the hourly rate times the length)', {
        body: slotBodySchema,
        response: { 200: ownSlotSchema },
      }),
      (request) => service.create(authOf(request).userId, request.body),
    );
    app.post(
      '/api/v1/availability/recurring',
      signedIn(
        "A weekly series: slots back to back on chosen weekdays over up to 12 weeks, in the teacher's zone; overlaps and past ones skipped",
        { body: recurringSlotsBodySchema, response: { 201: recurringSlotsResponseSchema } },
      ),
      async (request, reply) =>
        reply.code(201).send(await service.createRecurring(authOf(request).userId, request.body)),
    );
    app.delete(
      '/api/v1/availability/series/:seriesId',
      signedIn("Remove a series' open future slots (held and booked ones stay)", {
        params: seriesIdParamsSchema,
        response: { 200: seriesRemovedResponseSchema },
      }),
      (request) => service.removeSeries(authOf(request).userId, request.params.seriesId),
    );
    app.patch(
      '/api/v1/availability/slots/:id',
      signedIn('Change an open slot', {
        params: idParamsSchema,
        body: slotPatchSchema,
        response: { 200: ownSlotSchema },
      }),
      (request) => service.update(authOf(request).userId, request.params.id, request.body),
    );
    app.delete(
      '/api/v1/availability/slots/:id',
      signedIn('Delete an open slot', { params: idParamsSchema }),
      async (request, reply) => {
        await service.remove(authOf(request).userId, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
