import {
  ownTeacherProfileSchema,
  teacherCompletenessSchema,
  teacherDetailSchema,
  teacherProfilePatchSchema,
  teacherProfilesResponseSchema,
  teacherSearchQuerySchema,
  teacherSearchResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { sendJsonBody } from '../../http/json-body.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, moduleDocs, signedInRoute } from '../../http/module-routes.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { TeachersService } from './teachers.service.ts';

type Options = ModuleRoutesOptions<TeachersService>;

const { tags } = moduleDocs('teachers');

export function teachersRoutes({ service, requireAuth }: Options): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('teachers', requireAuth);
  return async (app) => {
    app.get('/api/teachers/search', {
      schema: {
        tags,
        summary: 'Search listed teachers: text (names, bio, major, subjects; ar and en), filters, sort, paging',
        querystring: teacherSearchQuerySchema,
        response: { 200: teacherSearchResponseSchema },
      },
      // The finished body from the search cache (checked against the response schema when made).
      handler: async (request, reply) =>
        sendJsonBody(reply, await service.searchBody(request.query, requestLanguage(request))),
    });

    app.get(
      '/api/teachers/profiles/me',
      signedIn("The signed-in teacher's own profile (id, hourly rate, time zone), listed or not", {
        response: { 200: ownTeacherProfileSchema },
      }),
      (request) => service.ownProfile(authOf(request).userId, requestLanguage(request)),
    );

    app.get(
      '/api/v1/teachers/me/completeness',
      signedIn(
        "The signed-in teacher's profile completeness: photo, both bios, video, a subject, open slots in the next 14 days",
        { response: { 200: teacherCompletenessSchema } },
      ),
      (request) => service.completeness(authOf(request).userId),
    );

    app.get('/api/teachers/profiles/:id', {
      schema: {
        tags,
        summary: "A listed teacher's page: the profile and, from 5 lessons taught, reliability figures",
        params: idParamsSchema,
        response: { 200: teacherDetailSchema },
      },
      handler: (request) => service.profile(request.params.id, requestLanguage(request)),
    });

    app.patch(
      '/api/teachers/profiles/:id',
      signedIn(
        'Edit your own teacher profile: bio and major in the request language (or bioAr/bioEn); applyToOpenSlots reprices open slots ahead',
        { params: idParamsSchema, body: teacherProfilePatchSchema, response: { 200: ownTeacherProfileSchema } },
      ),
      (request) =>
        service.patchProfile(authOf(request).userId, request.params.id, request.body, requestLanguage(request)),
    );

    app.get(
      '/api/teachers/previously-interacted',
      signedIn('Teachers the signed-in student has reservations with, the latest first', {
        response: { 200: teacherProfilesResponseSchema },
      }),
      (request) => service.previouslyInteracted(authOf(request).userId, requestLanguage(request)),
    );
  };
}
