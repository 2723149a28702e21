import {
  notificationCountResponseSchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
} from '@ustaz/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { idParamsSchema } from '../../http/params.ts';
import { toNotification } from './notification.presenter.ts';
import { listNotifications, markAllRead, markNotificationRead, unreadCount } from './notifications.repo.ts';

type Options = { db: Db; requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** Spec 7 "Settings and notifications": always the signed-in user's own (a `userId` query is ignored). */
export function notificationsRoutes({ db, requireAuth }: Options): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/notifications', {
      preHandler: requireAuth,
      schema: { tags, security, querystring: notificationsQuerySchema, response: { 200: notificationsResponseSchema } },
      handler: async (request) => {
        const { userId } = authOf(request);
        const { page, limit, unreadOnly } = request.query;
        const [{ rows, total }, unread] = await Promise.all([
          listNotifications(db, userId, page, limit, unreadOnly === 'true'),
          unreadCount(db, userId),
        ]);
        return {
          data: rows.map(toNotification),
          total,
          page,
          limit,
          totalPages: Math.ceil(total / limit),
          unreadCount: unread,
        };
      },
    });

    app.get('/api/notifications/count', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Unread notifications of the signed-in user',
        querystring: z.object({ userId: z.coerce.number().int().optional() }),
        response: { 200: notificationCountResponseSchema },
      },
      handler: async (request) => ({ count: await unreadCount(db, authOf(request).userId) }),
    });

    app.patch('/api/notifications/mark-all-as-read', {
      preHandler: requireAuth,
      schema: { tags, security, response: { 200: z.object({ count: z.number().int() }) } },
      handler: async (request) => ({ count: await markAllRead(db, authOf(request).userId) }),
    });

    app.patch('/api/notifications/:id/mark-as-read', {
      preHandler: requireAuth,
      schema: { tags, security, params: idParamsSchema, response: { 200: notificationSchema } },
      handler: async (request) => {
        const row = await markNotificationRead(db, authOf(request).userId, request.params.id);
        if (!row) throw new HttpError(404, 'notFound', 'Notification not found');
        return toNotification(row);
      },
    });
  };
}
