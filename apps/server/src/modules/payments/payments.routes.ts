import {
  balanceResponseSchema,
  filsToKwd,
  filsToNumber,
  type GatewayProvider,
  LEDGER_LINE_KINDS,
  type LedgerLineKind,
  paymentLinkResponseSchema,
  paymentMethodsResponseSchema,
  paymentSchema,
  paymentWebhookBodySchema,
  paymentWebhookResponseSchema,
  sandboxDecisionBodySchema,
  toPage,
  topUpBodySchema,
  walletTransactionsQuerySchema,
  walletTransactionsResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, moduleDocs } from '../../http/module-routes.ts';
import { paymentIdParamsSchema, sandboxChargeIdParamsSchema } from '../../http/params.ts';
import { decideSandboxCharge, findSandboxCharge, type SandboxCharge } from '../../payments/sandbox.ts';
import type { PaymentsService } from './payments.service.ts';

type Options = ModuleRoutesOptions<PaymentsService> & { db: Db; remainingHours: (userId: number) => Promise<number> };

const { tags, security } = moduleDocs('money');

/** A transfer's kind as a wallet line; a kind the client does not know reads as an adjustment. */
function lineKindOf(kind: string): LedgerLineKind {
  return (LEDGER_LINE_KINDS as readonly string[]).includes(kind) ? (kind as LedgerLineKind) : 'adjustment';
}

const SANDBOX_TEXT = {
  ar: {
    title: 'بوابة الدفع التجريبية',
    note: 'هذه صفحة دفع تجريبية محلية، لا تُسحب أي أموال حقيقية.',
    amount: 'المبلغ',
    pay: 'ادفع',
    fail: 'فشل الدفع',
    done: 'تمت معالجة هذه العملية.',
  },
  en: {
    title: 'Sandbox payment gateway',
    note: 'This is a local test checkout; no real money moves.',
    amount: 'Amount',
    pay: 'Pay',
    fail: 'Fail payment',
    done: 'This charge has already been processed.',
  },
} as const;

/** The charge as the site shows money: KWD's 3 decimals, the currency placed as Intl does for the language. */
function sandboxAmount(charge: SandboxCharge): string {
  return new Intl.NumberFormat(charge.language === 'ar' ? 'ar-KW' : 'en-KW', {
    style: 'currency',
    currency: charge.currency,
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(filsToNumber(charge.amountFils));
}

function sandboxPage(charge: SandboxCharge): string {
  const lang = charge.language;
  const t = SANDBOX_TEXT[lang];
  const provider = charge.provider === 'payzah' ? 'Payzah' : 'Deema';
  const buttons =
    charge.status === 'pending'
      ? `<form method="post"><button name="action" value="pay" class="pay">${t.pay}</button> <button name="action" value="fail" class="fail">${t.fail}</button></form>`
      : `<p>${t.done}</p>`;
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title} · ${provider}</title><style>body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:12px;padding:2rem;max-inline-size:26rem;box-shadow:0 2px 12px #0002;text-align:center}h1{font-size:1.25rem}.amount{font-size:2rem;font-weight:700;margin:1rem 0}button{font-size:1rem;padding:.75rem 1.5rem;border-radius:8px;border:0;cursor:pointer;margin:.25rem}.pay{background:#1e3a8a;color:#fff}.fail{background:#e2e8f0;color:#991b1b}p{color:#475569}</style></head><body><main><h1>${t.title} · ${provider}</h1><p>${t.note}</p><div class="amount">${sandboxAmount(charge)}</div>${buttons}</main></body></html>`;
}

export function paymentsRoutes({ db, service, requireAuth, remainingHours }: Options): FastifyPluginAsyncZod {
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

    app.get('/api/v1/subscriptions/balance', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Wallet balance (KWD), earnings and subscription hours left',
        response: { 200: balanceResponseSchema },
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        return {
          balance: filsToKwd(await service.balanceFils(userId, 'wallet')),
          currency: 'KWD' as const,
          earnings: filsToKwd(await service.balanceFils(userId, 'earnings')),
          remainingHours: await remainingHours(userId),
        };
      },
    });

    app.get('/api/v1/balance/transactions', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Movements of the wallet and earnings, newest first',
        querystring: walletTransactionsQuerySchema,
        response: { 200: walletTransactionsResponseSchema },
      },
      handler: async (request) => {
        const { page, limit } = request.query;
        const { rows, total } = await service.ledgerLines(authOf(request).userId, page, limit);
        return toPage(
          rows.map((row) => ({
            id: row.id,
            kind: lineKindOf(row.kind),
            account: row.account,
            amount: filsToKwd(row.amountFils),
            createdAt: row.createdAt.toISOString(),
            reservationId: row.reservationId,
            paymentId: row.paymentId,
          })),
          total,
          { page, limit },
        );
      },
    });

    for (const provider of ['payzah', 'deema'] as const satisfies GatewayProvider[]) {
      app.post(`/api/v1/balance/top-up/${provider}`, {
        preHandler: requireAuth,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: `Top up the wallet through ${provider}: returns the gateway link`,
          body: topUpBodySchema,
          response: { 200: paymentLinkResponseSchema },
        },
        handler: (request) => service.topUp(authOf(request).userId, provider, request.body),
      });
    }

    app.get('/api/v1/payments/:id', {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'One of your payments (asks the gateway while it is pending)',
        params: paymentIdParamsSchema,
        response: { 200: paymentSchema },
      },
      handler: (request) => service.get(authOf(request).userId, request.params.id, requestLanguage(request)),
    });

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

    // The local sandbox gateway's checkout (only when a provider runs without keys).
    app.get('/api/v1/payments/sandbox/:id', {
      schema: { tags, summary: 'Sandbox checkout page', params: sandboxChargeIdParamsSchema },
      handler: async (request, reply) => {
        const charge = await findSandboxCharge(db, request.params.id);
        if (!charge) throw new HttpError(404, 'notFound', 'Not found');
        return reply
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(sandboxPage(charge));
      },
    });

    app.post('/api/v1/payments/sandbox/:id', {
      schema: {
        tags,
        summary: 'Sandbox checkout: pay or fail, then back to the return URL like a real gateway',
        params: sandboxChargeIdParamsSchema,
        body: sandboxDecisionBodySchema,
      },
      handler: async (request, reply) => {
        const charge = await findSandboxCharge(db, request.params.id);
        if (!charge) throw new HttpError(404, 'notFound', 'Not found');
        const status = await decideSandboxCharge(db, charge.id, request.body.action);
        return reply.redirect(status === 'paid' ? charge.successUrl : charge.errorUrl, 303);
      },
    });
  };
}
