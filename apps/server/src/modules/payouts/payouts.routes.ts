import {
  bankAccountBodySchema,
  bankAccountResponseSchema,
  earningsSummarySchema,
  payoutCreatedResponseSchema,
  payoutRequestBodySchema,
  payoutsQuerySchema,
  payoutsResponseSchema,
  statementQuerySchema,
  statementResponseSchema,
} from '@ustaz/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../http/admin-guard.ts';
import { type AuthHook, asAuthGate, authOf } from '../../http/authenticate.ts';
import { type Idempotency, idempotencyKeyOf } from '../../http/idempotency.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, moduleDocs } from '../../http/module-routes.ts';
import { type PayoutsService, requireTeacher } from './payouts.service.ts';
import { payoutsAdminRoutes } from './payouts-admin.routes.ts';

type Options = ModuleRoutesOptions<PayoutsService, { idempotency: Idempotency; requireAdmin: AuthHook }>;

const { tags, security } = moduleDocs('payouts');

/**
 * A teacher's earnings, statement, bank account and payout requests (teachers only: 403 for anyone
 * else), and the admin's payout queue (payouts-admin.routes.ts).
 */
export function payoutsRoutes({ service, idempotency, requireAuth, requireAdmin }: Options): FastifyPluginAsyncZod {
  // A gate (401, then 403 for anyone but a teacher) that runs before the body is validated.
  const teacherOnly = asAuthGate(async (request, reply) => {
    await requireAuth(request, reply);
    requireTeacher(authOf(request));
  });
  const me = (request: FastifyRequest) => authOf(request).userId;
  /** Every route here: the teacher gate, the payouts tag, the bearer scheme, and its own summary and shapes. */
  const teacherRoute = <S extends object>(summary: string, schema: S) => ({
    preHandler: teacherOnly,
    schema: { tags, security, summary, ...schema },
  });

  return async (app) => {
    app.get(
      '/api/v1/earnings',
      teacherRoute('What the teacher may be paid now, will earn from booked lessons, has requested and was paid', {
        response: { 200: earningsSummarySchema },
      }),
      (request) => service.summary(me(request)),
    );

    app.get(
      '/api/v1/earnings/statement',
      teacherRoute("The teacher's statement, newest first: each lesson (paid, fee, earning) and each payout", {
        querystring: statementQuerySchema,
        response: { 200: statementResponseSchema },
      }),
      (request) => service.statement(me(request), request.query, requestLanguage(request)),
    );

    app.get(
      '/api/v1/earnings/statement.csv',
      teacherRoute('The whole statement as a CSV file (UTF-8 with BOM, headers in the request language)', {}),
      async (request, reply) => {
        const csv = await service.statementCsv(me(request), requestLanguage(request));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="ustaz-earnings.csv"')
          .header('x-content-type-options', 'nosniff')
          .send(csv);
      },
    );

    app.get(
      '/api/v1/payouts/bank-account',
      teacherRoute('The saved bank account, masked (or null)', { response: { 200: bankAccountResponseSchema } }),
      (request) => service.bankAccount(me(request)),
    );

    app.put(
      '/api/v1/payouts/bank-account',
      teacherRoute('Saves the bank account payouts go to (IBAN checksum checked; a Kuwaiti IBAN has 30 characters)', {
        body: bankAccountBodySchema,
        response: { 200: bankAccountResponseSchema },
      }),
      (request) => service.saveBankAccount(me(request), request.body),
    );

    app.post(
      '/api/v1/payouts',
      teacherRoute(
        'Requests a payout (at least the minimum, at most the available earnings); the amount leaves the earnings at once. Honours Idempotency-Key.',
        { body: payoutRequestBodySchema, response: { 201: payoutCreatedResponseSchema } },
      ),
      async (request, reply) => {
        const userId = me(request);
        const created = await idempotency(userId, idempotencyKeyOf(request), 'payout', request.body, () =>
          service.request(userId, request.body),
        );
        reply.status(201);
        return created;
      },
    );

    app.get(
      '/api/v1/payouts',
      teacherRoute("The teacher's payouts, newest first", {
        querystring: payoutsQuerySchema,
        response: { 200: payoutsResponseSchema },
      }),
      (request) => service.mine(me(request), request.query),
    );
    await app.register(adminOnly(requireAdmin, payoutsAdminRoutes(service)));
  };
}
