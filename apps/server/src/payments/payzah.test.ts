import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayzahProvider } from './payzah.ts';
import type { PaymentProvider } from './provider.ts';
import { adapterKit } from './testing/adapter-kit.ts';
import { type FakePayzah, startFakePayzah } from './testing/fake-payzah.ts';

const PRIVATE_KEY = 'pk_test_Payzah-Secret/42';
const ENCODED_KEY = Buffer.from(PRIVATE_KEY).toString('base64');

let fake: FakePayzah;
let payzah: PaymentProvider;

beforeAll(async () => {
  fake = await startFakePayzah({ privateKey: PRIVATE_KEY });
  payzah = createPayzahProvider({ baseUrl: `${fake.baseUrl}/`, privateKey: PRIVATE_KEY, timeoutMs: 2_000 });
});

afterAll(async () => {
  await fake?.close();
});

const kit = adapterKit({
  name: 'payzah',
  provider: () => payzah,
  fake: () => fake,
  // Neither the key nor its base64 form ever shows in an error.
  secrets: [PRIVATE_KEY, ENCODED_KEY],
  defaults: (n) => ({
    paymentId: `pay${Date.now()}n${n}`,
    language: 'en',
    successUrl: 'https://ustaz.test/api/v1/payments/return/success?x=1',
  }),
});
const { request, started, gatewayError } = kit;

