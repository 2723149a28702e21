import { type FakeFailure, type FakeGateway, type FakeRequest, startFakeGateway } from './fake-gateway.ts';

/**
 * A local Payzah for tests: a real HTTP server on 127.0.0.1 (random port) speaking the protocol the
 * adapter in ../payzah.ts speaks (see the comment there for what is documented and what is assumed).
 *
 *   POST /ws/paymentgateway/index                start a payment -> {status, data: {PaymentID, transit_url | direct_url}}
 *   POST /ws/paymentgateway/get-payment-details  {trackid, payment_id} -> {status, data: {paymentStatus, ...}}
 *   GET  /checkout/{id}                          the payment page: tiny HTML with Pay / Fail buttons
 *   POST /checkout/{id}/pay | /checkout/{id}/fail  what the buttons do: mark the order, then 303 to success_url / error_url
 *
 * API calls need `Authorization: base64(privateKey)`: missing -> 401, wrong -> 403.
 * Refusals Payzah documents (bad trackid, duplicate trackid, unknown payment) answer 200 {status: false, code, message}.
 *
 *   const fake = await startFakePayzah({ privateKey: 'pk_test' });
 *   createPayzahProvider({ baseUrl: fake.baseUrl, privateKey: 'pk_test' });
 *   fake.pay(paymentId);                 // or fake.fail(paymentId, 'CANCELED')
 *   fake.report(paymentId, { amount: '1.000' });  // lookups now report another amount
 *   fake.failNext(1, 'hang');            // next API call never answers ('error' = 500, 'malformed' = bad JSON)
 *   await fake.close();
 *
 * Every `id` argument accepts our payment id (trackid) or Payzah's PaymentID.
 */
export type { FakeFailure, FakeRequest };

export type FakePayzahOrder = {
  trackid: string;
  paymentId: string;
  amount: string;
  currency: string;
  successUrl: string;
  errorUrl: string;
  language: string;
  paymentType: string;
  /** Payzah's paymentStatus: null until the customer finishes, then "CAPTURED", "NOT CAPTURED", "CANCELED", ... */
  paymentStatus: string | null;
  transactionNumber: string | null;
  /** Values get-payment-details reports instead of the stored ones (mismatch tests). */
  reported: { amount?: string | number; currency?: string; trackId?: string };
};

/** `pay` sets paymentStatus CAPTURED (or another raw status), `fail` NOT CAPTURED by default. */
export type FakePayzah = FakeGateway<FakePayzahOrder>;

const INITIATE_PATH = '/ws/paymentgateway/index';
const DETAILS_PATH = '/ws/paymentgateway/get-payment-details';

