import {
  adminTeacherApplicationResponseSchema,
  adminTeacherApplicationsQuerySchema,
  adminTeacherApplicationsResponseSchema,
  createTeacherApplicationResponseSchema,
  myTeacherApplicationResponseSchema,
  rejectTeacherApplicationBodySchema,
  teacherApplicationBodySchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../http/admin-guard.ts';
import { adminAction, adminList } from '../../http/admin-route.ts';
import { type AuthHook, authOf } from '../../http/authenticate.ts';
import type { TeacherApplicationsService } from './teacher-applications.service.ts';

const tags = ['teacher-applications'];
const security = [{ bearer: [] }];

/** A student's own application to teach, and the admin's queue of them (teacherApplicationsAdminRoutes). */
export function teacherApplicationsRoutes({
  service,
  requireAuth,
  requireAdmin,
}: {
  service: TeacherApplicationsService;
  requireAuth: AuthHook;
  requireAdmin: AuthHook;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/v1/teacher-applications', {
      preHandler: requireAuth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          'Apply to teach (a confirmed student only: 403 otherwise); one pending application at a time (409 applicationPending)',
        body: teacherApplicationBodySchema,
        response: { 201: createTeacherApplicationResponseSchema },
      },
      handler: async (request, reply) => {
        const created = await service.apply(authOf(request).userId, request.body);
        reply.status(201);
        return created;
      },
    });

    app.get('/api/v1/teacher-applications/mine', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "The caller's newest application to teach (null when none): its status and, if rejected, why",
        response: { 200: myTeacherApplicationResponseSchema },
      },
      handler: async (request) => ({ application: await service.mine(authOf(request).userId) }),
    });
    await app.register(adminOnly(requireAdmin, teacherApplicationsAdminRoutes(service)));
  };
}

/** The admin's queue of applications (mounted behind the admin guard by teacherApplicationsRoutes). */
function teacherApplicationsAdminRoutes(service: TeacherApplicationsService): FastifyPluginAsyncZod {
  return async (app) => {
    adminList(
      app,
      '/api/v1/admin/teacher-applications',
      {
        summary: 'Applications to teach: pending ones oldest first (a queue), other statuses newest first',
        querystring: adminTeacherApplicationsQuerySchema,
        response: adminTeacherApplicationsResponseSchema,
        noStore: true,
      },
      (query) => service.list(query),
    );
    adminAction(
      app,
      'post',
      '/api/v1/admin/teacher-applications/:id/approve',
      {
        summary:
          'Approve a pending application: the user becomes a teacher with a listed profile built from it (409 when decided)',
        response: adminTeacherApplicationResponseSchema,
      },
      async (actorId, id) => ({ application: await service.approve(actorId, id) }),
    );
    adminAction(
      app,
      'post',
      '/api/v1/admin/teacher-applications/:id/reject',
      {
        summary: 'Reject a pending application with the reason the applicant is told (409 when decided)',
        body: rejectTeacherApplicationBodySchema,
        response: adminTeacherApplicationResponseSchema,
      },
      async (actorId, id, body) => ({ application: await service.reject(actorId, id, body.reason) }),
    );
  };
}
