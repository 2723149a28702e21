import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeemaProvider } from './deema.ts';
import type { PaymentProvider } from './provider.ts';
import { adapterKit } from './testing/adapter-kit.ts';
import { type FakeDeema, startFakeDeema } from './testing/fake-deema.ts';

const API_KEY = 'sk_test_deema_0123456789';
const WEBHOOK_SECRET = 'whsec_deema_shared_secret';

let fake: FakeDeema;
let deema: PaymentProvider;
/** Our webhook endpoint stand-in: records what arrives and asks the adapter whether to trust it. */
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string; trusted: boolean }[] = [];

const kit = adapterKit({
  name: 'deema',
  provider: () => deema,
  fake: () => fake,
  secrets: [API_KEY],
  defaults: (n) => ({ paymentId: `pay-${Date.now()}-${n}` }),
});
const { request, started, gatewayError } = kit;

beforeAll(async () => {
  fake = await startFakeDeema({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
  deema = createDeemaProvider({
    baseUrl: fake.baseUrl,
    apiKey: API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    timeoutMs: 2_000,
  });
  receiver = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const trusted = deema.verifyWebhook?.(request.headers, body) ?? false;
    received.push({ headers: request.headers, body, trusted });
    response
      .writeHead(trusted ? 200 : 401, { 'content-type': 'application/json' })
      .end(JSON.stringify({ received: trusted }));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/payments/webhooks/deema`;
});

afterAll(async () => {
  await fake?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('Deema adapter: initiate', () => {
  it('posts the purchase with the Basic key and returns the redirect link and order reference', async () => {
    const input = request();
    const result = await deema.initiate(input);

    kit.expectLastCall({
      method: 'POST',
      path: '/api/merchant/v1/purchase',
      authorization: `Basic ${API_KEY}`,
      body: {
        amount: 12.5,
        currency_code: 'KWD',
        merchant_order_id: input.paymentId,
        merchant_urls: { success: input.successUrl, failure: input.errorUrl },
      },
    });
    const order = fake.order(input.paymentId);
    expect(result).toEqual({
      redirectUrl: `${fake.baseUrl}/checkout/${order?.orderReference}`,
      providerRef: order?.orderReference,
    });
    expect(deema).toMatchObject({ name: 'deema', sandbox: false, minAmountFils: 10_000 });
  });

  it('sends amounts as exact decimals', async () => {
    await started({ amountFils: 10_001 });
    expect(fake.requests.at(-1)?.json).toMatchObject({ amount: 10.001 });
    await started({ amountFils: 1_000_000 });
    expect(fake.requests.at(-1)?.json).toMatchObject({ amount: 1000 });
  });

  it('redirects to a working checkout page that sends the customer back to our return URLs', async () => {
    const { paymentId, result } = await started();
    const page = await fetch(result.redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('12.5');

    const failed = await fetch(`${result.redirectUrl}/fail`, { method: 'POST', redirect: 'manual' });
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe('https://ustaz.test/api/v1/payments/return/error');
    expect(fake.order(paymentId)?.status).toBe('cancelled');
  });

  it('refuses a currency other than KWD without calling Deema', async () => {
    const before = fake.requests.length;
    const error = await gatewayError(deema.initiate({ ...request(), currency: 'USD' as unknown as 'KWD' }));
    expect(error.message).toContain('USD');
    expect(fake.requests.length).toBe(before);
  });

  it('refuses amounts under the configured minimum', async () => {
    const before = fake.requests.length;
    await gatewayError(deema.initiate(request({ amountFils: 9_999 })));
    expect(fake.requests.length).toBe(before);

    const lowered = createDeemaProvider({
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
      webhookSecret: 'x',
      minAmountFils: 5_000,
    });
    expect(lowered.minAmountFils).toBe(5_000);
    // Deema itself still refuses under its own minimum: its 400 and message come through.
    const error = await gatewayError(lowered.initiate(request({ amountFils: 5_000 })));
    expect(error.message).toContain('400');
    expect(error.message).toContain('credit limit');
  });

  it('fails with a GatewayError on a wrong key', async () => {
    const wrong = createDeemaProvider({ baseUrl: fake.baseUrl, apiKey: 'sk_wrong', webhookSecret: WEBHOOK_SECRET });
    const error = await gatewayError(wrong.initiate(request()));
    expect(error.message).toContain('403');
  });
});

describe('Deema adapter: lookup', () => {
  it('asks the status endpoint by order reference and reports pending before payment', async () => {
    const { paymentId, providerRef } = await started();
    const result = await deema.lookup({ paymentId, providerRef });

    kit.expectLastCall({
      method: 'GET',
      path: `/api/merchant/v1/purchase/status?order_reference=${providerRef}`,
      authorization: `Basic ${API_KEY}`,
    });
    expect(result).toEqual({
      status: 'pending',
      amountFils: 12_500,
      currency: 'KWD',
      orderId: paymentId,
      reference: providerRef,
    });
  });

  it.each(['captured', 'Captured', 'authorized', 'Authorized'])('reports %s as paid', async (status) => {
    const { paymentId, providerRef } = await started();
    fake.pay(paymentId, status);
    expect((await deema.lookup({ paymentId, providerRef })).status).toBe('paid');
  });

  it.each(['cancelled', 'Declined', 'Expired', 'Cancelled', 'canceled'])('reports %s as failed', async (status) => {
    const { paymentId, providerRef } = await started();
    fake.fail(paymentId, status);
    expect((await deema.lookup({ paymentId, providerRef })).status).toBe('failed');
  });

  it.each(['pending', 'in_progress', ''])('reports %j as pending', async (status) => {
    const { paymentId, providerRef } = await started();
    fake.fail(paymentId, status);
    expect((await deema.lookup({ paymentId, providerRef })).status).toBe('pending');
  });

  it('reports amount, currency and order id as Deema says, so the service can see a mismatch', async () => {
    const { paymentId, providerRef } = await started({ amountFils: 15_250 });
    fake.pay(paymentId);
    expect(await deema.lookup({ paymentId, providerRef })).toMatchObject({ status: 'paid', amountFils: 15_250 });

    fake.report(paymentId, { amount: '14.000', currency_code: 'sar', merchant_order_id: 'other-payment' });
    expect(await deema.lookup({ paymentId, providerRef })).toMatchObject({
      amountFils: 14_000,
      currency: 'SAR',
      orderId: 'other-payment',
    });

    fake.report(paymentId, { amount: 0.1 });
    expect((await deema.lookup({ paymentId, providerRef })).amountFils).toBe(100);
    fake.report(paymentId, { amount: '1e3' });
    expect((await deema.lookup({ paymentId, providerRef })).amountFils).toBeNull();
  });

  kit.itFailsForUnknownReference('an order reference Deema does not know', 'DM-NOPE', '404');

  kit.itReportsPendingWithoutReference('order reference', 'never-started');
});

describe('Deema adapter: a gateway that misbehaves', () => {
  kit.itTurnsBadAnswersIntoGatewayErrors();

  it('gives up after timeoutMs when Deema does not answer', async () => {
    const impatient = createDeemaProvider({
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
      webhookSecret: 'x',
      timeoutMs: 150,
    });
    const { paymentId, providerRef } = await started();
    fake.failNext(2, 'hang');
    const startedAt = Date.now();
    expect((await gatewayError(impatient.initiate(request()))).message).toContain('150 ms');
    expect((await gatewayError(impatient.lookup({ paymentId, providerRef }))).message).toContain('150 ms');
    expect(Date.now() - startedAt).toBeLessThan(3_000);
  });
});

describe('Deema adapter: webhook verification', () => {
  it('trusts a webhook carrying the configured secret', async () => {
    const { paymentId } = await started();
    fake.pay(paymentId);
    const answer = await fake.sendWebhook(receiverUrl, fake.webhookPayload(paymentId));
    expect(answer.status).toBe(200);
    const last = received.at(-1);
    expect(last?.trusted).toBe(true);
    expect(last?.headers.authorization).toBe(WEBHOOK_SECRET);
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({ merchant_order_id: paymentId, status: 'Captured' });
  });

  it.each([
    ['a wrong secret of the same length', { secret: WEBHOOK_SECRET.replace(/.$/, 'X') }],
    ['a longer secret', { secret: `${WEBHOOK_SECRET}x` }],
    ['a shorter secret', { secret: 'whsec' }],
    ['an empty secret', { secret: '' }],
    ['no header', { secret: null }],
  ])('refuses %s', async (_label, options) => {
    const answer = await fake.sendWebhook(receiverUrl, '{"status":"Captured"}', options);
    expect(answer.status).toBe(401);
    expect(received.at(-1)?.trusted).toBe(false);
  });

  it('reads the header whatever its case, and refuses a repeated one', () => {
    expect(deema.verifyWebhook?.({ Authorization: WEBHOOK_SECRET }, '')).toBe(true);
    expect(deema.verifyWebhook?.({ authorization: [WEBHOOK_SECRET, WEBHOOK_SECRET] }, '')).toBe(false);
    expect(deema.verifyWebhook?.({ authorization: `Bearer ${WEBHOOK_SECRET}` }, '')).toBe(false);
  });

  it('trusts nothing when no webhook secret is configured', () => {
    const unconfigured = createDeemaProvider({ baseUrl: fake.baseUrl, apiKey: API_KEY, webhookSecret: '' });
    expect(unconfigured.verifyWebhook?.({ authorization: '' }, '')).toBe(false);
    expect(unconfigured.verifyWebhook?.({}, '')).toBe(false);
  });
});
