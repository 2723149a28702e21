import { kwdToFils } from '@ustaz/contract';
import { type FakeFailure, type FakeGateway, type FakeRequest, startFakeGateway } from './fake-gateway.ts';

/**
 * A local Deema for tests: a real HTTP server on 127.0.0.1 (random port) speaking the protocol the
 * adapter in ../deema.ts speaks (see the comment there for what is documented and what is assumed).
 *
 *   POST /api/merchant/v1/purchase                         {amount, currency_code, merchant_order_id, merchant_urls}
 *                                                          -> {message, data: {purchase_id, order_reference, redirect_link, status}}
 *   GET  /api/merchant/v1/purchase/status?order_reference= -> {message, data: {status, amount, currency_code, merchant_order_id, ...}}
 *   GET  /checkout/{id}                                    the checkout page: tiny HTML with Pay / Fail buttons
 *   POST /checkout/{id}/pay | /checkout/{id}/fail          what the buttons do: mark the order, then 303 to merchant_urls
 *
 * API calls need `Authorization: Basic <apiKey>`: missing -> 401, wrong -> 403. Non-KWD, amounts under
 * `minAmountFils` (default 10 KWD) and reused merchant_order_id answer 400 {message}.
 *
 *   const fake = await startFakeDeema({ apiKey: 'sk_test', webhookSecret: 'whsec' });
 *   fake.pay(paymentId);                                   // status "captured"
 *   await fake.sendWebhook(url, fake.webhookPayload(paymentId));  // POST with `authorization: whsec`
 *   await fake.sendWebhook(url, body, { secret: 'wrong' });       // or { secret: null }: no header
 *
 * Every `id` argument accepts our payment id (merchant_order_id), Deema's order_reference or purchase_id.
 */
export type { FakeFailure, FakeRequest };

export type FakeDeemaOrder = {
  purchaseId: number;
  orderReference: string;
  merchantOrderId: string;
  /** As sent: Deema documents a number. */
  amount: number | string;
  currencyCode: string;
  successUrl: string;
  failureUrl: string;
  /** Deema's status: "pending" until the customer finishes, then "captured", "cancelled", "expired", ... */
  status: string;
  /** Values the status endpoint reports instead of the stored ones (mismatch tests). */
  reported: { amount?: number | string; currency_code?: string; merchant_order_id?: string };
};

/** `pay` sets status "captured" (or e.g. "authorized"), `fail` "cancelled" by default. */
export type FakeDeema = FakeGateway<FakeDeemaOrder> & {
  /** The body Deema posts to the merchant's webhook for this order, status as it stands. */
  webhookPayload(id: string): Record<string, unknown>;
  /**
   * POSTs `body` (an object is sent as JSON) to `url` the way Deema calls a webhook: with the header
   * `authorization: <secret>`. `secret` defaults to the fake's webhookSecret; null sends no header.
   */
  sendWebhook(
    url: string,
    body: unknown,
    options?: { secret?: string | null },
  ): Promise<{ status: number; body: string }>;
};

const PURCHASE_PATH = '/api/merchant/v1/purchase';
const STATUS_PATH = '/api/merchant/v1/purchase/status';

