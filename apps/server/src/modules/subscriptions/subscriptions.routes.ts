import {
  activeSubscriptionResponseSchema,
  mySubscriptionsResponseSchema,
  mySubscriptionUsageResponseSchema,
  pageQuerySchema,
  subscriptionPackagesResponseSchema,
  subscriptionPurchaseBodySchema,
  subscriptionPurchaseResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { type Idempotency, idempotencyKeyOf } from '../../http/idempotency.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, moduleDocs } from '../../http/module-routes.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

type Options = ModuleRoutesOptions<SubscriptionsService> & { idempotency: Idempotency };

const { tags, security } = moduleDocs('subscriptions');

export function subscriptionsRoutes({ service, idempotency, requireAuth }: Options): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/v1/subscriptions/packages', {
      schema: {
        tags,
        summary: 'Hour packages on sale',
        querystring: pageQuerySchema,
        response: { 200: subscriptionPackagesResponseSchema },
      },
      handler: (request) => service.packages(request.query.page, request.query.limit, requestLanguage(request)),
    });

    app.post('/api/v1/subscriptions/purchase', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Buy a package with the wallet (at once) or a gateway (active when paid). Honours Idempotency-Key.',
        body: subscriptionPurchaseBodySchema,
        response: { 200: subscriptionPurchaseResponseSchema },
      },
      handler: (request) => {
        const { userId } = authOf(request);
        return idempotency(userId, idempotencyKeyOf(request), 'subscription', request.body, () =>
          service.purchase(userId, request.body, requestLanguage(request)),
        );
      },
    });

    app.get('/api/v1/subscriptions/my-subscriptions', {
      preHandler: requireAuth,
      schema: { tags, security, querystring: pageQuerySchema, response: { 200: mySubscriptionsResponseSchema } },
      handler: (request) =>
        service.mine(authOf(request).userId, request.query.page, request.query.limit, requestLanguage(request)),
    });

    app.get('/api/v1/subscriptions/my-active-subscription', {
      preHandler: requireAuth,
      schema: { tags, security, response: { 200: activeSubscriptionResponseSchema } },
      handler: (request) => service.active(authOf(request).userId, requestLanguage(request)),
    });

    app.get('/api/v1/subscriptions/my-usage', {
      preHandler: requireAuth,
      schema: { tags, security, querystring: pageQuerySchema, response: { 200: mySubscriptionUsageResponseSchema } },
      handler: (request) => service.usage(authOf(request).userId, request.query.page, request.query.limit),
    });
  };
}
