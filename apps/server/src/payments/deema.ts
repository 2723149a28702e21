import { createHash, timingSafeEqual } from 'node:crypto';
import { filsToKwd } from '@ustaz/contract';
import { z } from 'zod';
import { checkKwdAmount, isWebUrl, NOTHING_STARTED, parseKwdAmount, requestJson } from './gateway-http.ts';
import { GatewayError, type InitiateRequest, type LookupResult, type PaymentProvider } from './provider.ts';

/*
 * Deema (Kuwait BNPL: the customer pays in instalments, the merchant is paid upfront).
 *
 * Documented (api-docs.deema.me "Place order", docs.deema.me "Create Online Checkout" and the
 * BNPL integration guide; Tap Payments' Deema guide for the currency and minimum):
 * - Hosts: production https://api.deema.me, sandbox https://staging-api.deema.me (= baseUrl).
 * - Place order body: amount (a number in KWD, e.g. 12.5), currency_code ("KWD"), merchant_order_id
 *   (our id, used for settlement and reporting), merchant_urls {success, failure}. The answer carries
 *   order_reference and redirect_link; order_reference is what to keep to look the order up later.
 * - Only KWD is accepted; the production minimum is 10 KWD (sandbox: 100 to 200 KWD).
 * - Webhooks: set in the merchant dashboard, with an optional authorization header whose value Deema
 *   sends on every call, so that we can tell the call came from Deema.
 *
 * Seen in integrations, not in the official pages (Deema's own SDKs and WooCommerce plugin, and
 * merchant code on GitHub):
 * - POST /api/merchant/v1/purchase with `Authorization: Basic <api key>` (the raw key, not base64 of
 *   user:password); answer {message, data: {purchase_id, order_reference, redirect_link}}.
 * - GET /api/merchant/v1/purchase/status?order_reference=... -> {data: {status}} with statuses
 *   pending, captured, cancelled, expired (lower case there, "Captured" in webhook bodies).
 *
 * Assumed:
 * - The status answer's amount, currency_code (or currency) and merchant_order_id fields; when absent
 *   the lookup reports null for them.
 * - "authorized" is paid (the brief's rule: Deema pays the merchant once it approves the plan);
 *   declined, rejected and failed are failures like cancelled and expired.
 * - The webhook header is `authorization`, compared exactly with the configured secret.
 */

const PROVIDER = 'deema';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Deema's production minimum: 10 KWD. */
const DEFAULT_MIN_AMOUNT_FILS = 10_000;
const WEBHOOK_HEADER = 'authorization';

export type DeemaOptions = {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  minAmountFils?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const idValue = z.union([z.string().min(1), z.number()]).transform(String);

const purchaseAnswerSchema = z.object({
  data: z.object({
    purchase_id: idValue.nullish(),
    order_reference: idValue,
    redirect_link: z.string(),
  }),
});

const statusAnswerSchema = z.object({
  data: z.object({
    status: z.string().nullish(),
    amount: z.union([z.string(), z.number()]).nullish(),
    currency_code: z.string().nullish(),
    currency: z.string().nullish(),
    merchant_order_id: idValue.nullish(),
    order_reference: idValue.nullish(),
  }),
});

export function createDeemaProvider(options: DeemaOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Kept in this closure only, so logging the provider object shows no key or secret.
  const authorization = `Basic ${options.apiKey}`;
  const webhookSecret = options.webhookSecret;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? fetch;
  const minAmountFils = options.minAmountFils ?? DEFAULT_MIN_AMOUNT_FILS;

  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    requestJson({
      provider: PROVIDER,
      label: 'Deema',
      fetch: fetchImpl,
      method,
      url: `${baseUrl}${path}`,
      authorization,
      body,
      timeoutMs,
    });

  return {
    name: PROVIDER,
    sandbox: false,
    minAmountFils,

    async initiate(request) {
      checkKwdAmount(PROVIDER, request, minAmountFils);
      const json = await call('POST', '/api/merchant/v1/purchase', purchaseBody(request));
      const { data } = parseAnswer(purchaseAnswerSchema, json);
      if (!isWebUrl(data.redirect_link)) throw new GatewayError(PROVIDER, 'answer has no checkout URL');
      // order_reference, not purchase_id: it is the key of the status look-up.
      return { redirectUrl: data.redirect_link, providerRef: data.order_reference };
    },

    async lookup(payment) {
      // Initiation never got an order reference, so Deema holds nothing to ask about: pending until it expires.
      if (!payment.providerRef) return { ...NOTHING_STARTED };
      const query = new URLSearchParams({ order_reference: payment.providerRef });
      const json = await call('GET', `/api/merchant/v1/purchase/status?${query}`);
      return toLookupResult(parseAnswer(statusAnswerSchema, json).data, payment.providerRef);
    },

    verifyWebhook(headers) {
      return secretMatches(headerValue(headers, WEBHOOK_HEADER), webhookSecret);
    },
  };
}

/** Deema documents amount as a number: 12500 fils -> 12.5 (exact through the 3-decimal string). */
function purchaseBody(request: InitiateRequest) {
  return {
    amount: Number(filsToKwd(request.amountFils)),
    currency_code: 'KWD',
    merchant_order_id: request.paymentId,
    merchant_urls: { success: request.successUrl, failure: request.errorUrl },
  };
}

function toLookupResult(data: z.infer<typeof statusAnswerSchema>['data'], providerRef: string): LookupResult {
  return {
    status: mapPurchaseStatus(data.status),
    amountFils: parseKwdAmount(data.amount),
    currency: (data.currency_code ?? data.currency)?.trim().toUpperCase() || null,
    orderId: data.merchant_order_id ?? null,
    reference: data.order_reference ?? providerRef,
  };
}

const PAID_STATUSES = new Set(['captured', 'authorized', 'authorised']);
const FAILED_STATUSES = new Set(['declined', 'rejected', 'failed', 'expired', 'cancelled', 'canceled']);

/** Case-insensitive: the status endpoint says "captured", webhook bodies say "Captured". */
export function mapPurchaseStatus(raw: string | null | undefined): LookupResult['status'] {
  const status = (raw ?? '').trim().toLowerCase();
  if (PAID_STATUSES.has(status)) return 'paid';
  return FAILED_STATUSES.has(status) ? 'failed' : 'pending';
}

/**
 * Constant time, and without leaking the secret's length: both sides are hashed to 32 bytes before
 * timingSafeEqual. No configured secret means no webhook is trusted.
 */
export function secretMatches(given: string | undefined, secret: string): boolean {
  if (given === undefined || secret === '') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** Node lowercases header names, other callers may not; a repeated header is ambiguous, so refused. */
function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

function parseAnswer<T>(schema: z.ZodType<T>, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new GatewayError(PROVIDER, 'answer is missing expected fields', parsed.error);
  return parsed.data;
}