export async function startFakeDeema(options: {
  apiKey: string;
  webhookSecret?: string;
  minAmountFils?: number;
}): Promise<FakeDeema> {
  const expectedAuthorization = `Basic ${options.apiKey}`;
  const minAmountFils = options.minAmountFils ?? 10_000;
  const orders: FakeDeemaOrder[] = [];
  let sequence = 0;
  let baseUrl = '';

  const find = (id: string) =>
    orders.find((o) => o.merchantOrderId === id || o.orderReference === id || String(o.purchaseId) === id);
  const mustFind = (id: string) => {
    const order = find(id);
    if (!order) throw new Error(`fake Deema: no purchase ${id}`);
    return order;
  };

  const purchase = (body: unknown): [number, unknown] => {
    const input = isRecord(body) ? body : {};
    const urls = isRecord(input.merchant_urls) ? input.merchant_urls : {};
    const amountFils = toFils(input.amount);
    const merchantOrderId =
      typeof input.merchant_order_id === 'number' ? String(input.merchant_order_id) : input.merchant_order_id;
    if (input.currency_code !== 'KWD') return [400, { message: 'Only KWD is supported' }];
    if (amountFils === null) return [400, { message: 'The amount field is required and must be a number' }];
    if (amountFils < minAmountFils)
      return [400, { message: "purchase amount is not within the merchant's credit limit range" }];
    if (typeof merchantOrderId !== 'string' || merchantOrderId === '')
      return [400, { message: 'merchant_order_id is required' }];
    if (find(merchantOrderId)) return [400, { message: 'merchant_order_id has already been used' }];
    if (typeof urls.success !== 'string' || typeof urls.failure !== 'string') {
      return [400, { message: 'merchant_urls.success and merchant_urls.failure are required' }];
    }
    const order: FakeDeemaOrder = {
      purchaseId: 1000 + ++sequence,
      orderReference: `DM${Date.now().toString(36).toUpperCase()}${sequence}`,
      merchantOrderId,
      amount: typeof input.amount === 'string' ? input.amount : Number(input.amount),
      currencyCode: input.currency_code,
      successUrl: urls.success,
      failureUrl: urls.failure,
      status: 'pending',
      reported: {},
    };
    orders.push(order);
    const data = {
      purchase_id: order.purchaseId,
      order_reference: order.orderReference,
      redirect_link: `${baseUrl}/checkout/${order.orderReference}`,
      status: order.status,
    };
    return [200, { message: 'Success', data }];
  };

  const status = (path: string): [number, unknown] => {
    const reference = new URL(path, 'http://fake').searchParams.get('order_reference');
    const order = orders.find((o) => o.orderReference === reference);
    if (!order) return [404, { message: 'Order not found' }];
    const data = {
      status: order.status,
      order_reference: order.orderReference,
      purchase_id: order.purchaseId,
      merchant_order_id: order.reported.merchant_order_id ?? order.merchantOrderId,
      amount: order.reported.amount ?? order.amount,
      currency_code: order.reported.currency_code ?? order.currencyCode,
    };
    return [200, { message: 'Success', data }];
  };

  const server = await startFakeGateway<FakeDeemaOrder>({
    name: 'Deema',
    apiPaths: [PURCHASE_PATH, STATUS_PATH],
    expectedAuthorization,
    errorBody: (message) => ({ message }),
    messages: {
      serverError: 'Server Error',
      unauthenticated: 'Unauthenticated.',
      forbidden: 'Invalid API key',
      malformed: '{"message": "Success", "data": {',
    },
    answer: (call, pathname) =>
      pathname === PURCHASE_PATH && call.method === 'POST'
        ? purchase(call.json)
        : pathname === STATUS_PATH && call.method === 'GET'
          ? status(call.path)
          : [405, { message: 'Method not allowed' }],
    find,
    orderNoun: 'purchase',
    checkoutOf: (order) => ({ id: order.orderReference, amount: String(order.amount) }),
    finish: (order, paid) => {
      order.status = paid ? 'captured' : 'cancelled';
      return paid ? order.successUrl : order.failureUrl;
    },
  });
  baseUrl = server.baseUrl;

  return {
    ...server,
    order: find,
    pay: (id, raw = 'captured') => {
      mustFind(id).status = raw;
    },
    fail: (id, raw = 'cancelled') => {
      mustFind(id).status = raw;
    },
    report: (id, values) => Object.assign(mustFind(id).reported, values),
    webhookPayload: (id) => {
      const order = mustFind(id);
      // Webhook bodies capitalise the status ("Captured"), unlike the status endpoint.
      const statusWord = order.status.charAt(0).toUpperCase() + order.status.slice(1);
      return {
        order_reference: order.orderReference,
        purchase_id: order.purchaseId,
        merchant_order_id: order.merchantOrderId,
        status: statusWord,
        amount: order.amount,
        currency_code: order.currencyCode,
      };
    },
    sendWebhook: async (url, body, sendOptions = {}) => {
      const secret = sendOptions.secret === undefined ? options.webhookSecret : sendOptions.secret;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret == null ? {} : { authorization: secret }) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
      return { status: response.status, body: await response.text() };
    },
  };
}

/** Deema documents amount as a number; a numeric string is read too so a wrong type is visible, not fatal. */
function toFils(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? kwdToFils(value) : null;
  if (typeof value === 'string' && /^\d{1,7}(\.\d{1,3})?$/.test(value)) return kwdToFils(value);
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
