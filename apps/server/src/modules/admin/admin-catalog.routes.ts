import {
  adminPackageBodySchema,
  adminPackagePatchSchema,
  adminPackageResponseSchema,
  adminPackagesResponseSchema,
  adminSettingsBodySchema,
  adminSettingsResponseSchema,
  adminSubjectBodySchema,
  adminSubjectPatchSchema,
  adminSubjectResponseSchema,
  adminSubjectsQuerySchema,
  adminSubjectsResponseSchema,
  adminTeacherPatchSchema,
  adminTeacherResponseSchema,
  adminTeachersQuerySchema,
  adminTeachersResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { idParamsSchema } from '../../http/params.ts';
import { createAdminCatalogService } from './admin-catalog.service.ts';
import type { AdminContext } from './admin-context.ts';

/** Teachers (edit, approve), subjects, subscription packages and the website settings. */
export function adminCatalogRoutes(context: AdminContext): FastifyPluginAsyncZod {
  const service = createAdminCatalogService(context);

  return async (app) => {
    // Teachers -------------------------------------------------------------------------------

    app.get('/api/v1/admin/teachers', {
      schema: {
        summary: 'Teacher profiles, those waiting for approval first',
        querystring: adminTeachersQuerySchema,
        response: { 200: adminTeachersResponseSchema },
      },
      handler: (request) => service.teachers(request.query),
    });

    app.patch('/api/v1/admin/teachers/:id', {
      schema: {
        summary: 'Edit a teacher profile in both languages (id: the profile)',
        params: idParamsSchema,
        body: adminTeacherPatchSchema,
        response: { 200: adminTeacherResponseSchema },
      },
      handler: async (request) => ({
        teacher: await service.patchTeacher(authOf(request).userId, request.params.id, request.body),
      }),
    });

    app.post('/api/v1/admin/teachers/:id/approve', {
      schema: {
        summary: 'Approve a teacher profile: it is listed in search',
        params: idParamsSchema,
        response: { 200: adminTeacherResponseSchema },
      },
      handler: async (request) => ({
        teacher: await service.setApproval(authOf(request).userId, request.params.id, true),
      }),
    });

    app.post('/api/v1/admin/teachers/:id/unapprove', {
      schema: {
        summary: 'Take the approval back: the profile leaves search',
        params: idParamsSchema,
        response: { 200: adminTeacherResponseSchema },
      },
      handler: async (request) => ({
        teacher: await service.setApproval(authOf(request).userId, request.params.id, false),
      }),
    });

    // Subjects -------------------------------------------------------------------------------

    app.get('/api/v1/admin/subjects', {
      schema: {
        summary: 'Every subject (inactive too) in both languages with its teacher count',
        querystring: adminSubjectsQuerySchema,
        response: { 200: adminSubjectsResponseSchema },
      },
      handler: (request) => service.subjects(request.query),
    });

    app.post('/api/v1/admin/subjects', {
      schema: {
        summary: 'Add a subject',
        body: adminSubjectBodySchema,
        response: { 201: adminSubjectResponseSchema },
      },
      handler: async (request, reply) => {
        const subject = await service.createSubject(authOf(request).userId, request.body);
        reply.status(201);
        return { subject };
      },
    });

    app.patch('/api/v1/admin/subjects/:id', {
      schema: {
        summary: 'Change a subject (isActive false deactivates it)',
        params: idParamsSchema,
        body: adminSubjectPatchSchema,
        response: { 200: adminSubjectResponseSchema },
      },
      handler: async (request) => ({
        subject: await service.patchSubject(authOf(request).userId, request.params.id, request.body),
      }),
    });

    // Subscription packages ------------------------------------------------------------------

    app.get('/api/v1/admin/packages', {
      schema: {
        summary: 'Every subscription package (inactive and custom too) with its sales',
        response: { 200: adminPackagesResponseSchema },
      },
      handler: () => service.packages(),
    });

    app.post('/api/v1/admin/packages', {
      schema: {
        summary: 'Add a subscription package',
        body: adminPackageBodySchema,
        response: { 201: adminPackageResponseSchema },
      },
      handler: async (request, reply) => {
        const pkg = await service.createPackage(authOf(request).userId, request.body);
        reply.status(201);
        return { package: pkg };
      },
    });

    app.patch('/api/v1/admin/packages/:id', {
      schema: {
        summary: 'Change a subscription package',
        params: idParamsSchema,
        body: adminPackagePatchSchema,
        response: { 200: adminPackageResponseSchema },
      },
      handler: async (request) => ({
        package: await service.patchPackage(authOf(request).userId, request.params.id, request.body),
      }),
    });

    // Website settings -----------------------------------------------------------------------

    app.get('/api/v1/admin/settings', {
      schema: {
        summary: 'The editable website settings with their version',
        response: { 200: adminSettingsResponseSchema },
      },
      handler: async () => ({ settings: await service.settings() }),
    });

    app.put('/api/v1/admin/settings', {
      schema: {
        summary: 'Replace the website settings (409 versionConflict when `version` is stale)',
        body: adminSettingsBodySchema,
        response: { 200: adminSettingsResponseSchema },
      },
      handler: async (request) => ({ settings: await service.replaceSettings(authOf(request).userId, request.body) }),
    });
  };
}
