import { filsToKwd } from '@ustaz/contract';
import { z } from 'zod';
import { checkKwdAmount, describe, isWebUrl, NOTHING_STARTED, parseKwdAmount, requestJson } from './gateway-http.ts';
import { GatewayError, type InitiateRequest, type LookupResult, type PaymentProvider } from './provider.ts';

/*
 * Payzah (Kuwait: K-Net, cards, Apple Pay) over its JSON web service.
 *
 * Documented (docs.payzah.site: api-reference/initialize-transit, initialize-direct, payment-status,
 * response-codes; guides/payment-flow):
 * - Hosts: test https://development.payzah.net, production https://payzah.net/production770 (= baseUrl).
 * - Every call: header `Authorization: <private key, Base64-encoded>`, JSON body.
 * - POST /ws/paymentgateway/index {trackid, amount, currency, success_url, error_url, payment_type,
 *   language}. trackid is alphanumeric only (max 255) and must be unique; amount is a plain decimal
 *   string ("11.250"); currency is ISO 4217 numeric ("414" = KWD); payment_type "1" K-Net, "2" card
 *   (direct: answer has direct_url), "3" hosted transit page (answer has transit_url); language
 *   "ENG" | "ARA". Answer {status: true, data: {PaymentID, transit_url | direct_url}} or
 *   {status: false, code, message}.
 * - POST /ws/paymentgateway/get-payment-details {trackid, payment_id} -> {status: true, data:
 *   {payzahRefrenceCode, trackId, paymentId, knetPaymentId, transactionNumber, trackingNumber,
 *   paymentDate, paymentStatus, UDF1..UDF5}}. paymentStatus values seen: CAPTURED, NOT CAPTURED,
 *   CANCELED, VOIDED, DENIED BY RISK, HOST TIMEOUT (Payzah's WooCommerce plugin handles exactly these).
 *
 * Assumed (not found in the documentation):
 * - The status answer's `amount` (decimal string or number) and `currency` ("414" or "KWD") fields.
 *   Without `amount` the lookup reports amountFils null; without `currency` it reports 'KWD', since
 *   every payment is started in "414".
 * - `PaymentUrl` as a third name for the redirect URL (older integrations).
 * - The HTTP status of refusals (bad key, bad field): anything not 2xx, or `status: false`, is an error.
 * - A payment not finished yet has an empty or unknown paymentStatus: reported as pending.
 */

const PROVIDER = 'payzah';
const DEFAULT_TIMEOUT_MS = 10_000;
/** 0.100 KWD unless configured: Payzah documents no minimum, and a smaller charge is not worth a card fee. */
const DEFAULT_MIN_AMOUNT_FILS = 100;
const KWD_NUMERIC = '414';
/** Payzah refuses any trackid that is not plain letters and digits (error 10001). */
const TRACK_ID = /^[A-Za-z0-9]{1,255}$/;

