import {
  notificationCountQuerySchema,
  notificationCountResponseSchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  toPage,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { type AuthHook, authOf } from '../../http/authenticate.ts';
import { requestLanguage } from '../../http/language.ts';
import { moduleDocs } from '../../http/module-routes.ts';
import { idParamsSchema } from '../../http/params.ts';
import { toNotification } from './notification.presenter.ts';
import {
  markAllNotificationsRead,
  markOneNotificationRead,
  notificationsPage,
  unreadNotifications,
} from './notifications.service.ts';

type Options = { db: Db; requireAuth: AuthHook };

const { tags, security } = moduleDocs('notifications');

/** Spec 7 "Settings and notifications": always the signed-in user's own (a `userId` query is ignored). */
export function notificationsRoutes({ db, requireAuth }: Options): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/notifications', {
      preHandler: requireAuth,
      schema: { tags, security, querystring: notificationsQuerySchema, response: { 200: notificationsResponseSchema } },
      handler: async (request) => {
        const { userId } = authOf(request);
        const { page, limit, unreadOnly } = request.query;
        const language = requestLanguage(request);
        const { rows, total, unread } = await notificationsPage(
          db,
          userId,
          page,
          limit,
          unreadOnly === 'true',
          language,
        );
        return {
          ...toPage(rows.map(toNotification), total, { page, limit }),
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
        querystring: notificationCountQuerySchema,
        response: { 200: notificationCountResponseSchema },
      },
      handler: async (request) => ({ count: await unreadNotifications(db, authOf(request).userId) }),
    });

    app.patch('/api/notifications/mark-all-as-read', {
      preHandler: requireAuth,
      schema: { tags, security, response: { 200: notificationCountResponseSchema } },
      handler: async (request) => ({ count: await markAllNotificationsRead(db, authOf(request).userId) }),
    });

    app.patch('/api/notifications/:id/mark-as-read', {
      preHandler: requireAuth,
      schema: { tags, security, params: idParamsSchema, response: { 200: notificationSchema } },
      handler: async (request) => {
        return toNotification(await markOneNotificationRead(db, authOf(request).userId, request.params.id));
      },
    });
  };
}
