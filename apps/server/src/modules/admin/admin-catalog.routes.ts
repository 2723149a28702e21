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
import { adminAction, adminCreate, adminList } from '../../http/admin-route.ts';
import { authOf } from '../../http/authenticate.ts';
import { createAdminCatalogService } from './admin-catalog.service.ts';
import type { AdminContext } from './admin-context.ts';

/** Teachers (edit, approve), subjects, subscription packages and the website settings. */
export function adminCatalogRoutes(context: AdminContext): FastifyPluginAsyncZod {
  const service = createAdminCatalogService(context);

  return async (app) => {
    // Teachers -------------------------------------------------------------------------------

    adminList(
      app,
      '/api/v1/admin/teachers',
      {
        summary: 'Teacher profiles, those waiting for approval first',
        querystring: adminTeachersQuerySchema,
        response: adminTeachersResponseSchema,
      },
      (query) => service.teachers(query),
    );

    adminAction(
      app,
      'patch',
      '/api/v1/admin/teachers/:id',
      {
        summary: 'Edit a teacher profile in both languages (id: the profile)',
        body: adminTeacherPatchSchema,
        response: adminTeacherResponseSchema,
      },
      async (actor, id, body) => ({ teacher: await service.patchTeacher(actor, id, body) }),
    );

    for (const [action, approved, summary] of [
      ['approve', true, 'Approve a teacher profile: it is listed in search'],
      ['unapprove', false, 'Take the approval back: the profile leaves search'],
    ] as const) {
      adminAction(
        app,
        'post',
        `/api/v1/admin/teachers/:id/${action}`,
        { summary, response: adminTeacherResponseSchema },
        async (actor, id) => ({ teacher: await service.setApproval(actor, id, approved) }),
      );
    }

    // Subjects -------------------------------------------------------------------------------

    adminList(
      app,
      '/api/v1/admin/subjects',
      {
        summary: 'Every subject (inactive too) in both languages with its teacher count',
        querystring: adminSubjectsQuerySchema,
        response: adminSubjectsResponseSchema,
      },
      (query) => service.subjects(query),
    );

    adminCreate(
      app,
      '/api/v1/admin/subjects',
      { summary: 'Add a subject', body: adminSubjectBodySchema, response: adminSubjectResponseSchema },
      async (actor, body) => ({ subject: await service.createSubject(actor, body) }),
    );

    adminAction(
      app,
      'patch',
      '/api/v1/admin/subjects/:id',
      {
        summary: 'Change a subject (isActive false deactivates it)',
        body: adminSubjectPatchSchema,
        response: adminSubjectResponseSchema,
      },
      async (actor, id, body) => ({ subject: await service.patchSubject(actor, id, body) }),
    );

    // Subscription packages ------------------------------------------------------------------

    app.get('/api/v1/admin/packages', {
      schema: {
        summary: 'Every subscription package (inactive and custom too) with its sales',
        response: { 200: adminPackagesResponseSchema },
      },
      handler: () => service.packages(),
    });

    adminCreate(
      app,
      '/api/v1/admin/packages',
      { summary: 'Add a subscription package', body: adminPackageBodySchema, response: adminPackageResponseSchema },
      async (actor, body) => ({ package: await service.createPackage(actor, body) }),
    );

    adminAction(
      app,
      'patch',
      '/api/v1/admin/packages/:id',
      { summary: 'Change a subscription package', body: adminPackagePatchSchema, response: adminPackageResponseSchema },
      async (actor, id, body) => ({ package: await service.patchPackage(actor, id, body) }),
    );

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
