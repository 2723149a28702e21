import { subjectsQuerySchema, subjectsResponseSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../http/language.ts';
import type { SubjectsService } from './subjects.service.ts';

export function subjectsRoutes(service: SubjectsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/v1/subjects', {
      schema: {
        tags: ['subjects'],
        summary: 'Subjects in the request language, by sort order then name; search over both names',
        querystring: subjectsQuerySchema,
        response: { 200: subjectsResponseSchema },
      },
      handler: (request) => service.list(request.query, requestLanguage(request)),
    });
  };
}
