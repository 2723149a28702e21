import {
  lessonJoinLinkQuerySchema,
  lessonMeetingLinkBodySchema,
  lessonMeetingLinkResponseSchema,
  lessonRoomSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
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

    app.get(
      '/api/v1/lessons/:reservationId/join-link',
      {
        schema: {
          tags,
          summary:
            "Opens a lesson's external meeting (Zoom/Meet/Teams) through the app: the room's joinUrl carries a signed ticket of its party; while the room is open the opening is recorded as that party's attendance and the answer is a 302 to the meeting (outside the window, a 302 to the lesson page); a bad or expired ticket is 404. Opening the meeting's own address directly records nothing",
          params: reservationIdParamsSchema,
          querystring: lessonJoinLinkQuerySchema,
        },
      },
      async (request, reply) => {
        const opened = await service.openLink(request.params.reservationId, request.query.ticket);
        if (!opened) throw new HttpError(404, 'notFound', 'Lesson not found');
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(opened.location, 302);
      },
    );

    app.put(
      '/api/v1/lessons/:reservationId/meeting-link',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary:
            "The lesson's teacher sets its own Zoom/Meet/Teams link (https, allowed hosts) or removes it (null): 404 for strangers, 403 for the student, 409 lessonNotEditable unless confirmed and not ended, 409 meetingLinkFixed once the room has opened (10 minutes before the start: the link is fixed for that lesson)",
          params: reservationIdParamsSchema,
          body: lessonMeetingLinkBodySchema,
          response: { 200: lessonMeetingLinkResponseSchema },
        },
      },
      (request) => service.setMeetingLink(authOf(request).userId, request.params.reservationId, request.body.url),
    );
  };
}
