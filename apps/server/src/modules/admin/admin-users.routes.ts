import {
  adminOkResponseSchema,
  adminOverviewQuerySchema,
  adminOverviewSchema,
  adminUserDetailSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  promoteUserBodySchema,
  suspendUserBodySchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAction, adminList } from '../../http/admin-route.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { AdminContext } from './admin-context.ts';
import { createAdminOverviewService } from './admin-overview.service.ts';
import { createAdminUsersService } from './admin-users.service.ts';

/** The dashboard's overview and the users: list, detail, promote, suspend, restore, resend confirmation. */
export function adminUsersRoutes(context: AdminContext): FastifyPluginAsyncZod {
  const service = createAdminUsersService(context);
  const overview = createAdminOverviewService(context);

  return async (app) => {
    app.get('/api/v1/admin/overview', {
      schema: {
        summary:
          "Headline figures of the dashboard, and a range's (Kuwaiti days, the last 30 by default) beside the previous range",
        querystring: adminOverviewQuerySchema,
        response: { 200: adminOverviewSchema },
      },
      handler: (request) => overview.overview(request.query),
    });

    adminList(
      app,
      '/api/v1/admin/users',
      {
        summary: 'Users, newest first, by name or e-mail, role and status',
        querystring: adminUsersQuerySchema,
        response: adminUsersResponseSchema,
      },
      (query) => service.list(query),
    );

    app.get('/api/v1/admin/users/:id', {
      schema: {
        summary: 'One user with balances, sessions and activity counts',
        params: idParamsSchema,
        response: { 200: adminUserDetailSchema },
      },
      handler: (request) => service.detail(request.params.id),
    });

    adminAction(
      app,
      'post',
      '/api/v1/admin/users/:id/promote',
      {
        summary: 'Make a student a teacher (the profile waits for approval)',
        body: promoteUserBodySchema,
        response: adminUserResponseSchema,
      },
      async (actor, id, body) => ({ user: await service.promote(actor, id, body ?? {}) }),
    );

    adminAction(
      app,
      'post',
      '/api/v1/admin/users/:id/suspend',
      {
        summary: 'Suspend a user: sign-in refused, every session ended',
        body: suspendUserBodySchema,
        response: adminUserResponseSchema,
      },
      async (actor, id, body) => ({ user: await service.suspend(actor, id, body.reason) }),
    );

    adminAction(
      app,
      'post',
      '/api/v1/admin/users/:id/restore',
      { summary: 'Lift a suspension', response: adminUserResponseSchema },
      async (actor, id) => ({ user: await service.restore(actor, id) }),
    );

    adminAction(
      app,
      'post',
      '/api/v1/admin/users/:id/resend-confirmation',
      { summary: 'Mail a fresh confirmation link to an unconfirmed e-mail account', response: adminOkResponseSchema },
      (actor, id) => service.resendConfirmation(actor, id),
    );
  };
}