export async function startFakePayzah(options: { privateKey: string }): Promise<FakePayzah> {
  const expectedAuthorization = Buffer.from(options.privateKey, 'utf8').toString('base64');
  const orders = new Map<string, FakePayzahOrder>();
  let sequence = 0;
  let baseUrl = '';

  const find = (id: string) => orders.get(id) ?? [...orders.values()].find((order) => order.paymentId === id);
  const mustFind = (id: string) => {
    const order = find(id);
    if (!order) throw new Error(`fake Payzah: no payment ${id}`);
    return order;
  };
  const settle = (order: FakePayzahOrder, paymentStatus: string) => {
    order.paymentStatus = paymentStatus;
    order.transactionNumber = paymentStatus === 'CAPTURED' ? `${Date.now()}${++sequence}` : null;
  };

  const initiate = (body: unknown): PayzahAnswer => {
    const input = readFields(body);
    const trackid = input.trackid ?? '';
    if (!/^[A-Za-z0-9]{1,255}$/.test(trackid)) return refusal(10001, 'Invalid trackid: letters and digits only');
    if (orders.has(trackid)) return refusal(10000, 'Duplicate trackid');
    const amount = input.amount ?? '';
    if (!/^\d{1,7}(\.\d{1,3})?$/.test(amount) || amount.length > 10 || Number(amount) <= 0) {
      return refusal(10000, 'Invalid amount');
    }
    if (input.currency !== '414') return refusal(10000, 'Invalid currency');
    if (!input.success_url || !input.error_url) return refusal(10000, 'success_url and error_url are required');
    const paymentType = input.payment_type ?? '3';
    if (!['1', '2', '3'].includes(paymentType)) return refusal(10000, 'Invalid payment_type');
    const language = input.language ?? 'ENG';
    if (language !== 'ENG' && language !== 'ARA') return refusal(10000, 'Invalid language');

    const paymentId = `${Date.now()}${String(++sequence).padStart(9, '0')}`;
    orders.set(trackid, {
      trackid,
      paymentId,
      amount,
      currency: input.currency,
      successUrl: input.success_url,
      errorUrl: input.error_url,
      language,
      paymentType,
      paymentStatus: null,
      transactionNumber: null,
      reported: {},
    });
    const url = `${baseUrl}/checkout/${paymentId}`;
    return {
      status: true,
      data: { PaymentID: paymentId, ...(paymentType === '3' ? { transit_url: url } : { direct_url: url }) },
    };
  };

  const details = (body: unknown): PayzahAnswer => {
    const input = readFields(body);
    const order = input.trackid ? orders.get(input.trackid) : undefined;
    if (!order || order.paymentId !== input.payment_id) return refusal(10000, 'No payment found');
    return {
      status: true,
      data: {
        payzahRefrenceCode: order.paymentId,
        trackId: order.reported.trackId ?? order.trackid,
        paymentId: order.paymentId,
        knetPaymentId: order.transactionNumber,
        transactionNumber: order.transactionNumber,
        trackingNumber: order.transactionNumber,
        paymentDate: order.paymentStatus ? new Date().toISOString() : null,
        paymentStatus: order.paymentStatus,
        paymentMethod: order.paymentType,
        amount: order.reported.amount ?? order.amount,
        currency: order.reported.currency ?? order.currency,
        UDF1: '',
        UDF2: '',
        UDF3: '',
        UDF4: '',
        UDF5: '',
      },
    };
  };

  const server = await startFakeGateway<FakePayzahOrder>({
    name: 'Payzah',
    apiPaths: [INITIATE_PATH, DETAILS_PATH],
    expectedAuthorization,
    errorBody: (message) => ({ status: false, message }),
    messages: {
      serverError: 'Internal Server Error',
      unauthenticated: 'Unauthorized',
      forbidden: 'Invalid private key',
      malformed: '{"status": true, "data": {',
    },
    answer: (call) => {
      if (call.method !== 'POST') return [405, { status: false, message: 'Method not allowed' }];
      return [200, call.path === INITIATE_PATH ? initiate(call.json) : details(call.json)];
    },
    find,
    orderNoun: 'payment',
    checkoutOf: (order) => ({ id: order.paymentId, amount: order.amount }),
    finish: (order, paid) => {
      settle(order, paid ? 'CAPTURED' : 'NOT CAPTURED');
      // Payzah appends its result to the return URL; the server must not trust it and looks it up instead.
      const target = new URL(paid ? order.successUrl : order.errorUrl);
      target.searchParams.set('trackId', order.trackid);
      target.searchParams.set('payzahRefrenceCode', order.paymentId);
      target.searchParams.set('paymentStatus', order.paymentStatus ?? '');
      return target.href;
    },
  });
  baseUrl = server.baseUrl;

  return {
    ...server,
    order: find,
    pay: (id, paymentStatus = 'CAPTURED') => settle(mustFind(id), paymentStatus),
    fail: (id, paymentStatus = 'NOT CAPTURED') => settle(mustFind(id), paymentStatus),
    report: (id, values) => Object.assign(mustFind(id).reported, values),
  };
}

type PayzahAnswer = { status: boolean; code?: number; message?: string; data?: Record<string, unknown> };

function refusal(code: number, message: string): PayzahAnswer {
  return { status: false, code, message };
}

/** The string fields of a JSON object body (Payzah's fields are all strings). */
function readFields(body: unknown): Record<string, string | undefined> {
  if (typeof body !== 'object' || body === null) return {};
  const fields: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  return fields;
}
