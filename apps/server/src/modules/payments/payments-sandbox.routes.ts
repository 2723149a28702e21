import { filsToNumber, sandboxDecisionBodySchema } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { moduleDocs } from '../../http/module-routes.ts';
import { sandboxChargeIdParamsSchema } from '../../http/params.ts';
import { decideSandboxCharge, findSandboxCharge, type SandboxCharge } from '../../payments/sandbox.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const { tags } = moduleDocs('money');

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

/** The local sandbox gateway's checkout (only when a provider runs without keys), on the payments plugin's `app`. */
export function sandboxRoutes(app: ZodApp, db: Db): void {
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
}