export type PayzahOptions = {
  baseUrl: string;
  privateKey: string;
  minAmountFils?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const idValue = z.union([z.string().min(1), z.number()]).transform(String);
const amountValue = z.union([z.string(), z.number()]);

/** The envelope of every Payzah answer; `data` is read once `status` is true. */
const envelopeSchema = z.object({
  status: z.boolean(),
  message: z.unknown().optional(),
  code: z.unknown().optional(),
  data: z.unknown().optional(),
});

const initiateDataSchema = z.object({
  PaymentID: idValue,
  transit_url: z.string().nullish(),
  direct_url: z.string().nullish(),
  PaymentUrl: z.string().nullish(),
});

const detailsDataSchema = z.object({
  trackId: idValue.nullish(),
  trackid: idValue.nullish(),
  paymentStatus: z.string().nullish(),
  transactionNumber: idValue.nullish(),
  amount: amountValue.nullish(),
  currency: amountValue.nullish(),
});

export function createPayzahProvider(options: PayzahOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Encoded once; kept in this closure only, so logging the provider object shows no key.
  const authorization = Buffer.from(options.privateKey, 'utf8').toString('base64');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? fetch;
  const minAmountFils = options.minAmountFils ?? DEFAULT_MIN_AMOUNT_FILS;

  const call = async (path: string, body: Record<string, string>) => {
    const json = await requestJson({
      provider: PROVIDER,
      label: 'Payzah',
      fetch: fetchImpl,
      method: 'POST',
      url: `${baseUrl}${path}`,
      authorization,
      body,
      timeoutMs,
    });
    return readEnvelope(json);
  };

  return {
    name: PROVIDER,
    sandbox: false,
    minAmountFils,

    async initiate(request) {
      checkInitiate(request, minAmountFils);
      const paymentType = request.paymentType ?? '3';
      const data = await call('/ws/paymentgateway/index', initiateBody(request, paymentType));
      const parsed = parseData(initiateDataSchema, data);
      return { redirectUrl: pickRedirectUrl(parsed, paymentType), providerRef: parsed.PaymentID };
    },

    async lookup(payment) {
      // Initiation never got a PaymentID, so Payzah holds nothing to ask about: pending until it expires.
      if (!payment.providerRef) return { ...NOTHING_STARTED };
      const data = await call('/ws/paymentgateway/get-payment-details', {
        trackid: payment.paymentId,
        payment_id: payment.providerRef,
      });
      return toLookupResult(parseData(detailsDataSchema, data));
    },

    // Payzah has no webhook: the return to success_url/error_url is followed by `lookup`.
    verifyWebhook: () => false,
  };
}

/** Refuses before any network call what Payzah would refuse anyway, with a clearer message. */
function checkInitiate(request: InitiateRequest, minAmountFils: number): void {
  if (!TRACK_ID.test(request.paymentId)) {
    throw new GatewayError(PROVIDER, 'payment id must be 1-255 letters and digits (Payzah trackid)');
  }
  checkKwdAmount(PROVIDER, request, minAmountFils);
}

function initiateBody(request: InitiateRequest, paymentType: '1' | '2' | '3'): Record<string, string> {
  return {
    trackid: request.paymentId,
    amount: filsToKwd(request.amountFils),
    currency: KWD_NUMERIC,
    success_url: request.successUrl,
    error_url: request.errorUrl,
    language: request.language === 'ar' ? 'ARA' : 'ENG',
    payment_type: paymentType,
  };
}

/** Transit (type 3) answers with transit_url, direct K-Net/card with direct_url; take the expected one first. */
function pickRedirectUrl(data: z.infer<typeof initiateDataSchema>, paymentType: '1' | '2' | '3'): string {
  const expected = paymentType === '3' ? data.transit_url : data.direct_url;
  const url = expected || data.transit_url || data.direct_url || data.PaymentUrl;
  if (!url || !isWebUrl(url)) throw new GatewayError(PROVIDER, 'answer has no payment page URL');
  return url;
}

function toLookupResult(data: z.infer<typeof detailsDataSchema>): LookupResult {
  return {
    status: mapPaymentStatus(data.paymentStatus),
    amountFils: parseKwdAmount(data.amount),
    currency: currencyCode(data.currency),
    orderId: data.trackId ?? data.trackid ?? null,
    reference: data.transactionNumber || null,
  };
}

const FAILED_STATUSES = new Set([
  'NOT CAPTURED',
  'CANCELED',
  'CANCELLED',
  'VOIDED',
  'DENIED BY RISK',
  'HOST TIMEOUT',
  'FAILED',
]);

/** Only CAPTURED is money taken; a known refusal is failed; anything else (not finished yet) is pending. */
export function mapPaymentStatus(raw: string | null | undefined): LookupResult['status'] {
  const status = (raw ?? '').trim().toUpperCase();
  if (status === 'CAPTURED') return 'paid';
  return FAILED_STATUSES.has(status) ? 'failed' : 'pending';
}

/** Payzah speaks ISO numeric codes; report the alphabetic one so the service compares like with like. */
function currencyCode(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined || raw === '') return 'KWD';
  const code = String(raw).trim().toUpperCase();
  return code === KWD_NUMERIC || code === 'KWD' || code === 'KD' ? 'KWD' : code;
}

/** `status: true` gives `data`; `status: false` is Payzah refusing, with its code and message. */
function readEnvelope(json: unknown): unknown {
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new GatewayError(PROVIDER, 'answer is not a Payzah answer');
  if (!envelope.data.status) {
    const code = describe(envelope.data.code);
    const message = describe(envelope.data.message) ?? 'refused';
    throw new GatewayError(PROVIDER, code ? `refused (${code}): ${message}` : `refused: ${message}`);
  }
  return envelope.data.data;
}

function parseData<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new GatewayError(PROVIDER, 'answer is missing expected fields', parsed.error);
  return parsed.data;
}
