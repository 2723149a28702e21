import {
  paymentMethodsResponseSchema,
  paymentSchema,
  paymentWebhookBodySchema,
  paymentWebhookResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, moduleDocs, signedInRoute } from '../../http/module-routes.ts';
import { paymentIdParamsSchema } from '../../http/params.ts';
import type { PaymentsService } from './payments.service.ts';
import { sandboxRoutes } from './payments-sandbox.routes.ts';
import { walletRoutes } from './payments-wallet.routes.ts';

type Options = ModuleRoutesOptions<PaymentsService> & { db: Db; remainingHours: (userId: number) => Promise<number> };

const { tags } = moduleDocs('money');

export function paymentsRoutes({ db, service, requireAuth, remainingHours }: Options): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('money', requireAuth);
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get('/api/v1/payments/methods', {
      schema: {
        tags,
        summary: 'Gateway methods, their minimums and whether the sandbox stands in',
        response: { 200: paymentMethodsResponseSchema },
      },
      handler: () => service.methods(),
    });

    walletRoutes(app, { service, requireAuth, remainingHours });

    app.get(
      '/api/v1/payments/:id',
      signedIn('One of your payments (asks the gateway while it is pending)', {
        params: paymentIdParamsSchema,
        response: { 200: paymentSchema },
      }),
      (request) => service.get(authOf(request).userId, request.params.id, requestLanguage(request)),
    );

    // The gateway sends the browser back here. Its query string proves nothing: the payment is
    // settled only from the gateway's own status look-up (I8), then the browser goes to the result page.
    for (const method of ['GET', 'POST'] as const) {
      // Payzah may POST its result fields to the return URL; they are ignored like a query string.
      app.route({
        method,
        url: '/api/v1/payments/return/:id',
        schema: {
          tags,
          summary: 'Gateway return URL: verifies by look-up, then redirects to the result page',
          params: paymentIdParamsSchema,
        },
        handler: async (request, reply) => reply.redirect(await service.handleReturn(request.params.id), 303),
      });
    }

    app.post('/api/v1/payments/webhook/deema', {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Deema webhook: authorization header checked, then the order is looked up at Deema',
        body: paymentWebhookBodySchema,
        response: { 200: paymentWebhookResponseSchema },
      },
      handler: async (request) => {
        const provider = service.provider('deema');
        const body = request.body as Record<string, unknown>;
        if (provider.sandbox || !provider.verifyWebhook?.(request.headers, JSON.stringify(body))) {
          throw new HttpError(401, 'unauthorized', 'Unauthorized');
        }
        const data = (typeof body.data === 'object' && body.data !== null ? body.data : body) as Record<
          string,
          unknown
        >;
        const orderId = data.merchant_order_id ?? data.merchantOrderId ?? body.merchant_order_id;
        if (typeof orderId !== 'string' || !/^pay[0-9a-f]{24}$/.test(orderId)) {
          throw new HttpError(404, 'notFound', 'Unknown order');
        }
        const payment = await service.handleNotification(orderId);
        return { received: true as const, status: payment.status };
      },
    });

    sandboxRoutes(app, db);
  };
}
