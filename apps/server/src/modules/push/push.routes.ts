import {
  okResponseSchema,
  pushKeyResponseSchema,
  pushSettingsResponseSchema,
  pushSettingsSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { type ModuleRoutesOptions, moduleDocs, signedInRoute } from '../../http/module-routes.ts';
import type { PushService } from './push.service.ts';

type Options = ModuleRoutesOptions<PushService>;

const { tags } = moduleDocs('push');

/** Web Push (issue 19): the VAPID key, the signed-in user's device subscriptions and their per-kind switches. */
export function pushRoutes({ service, requireAuth }: Options): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('push', requireAuth);
  return async (app) => {
    app.get('/api/v1/push/key', {
      schema: {
        tags,
        summary: "The server's VAPID public key (base64url), the applicationServerKey of pushManager.subscribe",
        response: { 200: pushKeyResponseSchema },
      },
      handler: async () => ({ publicKey: service.publicKey() }),
    });

    app.post(
      '/api/v1/push/subscriptions',
      signedIn(
        "Subscribes this device (the browser's PushSubscription JSON) for the signed-in user, again idempotently; the endpoint must be https on a known push service (422 otherwise) and not another user's (409 endpointTaken)",
        { body: pushSubscriptionSchema, response: { 200: okResponseSchema } },
      ),
      async (request) => {
        await service.subscribe(authOf(request).userId, request.body);
        return { success: true as const };
      },
    );

    app.delete(
      '/api/v1/push/subscriptions',
      signedIn("Forgets one of the signed-in user's subscriptions, by endpoint (404 when none)", {
        body: pushUnsubscribeSchema,
        response: { 200: okResponseSchema },
      }),
      async (request) => {
        await service.unsubscribe(authOf(request).userId, request.body.endpoint);
        return { success: true as const };
      },
    );

    app.get(
      '/api/v1/push/settings',
      signedIn('Which kinds of news are pushed to the signed-in user, and how many of their devices are subscribed', {
        response: { 200: pushSettingsResponseSchema },
      }),
      async (request) => service.settings(authOf(request).userId),
    );

    app.put(
      '/api/v1/push/settings',
      signedIn('Switches each kind of pushed news on or off for the signed-in user', {
        body: pushSettingsSchema,
        response: { 200: pushSettingsResponseSchema },
      }),
      async (request) => service.updateSettings(authOf(request).userId, request.body),
    );
  };
}
