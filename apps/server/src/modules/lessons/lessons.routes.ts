import { lessonMeetingLinkBodySchema, lessonMeetingLinkResponseSchema, lessonRoomSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { type ModuleRoutesOptions, moduleDocs } from '../../http/module-routes.ts';
import { reservationIdParamsSchema } from '../../http/params.ts';
import type { LessonsService } from './lessons.service.ts';

const { tags, security } = moduleDocs('lessons');

/** The lesson room's details for its two parties (issue 16). */
export function lessonsRoutes({ service, requireAuth }: ModuleRoutesOptions<LessonsService>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/lessons/:reservationId',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary:
            "A lesson's room for its student or teacher: status (confirmed, completed, or cancelled as a teacher no-show), the viewer's role, the other party, the server's now, times, when the room opens and closes, ICE servers and both parties' attendance; 404 for anyone else and for other reservations",
          params: reservationIdParamsSchema,
          response: { 200: lessonRoomSchema },
        },
      },
      (request) => service.room(authOf(request).userId, request.params.reservationId),
    );

    app.put(
      '/api/v1/lessons/:reservationId/meeting-link',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary:
            "The lesson's teacher sets its own Zoom/Meet/Teams link (https, allowed hosts) or removes it (null): 404 for strangers, 403 for the student, 409 lessonNotEditable unless confirmed and not ended",
          params: reservationIdParamsSchema,
          body: lessonMeetingLinkBodySchema,
          response: { 200: lessonMeetingLinkResponseSchema },
        },
      },
      (request) => service.setMeetingLink(authOf(request).userId, request.params.reservationId, request.body.url),
    );
  };
}
