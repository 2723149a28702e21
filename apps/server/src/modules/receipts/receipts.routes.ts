import { receiptSchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, signedInRoute } from '../../http/module-routes.ts';
import { idParamsSchema, paymentIdParamsSchema } from '../../http/params.ts';
import type { ReceiptsService } from './receipts.service.ts';

/** The receipts of a paid payment and of a paid lesson (issue 34): the payer's and the admins', in the request's language. */
export function receiptsRoutes({ service, requireAuth }: ModuleRoutesOptions<ReceiptsService>): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('money', requireAuth);
  return async (app) => {
    app.get(
      '/api/v1/payments/:id/receipt',
      signedIn('The receipt of a paid payment (its payer and admins; anyone else 404, unpaid 409)', {
        params: paymentIdParamsSchema,
        response: { 200: receiptSchema },
      }),
      (request) => service.forPayment(authOf(request).userId, request.params.id, requestLanguage(request)),
    );

    app.get(
      '/api/v1/reservations/:id/receipt',
      signedIn('The receipt of a paid lesson, with its refunds (its student and admins; anyone else 404, unpaid 409)', {
        params: idParamsSchema,
        response: { 200: receiptSchema },
      }),
      (request) => service.forReservation(authOf(request).userId, request.params.id, requestLanguage(request)),
    );
  };
}
