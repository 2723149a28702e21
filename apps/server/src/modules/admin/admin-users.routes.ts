import {
  adminOkResponseSchema,
  adminOverviewSchema,
  adminUserDetailSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  promoteUserBodySchema,
  suspendUserBodySchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { AdminContext } from './admin-context.ts';
import { createAdminUsersService } from './admin-users.service.ts';

/** The dashboard's overview and the users: list, detail, promote, suspend, restore, resend confirmation. */
export function adminUsersRoutes(context: AdminContext): FastifyPluginAsyncZod {
  const service = createAdminUsersService(context);

  return async (app) => {
    app.get('/api/v1/admin/overview', {
      schema: { summary: 'Headline figures of the dashboard', response: { 200: adminOverviewSchema } },
      handler: () => service.overview(),
    });

    app.get('/api/v1/admin/users', {
      schema: {
        summary: 'Users, newest first, by name or e-mail, role and status',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema },
      },
      handler: (request) => service.list(request.query),
    });

    app.get('/api/v1/admin/users/:id', {
      schema: {
        summary: 'One user with balances, sessions and activity counts',
        params: idParamsSchema,
        response: { 200: adminUserDetailSchema },
      },
      handler: (request) => service.detail(request.params.id),
    });

    app.post('/api/v1/admin/users/:id/promote', {
      schema: {
        summary: 'Make a student a teacher (the profile waits for approval)',
        params: idParamsSchema,
        body: promoteUserBodySchema,
        response: { 200: adminUserResponseSchema },
      },
      handler: async (request) => ({
        user: await service.promote(authOf(request).userId, request.params.id, request.body ?? {}),
      }),
    });

    app.post('/api/v1/admin/users/:id/suspend', {
      schema: {
        summary: 'Suspend a user: sign-in refused, every session ended',
        params: idParamsSchema,
        body: suspendUserBodySchema,
        response: { 200: adminUserResponseSchema },
      },
      handler: async (request) => ({
        user: await service.suspend(authOf(request).userId, request.params.id, request.body.reason),
      }),
    });

    app.post('/api/v1/admin/users/:id/restore', {
      schema: {
        summary: 'Lift a suspension',
        params: idParamsSchema,
        response: { 200: adminUserResponseSchema },
      },
      handler: async (request) => ({ user: await service.restore(authOf(request).userId, request.params.id) }),
    });

    app.post('/api/v1/admin/users/:id/resend-confirmation', {
      schema: {
        summary: 'Mail a fresh confirmation link to an unconfirmed e-mail account',
        params: idParamsSchema,
        response: { 200: adminOkResponseSchema },
      },
      handler: (request) => service.resendConfirmation(authOf(request).userId, request.params.id),
    });
  };
}
