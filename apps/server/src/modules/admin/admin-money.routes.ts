import {
  adminLedgerQuerySchema,
  adminLedgerResponseSchema,
  adminLessonPayoutsResponseSchema,
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  manualRefundBodySchema,
  manualRefundResponseSchema,
  reconcilePaymentResponseSchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAction, adminList, noStore } from '../../http/admin-route.ts';
import { authOf } from '../../http/authenticate.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { adminPaymentIdParamsSchema } from '../../http/params.ts';
import type { AdminContext } from './admin-context.ts';
import { createAdminMoneyService } from './admin-money.service.ts';

export function adminMoneyRoutes(context: AdminContext): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createAdminMoneyService({ db: context.db, payments: context.payments, log: app.log });

    adminList(
      app,
      '/api/v1/admin/ledger',
      {
        summary: 'The ledger journal, newest first: each transfer with its legs and who caused it',
        querystring: adminLedgerQuerySchema,
        response: adminLedgerResponseSchema,
        noStore: true,
      },
      (query) => service.ledger(query),
    );

    app.get('/api/v1/admin/reports/lesson-payouts', {
      schema: {
        summary:
          'Completed lessons whose payout (earning + fee) differs from what was paid (money + hours value): RELIABILITY I9; read-only',
        response: { 200: adminLessonPayoutsResponseSchema },
      },
      preHandler: noStore,
      handler: () => service.lessonPayouts(),
    });

    adminList(
      app,
      '/api/v1/admin/payments',
      {
        summary: 'Gateway payments, newest first; search by payment id or gateway reference',
        querystring: adminPaymentsQuerySchema,
        response: adminPaymentsResponseSchema,
        noStore: true,
      },
      (query) => service.payments(query),
    );

    app.get('/api/v1/admin/reconciliation', {
      // Each run asks the gateways up to 300 times.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: 'Asks the gateways about recent payments and lists those where they and we disagree (changes nothing)',
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationResponseSchema },
      },
      preHandler: noStore,
      handler: (request) => service.reconciliation(request.query.days),
    });

    adminAction(
      app,
      'post',
      '/api/v1/admin/payments/:id/reconcile',
      {
        summary: "Settles one payment from the gateway's answer, as the sweeper would (at most once)",
        params: adminPaymentIdParamsSchema,
        response: reconcilePaymentResponseSchema,
      },
      (actor, id) => service.reconcile(actor, id),
    );

    app.post('/api/v1/admin/refunds', {
      schema: {
        summary: "A manual refund from the platform's revenue to a user's wallet. Honours Idempotency-Key.",
        body: manualRefundBodySchema,
        response: { 200: manualRefundResponseSchema },
      },
      handler: (request) => {
        const { userId } = authOf(request);
        const body = request.body;
        return context.idempotency(userId, idempotencyKeyOf(request), 'admin.refund', body, () =>
          service.refund(userId, body),
        );
      },
    });
  };
}
