import {
  favouriteIdsResponseSchema,
  favouritesQuerySchema,
  favouritesResponseSchema,
  noContentSchema,
  ROLE,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asAuthGate, authOf } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, moduleDocs } from '../../http/module-routes.ts';
import { teacherProfileIdParamsSchema } from '../../http/params.ts';
import type { FavouritesService } from './favourites.service.ts';

type Options = ModuleRoutesOptions<FavouritesService>;

const { tags, security } = moduleDocs('favourites');

/** A route's OpenAPI entry: the module's tag, the bearer scheme, its summary and its shapes. */
const documented = <S extends object>(summary: string, shapes: S) => ({ tags, security, summary, ...shapes });

const LIST_SUMMARY =
  "The signed-in student's favourite teachers, the newest first, each with the search results' card in the request's language; an unlisted or suspended teacher is left out (and stays saved)";
const IDS_SUMMARY =
  'The profile ids of every listed teacher the signed-in student saved, the newest first (the hearts)';

/** PUT saves, DELETE takes back: both answer 204 with no body, every time (idempotent). */
const WRITES = [
  {
    method: 'PUT',
    action: 'add',
    summary:
      'Save a listed teacher: 204 every time (idempotent); 404 notFound for an unknown, unlisted or suspended teacher, 403 forbidden for your own profile',
  },
  {
    method: 'DELETE',
    action: 'remove',
    summary:
      'Take a saved teacher back: 204 every time (idempotent), also for a saved teacher no longer listed; 404 notFound when nothing was saved and the teacher is not listed',
  },
] as const;

/** A student's favourite teachers (issue 32): students only (401 signed out, 403 forbidden for a teacher or an admin). */
export function favouritesRoutes({ service, requireAuth }: Options): FastifyPluginAsyncZod {
  // 401, then 403 for anyone but a student, before the params or the query are validated.
  const studentOnly = asAuthGate(async (request, reply) => {
    await requireAuth(request, reply);
    if (authOf(request).roleId !== ROLE.student) throw new HttpError(403, 'forbidden', 'Only students save teachers');
  });

  return async (app) => {
    app.get('/api/v1/favourites', {
      preHandler: studentOnly,
      schema: documented(LIST_SUMMARY, {
        querystring: favouritesQuerySchema,
        response: { 200: favouritesResponseSchema },
      }),
      handler: (request) => service.list(authOf(request).userId, request.query, requestLanguage(request)),
    });

    app.get('/api/v1/favourites/ids', {
      preHandler: studentOnly,
      schema: documented(IDS_SUMMARY, { response: { 200: favouriteIdsResponseSchema } }),
      handler: (request) => service.ids(authOf(request).userId),
    });

    for (const { method, action, summary } of WRITES) {
      app.route({
        method,
        url: '/api/v1/favourites/:teacherProfileId',
        preHandler: studentOnly,
        schema: documented(summary, { params: teacherProfileIdParamsSchema, response: { 204: noContentSchema } }),
        handler: async (request, reply) => {
          await service[action](authOf(request).userId, request.params.teacherProfileId);
          return reply.code(204).send(null);
        },
      });
    }
  };
}