describe('Payzah adapter: initiate', () => {
  it('posts the documented fields with the base64 key and returns the transit page', async () => {
    const input = request();
    const result = await payzah.initiate(input);

    kit.expectLastCall({
      method: 'POST',
      path: '/ws/paymentgateway/index',
      authorization: ENCODED_KEY,
      body: {
        trackid: input.paymentId,
        amount: '12.500',
        currency: '414',
        success_url: input.successUrl,
        error_url: input.errorUrl,
        language: 'ENG',
        payment_type: '3',
      },
    });
    const order = fake.order(input.paymentId);
    expect(result).toEqual({
      redirectUrl: `${fake.baseUrl}/checkout/${order?.paymentId}`,
      providerRef: order?.paymentId,
    });
    expect(payzah).toMatchObject({ name: 'payzah', sandbox: false, minAmountFils: 100 });
  });

  it('sends ARA for Arabic, the chosen payment type, and 3 decimals for small amounts', async () => {
    const knet = await started({ language: 'ar', paymentType: '1', amountFils: 100 });
    expect(fake.requests.at(-1)?.json).toMatchObject({ language: 'ARA', payment_type: '1', amount: '0.100' });
    expect(knet.result.redirectUrl).toBe(`${fake.baseUrl}/checkout/${knet.providerRef}`);

    await started({ paymentType: '2', amountFils: 1_000_000 });
    expect(fake.requests.at(-1)?.json).toMatchObject({ language: 'ENG', payment_type: '2', amount: '1000.000' });
  });

  it('redirects to a working checkout page that sends the customer back to our return URLs', async () => {
    const { paymentId, result } = await started();
    const page = await fetch(result.redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('12.500');

    const paid = await fetch(`${result.redirectUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://ustaz.test/api/v1/payments/return/success');
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('trackId')).toBe(paymentId);
    expect(fake.order(paymentId)?.paymentStatus).toBe('CAPTURED');
  });

  it('refuses ids Payzah would refuse, and amounts under the minimum, without calling it', async () => {
    const before = fake.requests.length;
    await gatewayError(payzah.initiate(request({ paymentId: 'a1b2c3d4-e5f6' })));
    await gatewayError(payzah.initiate(request({ amountFils: 99 })));
    await gatewayError(payzah.initiate(request({ amountFils: 100.5 })));
    expect(fake.requests.length).toBe(before);
  });

  it('turns a refusal (status false) into a GatewayError carrying Payzah’s message', async () => {
    const first = await started();
    const error = await gatewayError(payzah.initiate(request({ paymentId: first.paymentId })));
    expect(error.message).toContain('Duplicate trackid');
  });

  it('fails with a GatewayError on a wrong key', async () => {
    const wrong = createPayzahProvider({ baseUrl: fake.baseUrl, privateKey: 'not-the-key' });
    const error = await gatewayError(wrong.initiate(request()));
    expect(error.message).toContain('403');
    expect(fake.requests.at(-1)?.headers.authorization).toBe(Buffer.from('not-the-key').toString('base64'));
  });
});

describe('Payzah adapter: lookup', () => {
  it('asks get-payment-details with trackid and payment_id, and reports pending before payment', async () => {
    const { paymentId, providerRef } = await started();
    const result = await payzah.lookup({ paymentId, providerRef });

    kit.expectLastCall({
      method: 'POST',
      path: '/ws/paymentgateway/get-payment-details',
      authorization: ENCODED_KEY,
      body: { trackid: paymentId, payment_id: providerRef },
    });
    expect(result).toEqual({
      status: 'pending',
      amountFils: 12_500,
      currency: 'KWD',
      orderId: paymentId,
      reference: null,
    });
  });

  it('reports CAPTURED as paid with the transaction number', async () => {
    const { paymentId, providerRef } = await started({ amountFils: 20_000 });
    fake.pay(paymentId);
    const result = await payzah.lookup({ paymentId, providerRef });
    expect(result).toEqual({
      status: 'paid',
      amountFils: 20_000,
      currency: 'KWD',
      orderId: paymentId,
      reference: fake.order(paymentId)?.transactionNumber,
    });
    expect(result.reference).toMatch(/^\d+$/);
  });

  it.each(['NOT CAPTURED', 'CANCELED', 'VOIDED', 'DENIED BY RISK', 'HOST TIMEOUT', 'FAILED'])(
    'reports %s as failed',
    async (paymentStatus) => {
      const { paymentId, providerRef } = await started();
      fake.fail(paymentId, paymentStatus);
      expect((await payzah.lookup({ paymentId, providerRef })).status).toBe('failed');
    },
  );

  it.each(['', 'INITIATED', 'PROCESSING'])('reports an unfinished status (%j) as pending', async (paymentStatus) => {
    const { paymentId, providerRef } = await started();
    fake.fail(paymentId, paymentStatus);
    expect((await payzah.lookup({ paymentId, providerRef })).status).toBe('pending');
  });

  it('reports amount, currency and order id as Payzah says, so the service can see a mismatch', async () => {
    const { paymentId, providerRef } = await started();
    fake.pay(paymentId);

    fake.report(paymentId, { amount: '1.000', currency: '840', trackId: 'someoneElse1' });
    expect(await payzah.lookup({ paymentId, providerRef })).toMatchObject({
      status: 'paid',
      amountFils: 1_000,
      currency: '840',
      orderId: 'someoneElse1',
    });

    fake.report(paymentId, { amount: 12.5, currency: 'KWD' });
    expect(await payzah.lookup({ paymentId, providerRef })).toMatchObject({ amountFils: 12_500, currency: 'KWD' });

    // Unreadable amounts are null, never a guess.
    fake.report(paymentId, { amount: '12.5004' });
    expect((await payzah.lookup({ paymentId, providerRef })).amountFils).toBeNull();
    fake.report(paymentId, { amount: 'twelve' });
    expect((await payzah.lookup({ paymentId, providerRef })).amountFils).toBeNull();
  });

  kit.itFailsForUnknownReference('a payment Payzah does not know', '999', 'No payment found');

  kit.itReportsPendingWithoutReference('PaymentID', 'neverStarted1');
});

describe('Payzah adapter: a gateway that misbehaves', () => {
  kit.itTurnsBadAnswersIntoGatewayErrors();

  it('gives up after timeoutMs when Payzah does not answer', async () => {
    const impatient = createPayzahProvider({ baseUrl: fake.baseUrl, privateKey: PRIVATE_KEY, timeoutMs: 150 });
    fake.failNext(1, 'hang');
    const startedAt = Date.now();
    const error = await gatewayError(impatient.initiate(request()));
    expect(error.message).toContain('150 ms');
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('fails with a GatewayError when nothing listens', async () => {
    const nowhere = createPayzahProvider({ baseUrl: 'http://127.0.0.1:9', privateKey: PRIVATE_KEY, timeoutMs: 1_000 });
    await gatewayError(nowhere.initiate(request()));
  });

  it('uses the fetch it is given', async () => {
    const urls: string[] = [];
    const spy: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    const spied = createPayzahProvider({ baseUrl: fake.baseUrl, privateKey: PRIVATE_KEY, fetch: spy });
    await spied.initiate(request());
    expect(urls).toEqual([`${fake.baseUrl}/ws/paymentgateway/index`]);
  });

  it('has no webhook', () => {
    expect(payzah.verifyWebhook?.({ authorization: ENCODED_KEY }, '{}')).toBe(false);
  });
});
