import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rawQueryOf } from '../../db/client.ts';
import { notifications, reservations, sandboxCharges, timeSlots } from '../../db/schema.ts';
import { sweepMoney } from '../../jobs/money-sweeper.ts';
import { startFakeDeema } from '../../payments/testing/fake-deema.ts';
import { createFactories, type TestTeacher, type TestUser } from '../../test/factories.ts';
import { createTestApp, testConfig } from '../../test/helpers.ts';
import { expectLedgerConsistent, fundWallet, liveReservations, systemBalance, walletOf } from '../../test/money.ts';
import {
  bookRequest,
  bookWithBalance,
  cancelRequest,
  createPayzahTestApp,
  nextAddress,
  pathOf,
  pressAtSandbox,
  totalOf,
  useFakeGatewayApp,
} from '../../test/requests.ts';
import { findPayment, swapPaymentStatus } from './payments.repo.ts';

const HOUR = 3600_000;
const MINUTE = 60_000;
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;

function topUp(app: FastifyInstance, headers: Headers, provider: 'payzah' | 'deema', payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/balance/top-up/${provider}`,
    headers,
    payload: payload as Record<string, unknown>,
    remoteAddress: nextAddress(),
  });
}

function returnTo(app: FastifyInstance, paymentId: string, query = '') {
  return app.inject({ method: 'GET', url: `/api/v1/payments/return/${paymentId}${query}` });
}

async function transfersOf(db: Db, paymentId: string): Promise<number> {
  const result = await rawQueryOf(db)<{ n: string | number }>(
    'select count(*) as n from ledger_transfers where payment_id = $1',
    [paymentId],
  );
  return Number(result.rows[0]?.n ?? 0);
}

async function paymentCount(db: Db, userId: number): Promise<number> {
  const result = await rawQueryOf(db)<{ n: string | number }>('select count(*) as n from payments where user_id = $1', [
    userId,
  ]);
  return Number(result.rows[0]?.n ?? 0);
}

async function slotRow(db: Db, id: number) {
  const [row] = await db.select().from(timeSlots).where(eq(timeSlots.id, id));
  return row;
}

async function reservationRow(db: Db, id: number) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row;
}

let slotHours = 40;
/** A fresh open slot, more than 24 h ahead. */
function slotFor(f: ReturnType<typeof createFactories>, teacher: TestTeacher, priceFils: number) {
  slotHours += 2;
  return f.slot(teacher.profile.id, new Date(Date.now() + slotHours * HOUR), { priceFils });
}

// ------------------------------------------------------------------------------------------------

describe('the sandbox gateway (no keys configured)', () => {
  let ctx: Ctx;
  let f: ReturnType<typeof createFactories>;
  let db: Db;

  beforeAll(async () => {
    ctx = await createTestApp({ rateLimitMax: 1_000_000 });
    f = createFactories(ctx.database);
    db = ctx.database.db;
  });
  afterAll(async () => {
    await expectLedgerConsistent(db);
    await ctx.close();
  });

  it('tops up through the sandbox checkout: page, pay, return, credited once', async () => {
    const student = await f.student();
    const res = await topUp(ctx.app, student.headers, 'payzah', {
      amount: '12.5',
      language: 'en',
      options: { payment_type: '1' },
    });
    expect(res.statusCode).toBe(200);
    const { paymentLink, paymentId } = res.json();
    expect(paymentId).toMatch(/^pay[0-9a-f]{24}$/);
    expect(paymentLink).toMatch(/^http:\/\/ustaz\.test\/api\/v1\/payments\/sandbox\/sbx_[0-9a-f]{24}$/);
    expect((await findPayment(db, paymentId))?.status).toBe('pending');

    const page = await ctx.app.inject({ url: pathOf(paymentLink) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toMatch(/KWD\s12\.500/); // Intl's no-break space
    expect(page.body).toContain('value="pay"');
    expect(page.body).toContain('lang="en"');

    // Pending: the status route says so (and asks the sandbox, which says pending).
    const pending = await ctx.app.inject({ url: `/api/v1/payments/${paymentId}`, headers: student.headers });
    expect(pending.json()).toMatchObject({ status: 'pending', amount: '12.500', purpose: 'top_up' });
    expect(await walletOf(db, student.user.id)).toBe(0);

    const paid = await pressAtSandbox(ctx.app, paymentLink, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://ustaz.test/api/v1/payments/return/${paymentId}`);
    const back = await ctx.app.inject({ url: pathOf(String(paid.headers.location)) });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/en/payment/success?paymentId=${paymentId}`);
    expect(await walletOf(db, student.user.id)).toBe(12_500);

    const status = await ctx.app.inject({ url: `/api/v1/payments/${paymentId}`, headers: student.headers });
    expect(status.statusCode).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.json()).toMatchObject({
      id: paymentId,
      status: 'paid',
      purpose: 'top_up',
      provider: 'payzah',
      amount: '12.500',
      currency: 'KWD',
      creditedToWallet: false,
    });
    expect(status.json().paidAt).not.toBeNull();

    const balance = await ctx.app.inject({ url: '/api/v1/subscriptions/balance', headers: student.headers });
    expect(balance.json()).toMatchObject({ balance: '12.500', currency: 'KWD', earnings: '0.000' });
    const lines = await ctx.app.inject({ url: '/api/v1/balance/transactions', headers: student.headers });
    expect(lines.json().data).toEqual([
      expect.objectContaining({ kind: 'top_up', account: 'wallet', amount: '12.500', paymentId }),
    ]);

    // The page once more, and the return once more: nothing moves twice.
    const again = await ctx.app.inject({ url: pathOf(paymentLink) });
    expect(again.body).not.toContain('value="pay"');
    expect((await pressAtSandbox(ctx.app, paymentLink, 'pay')).statusCode).toBe(303);
    expect((await returnTo(ctx.app, paymentId)).headers.location).toBe(`/en/payment/success?paymentId=${paymentId}`);
    expect(await walletOf(db, student.user.id)).toBe(12_500);
    expect(await transfersOf(db, paymentId)).toBe(1);

    const stranger = await f.student();
    const foreign = await ctx.app.inject({ url: `/api/v1/payments/${paymentId}`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/v1/payments/${paymentId}` })).statusCode).toBe(401);
    const told = await db.select().from(notifications).where(eq(notifications.userId, student.user.id));
    expect(told.map((n) => n.type)).toContain('payment.paid');
  });

  it('takes an amount typed in Arabic-Indic or Persian digits with the Arabic separators (issue 17)', async () => {
    const student = await f.student();
    for (const [amount, fils] of [
      ['١٠٫٥', 10_500],
      ['۱۲٫۲۵۰', 12_250],
      ['١٬٠٠٠', 1_000_000],
    ] as const) {
      const res = await topUp(ctx.app, student.headers, 'payzah', { amount, language: 'ar' });
      expect(res.statusCode, amount).toBe(200);
      expect((await findPayment(db, res.json().paymentId))?.amountFils, amount).toBe(fils);
    }
    expect((await topUp(ctx.app, student.headers, 'payzah', { amount: '١٠٫٥٫٥' })).statusCode).toBe(422);
  });

  it('a failed sandbox payment goes to the failed page and credits nothing', async () => {
    const student = await f.student();
    const res = await topUp(ctx.app, student.headers, 'payzah', { amount: '3', language: 'ar' });
    expect(res.statusCode).toBe(200);
    const { paymentLink, paymentId } = res.json();
    // The sandbox shows money as the site does in Arabic: Arabic-Indic digits, 3 decimals, د.ك.
    expect((await ctx.app.inject({ url: pathOf(paymentLink) })).body).toMatch(/٣٫٠٠٠\sد\.ك\./);
    const failed = await pressAtSandbox(ctx.app, paymentLink, 'fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`http://ustaz.test/api/v1/payments/return/${paymentId}?outcome=error`);
    const back = await ctx.app.inject({ url: pathOf(String(failed.headers.location)) });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/ar/payment/failed?paymentId=${paymentId}`);
    expect(await walletOf(db, student.user.id)).toBe(0);
    expect((await findPayment(db, paymentId))?.status).toBe('failed');
    expect(await transfersOf(db, paymentId)).toBe(0);
    // Pressing pay after failing changes nothing.
    const late = await pressAtSandbox(ctx.app, paymentLink, 'pay');
    expect(late.headers.location).toContain('outcome=error');
    await returnTo(ctx.app, paymentId);
    expect(await walletOf(db, student.user.id)).toBe(0);
    expect((await findPayment(db, paymentId))?.status).toBe('failed');
  });

  it('I2: refuses malformed, out-of-range and foreign-currency amounts with 422 and creates nothing', async () => {
    const student = await f.student();
    const bad: unknown[] = ['0', '-1', '1e309', '1,000', '1.2345', '', 12.5, 'abc', '1001', '0.000', ' ', 'NaN', null];
    for (const amount of bad) {
      const res = await topUp(ctx.app, student.headers, 'payzah', { amount, language: 'en' });
      expect(res.statusCode, `amount ${JSON.stringify(amount)}`).toBe(422);
      expect(res.json().errors, `amount ${JSON.stringify(amount)}`).toHaveProperty('amount');
    }
    const usd = await topUp(ctx.app, student.headers, 'payzah', { amount: '5', currency: 'USD' });
    expect(usd.statusCode).toBe(422);
    expect(usd.json().errors).toHaveProperty('currency');
    const extra = await topUp(ctx.app, student.headers, 'payzah', { amount: '5', userId: 1 });
    expect(extra.statusCode).toBe(422);
    const badType = await topUp(ctx.app, student.headers, 'payzah', { amount: '5', options: { payment_type: '9' } });
    expect(badType.statusCode).toBe(422);
    expect((await topUp(ctx.app, {}, 'payzah', { amount: '5' })).statusCode).toBe(401);
    expect(await paymentCount(db, student.user.id)).toBe(0);
    expect(await db.select().from(sandboxCharges)).not.toContainEqual(
      expect.objectContaining({ amountFils: 1_001_000 }),
    );
    // The boundaries themselves are accepted.
    const max = await topUp(ctx.app, student.headers, 'payzah', { amount: '1000', currency: 'KWD' });
    expect(max.statusCode).toBe(200);
    // The provider's minimum (methods.minAmount) is accepted, a fils less is belowMinimum.
    const methods = (await ctx.app.inject({ url: '/api/v1/payments/methods' })).json();
    const minAmount: string = methods.methods.find((m: { id: string }) => m.id === 'payzah').minAmount;
    const minFils = Math.round(Number(minAmount) * 1000);
    const min = await topUp(ctx.app, student.headers, 'payzah', { amount: minAmount });
    expect(min.statusCode).toBe(200);
    expect((await findPayment(db, min.json().paymentId))?.amountFils).toBe(minFils);
    if (minFils > 1) {
      const below = await topUp(ctx.app, student.headers, 'payzah', { amount: String((minFils - 1) / 1000) });
      expect(below.json()).toEqual({ status: 422, errors: { amount: 'belowMinimum' } });
    }
    expect((await findPayment(db, max.json().paymentId))?.amountFils).toBe(1_000_000);
  });

  it('Deema below its minimum is 422 belowMinimum; the methods list says so', async () => {
    const methods = await ctx.app.inject({ url: '/api/v1/payments/methods' });
    expect(methods.statusCode).toBe(200);
    expect(methods.json()).toEqual({
      currency: 'KWD',
      methods: [
        { id: 'payzah', enabled: true, minAmount: '0.100', sandbox: true },
        { id: 'deema', enabled: true, minAmount: '10.000', sandbox: true },
      ],
    });
    const student = await f.student();
    const low = await topUp(ctx.app, student.headers, 'deema', { amount: '9.999', language: 'en' });
    expect(low.statusCode).toBe(422);
    expect(low.json()).toEqual({ status: 422, errors: { amount: 'belowMinimum' } });
    expect(await paymentCount(db, student.user.id)).toBe(0);
    const ok = await topUp(ctx.app, student.headers, 'deema', { amount: '10', language: 'en' });
    expect(ok.statusCode).toBe(200);
    expect((await findPayment(db, ok.json().paymentId))?.provider).toBe('deema');
  });

  it('I8: the return query string never credits; an unpaid charge goes to the pending page', async () => {
    const student = await f.student();
    const { paymentId } = (await topUp(ctx.app, student.headers, 'payzah', { amount: '7', language: 'en' })).json();
    for (const query of [
      '?outcome=success&result=CAPTURED',
      `?paymentStatus=CAPTURED&trackId=${paymentId}`,
      '?status=paid&amount=7.000',
    ]) {
      const res = await returnTo(ctx.app, paymentId, query);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/en/payment/pending?paymentId=${paymentId}`);
    }
    // Payzah may POST its result fields to the return URL: ignored the same way.
    const posted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payments/return/${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `paymentStatus=CAPTURED&trackId=${paymentId}&amount=7.000`,
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/en/payment/pending?paymentId=${paymentId}`);
    expect(await walletOf(db, student.user.id)).toBe(0);
    expect((await findPayment(db, paymentId))?.status).toBe('pending');
    expect(await transfersOf(db, paymentId)).toBe(0);
    // Unknown and malformed ids.
    const unknown = await returnTo(ctx.app, `pay${'0'.repeat(24)}`);
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe('/ar/payment/failed');
    expect((await returnTo(ctx.app, 'pay123')).statusCode).toBe(422);
  });

  it('the webhook is closed while Deema runs in the sandbox', async () => {
    const student = await f.student();
    const { paymentId } = (await topUp(ctx.app, student.headers, 'deema', { amount: '10' })).json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/deema',
      headers: { authorization: '' },
      payload: { merchant_order_id: paymentId, status: 'Captured' },
    });
    expect(res.statusCode).toBe(401);
    expect((await findPayment(db, paymentId))?.status).toBe('pending');
  });

  it('I7: concurrent reconciles of one paid charge settle it once', async () => {
    const student = await f.student();
    const { paymentLink, paymentId } = (
      await topUp(ctx.app, student.headers, 'payzah', { amount: '4.25', language: 'en' })
    ).json();
    // The customer pays at the sandbox, but nobody has come back yet: our row is still pending.
    const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, paymentId));
    if (!charge) throw new Error('charge');
    await db.update(sandboxCharges).set({ status: 'paid' }).where(eq(sandboxCharges.id, charge.id));
    const stale = await findPayment(db, paymentId);
    if (!stale) throw new Error('payment');
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => ctx.app.money.payments.reconcile(stale)),
      ...Array.from({ length: 4 }, () =>
        ctx.app.inject({ url: `/api/v1/payments/${paymentId}`, headers: student.headers }).then((r) => r.json()),
      ),
      ctx.app.money.payments.expireDue(new Date(Date.now() + 31 * MINUTE)).then(() => ({ status: 'paid' })),
    ]);
    for (const result of results) expect(result.status).toBe('paid');
    expect(await walletOf(db, student.user.id)).toBe(4_250);
    expect(await transfersOf(db, paymentId)).toBe(1);
    // The compare-and-swap refuses any later move.
    expect(await swapPaymentStatus(db, paymentId, ['pending'], 'failed')).toBeUndefined();
    expect(await swapPaymentStatus(db, paymentId, ['pending', 'expired'], 'paid')).toBeUndefined();
    expect((await findPayment(db, paymentId))?.status).toBe('paid');
    expect(paymentLink).toContain(charge.id);
  });

  it('Pay and Fail pressed at once on the sandbox page: the charge and the payment agree', async () => {
    for (let round = 0; round < 5; round += 1) {
      const student = await f.student();
      const { paymentLink, paymentId } = (await topUp(ctx.app, student.headers, 'payzah', { amount: '1' })).json();
      const answers = await Promise.all([
        pressAtSandbox(ctx.app, paymentLink, 'pay'),
        pressAtSandbox(ctx.app, paymentLink, 'fail'),
        pressAtSandbox(ctx.app, paymentLink, 'pay'),
        pressAtSandbox(ctx.app, paymentLink, 'fail'),
      ]);
      for (const answer of answers) await ctx.app.inject({ url: pathOf(String(answer.headers.location)) });
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, paymentId));
      const payment = await findPayment(db, paymentId);
      expect(payment?.status).toBe(charge?.status);
      expect(await walletOf(db, student.user.id)).toBe(charge?.status === 'paid' ? 1_000 : 0);
      // Every button press was told the outcome that stuck.
      const success = `http://ustaz.test/api/v1/payments/return/${paymentId}`;
      for (const answer of answers) {
        expect(answer.headers.location).toBe(charge?.status === 'paid' ? success : `${success}?outcome=error`);
      }
    }
  });

  it('a failed payment stays failed even if the gateway later says paid', async () => {
    const student = await f.student();
    const { paymentLink, paymentId } = (await topUp(ctx.app, student.headers, 'payzah', { amount: '2' })).json();
    await returnTo(ctx.app, paymentId, '?outcome=error');
    await pressAtSandbox(ctx.app, paymentLink, 'fail');
    await returnTo(ctx.app, paymentId);
    expect((await findPayment(db, paymentId))?.status).toBe('failed');
    await db.update(sandboxCharges).set({ status: 'paid' }).where(eq(sandboxCharges.orderId, paymentId));
    await returnTo(ctx.app, paymentId);
    await ctx.app.money.payments.expireDue(new Date(Date.now() + 31 * MINUTE));
    expect((await findPayment(db, paymentId))?.status).toBe('failed');
    expect(await walletOf(db, student.user.id)).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------------

describe('the real Payzah adapter against a local fake Payzah', () => {
  const privateKey = 'pk_test_payzah_123';
  const gw = useFakeGatewayApp(() => createPayzahTestApp(privateKey));
  /** `POST /api/v1/booking/single` of one slot through Payzah, at the price it shows (not paid yet). */
  const bookAtPayzah = (headers: Record<string, string>, s: { id: number; priceFils: number }, extra = {}) =>
    bookRequest(gw.ctx.app, headers, {
      timeSlotId: s.id,
      paymentMethod: 'payzah',
      expectedTotal: totalOf(s),
      ...extra,
    });
  let teacher: TestTeacher;

  beforeAll(async () => {
    teacher = await gw.f.teacher();
  });

  async function startTopUp(student: TestUser, amount: string, language: 'ar' | 'en' = 'en') {
    const res = await topUp(gw.ctx.app, student.headers, 'payzah', {
      amount,
      language,
      options: { payment_type: '1' },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { paymentLink: string; paymentId: string };
  }

  /** Every return went to the success page, and the wallet was credited exactly once. */
  async function expectCreditedOnce(
    answers: { statusCode: number; headers: Record<string, unknown> }[],
    paymentId: string,
    userId: number,
    fils: number,
  ) {
    for (const res of answers) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/en/payment/success?paymentId=${paymentId}`);
    }
    expect(await walletOf(gw.db, userId)).toBe(fils);
    expect(await transfersOf(gw.db, paymentId)).toBe(1);
  }

  it('tops up: the fake gets the right request; paid at the gw.fake, the return credits once', async () => {
    const methods = await gw.ctx.app.inject({ url: '/api/v1/payments/methods' });
    expect(methods.json().methods[0]).toMatchObject({ id: 'payzah', sandbox: false, minAmount: '0.100' });

    const student = await gw.f.student();
    const before = gw.fake.requests.length;
    const { paymentLink, paymentId } = await startTopUp(student, '12.5');
    const sent = gw.fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/ws/paymentgateway/index');
    expect(sent[0]?.headers.authorization).toBe(Buffer.from(privateKey).toString('base64'));
    expect(sent[0]?.json).toEqual({
      trackid: paymentId,
      amount: '12.500',
      currency: '414',
      success_url: `http://ustaz.test/api/v1/payments/return/${paymentId}`,
      error_url: `http://ustaz.test/api/v1/payments/return/${paymentId}?outcome=error`,
      language: 'ENG',
      payment_type: '1',
    });
    const order = gw.fake.order(paymentId);
    expect(paymentLink).toBe(`${gw.fake.baseUrl}/checkout/${order?.paymentId}`);
    const row = await findPayment(gw.db, paymentId);
    expect(row).toMatchObject({ gateway: 'payzah', providerRef: order?.paymentId, status: 'pending' });

    // The customer pays on the fake's page; its redirect carries claims we must not trust.
    const pay = await fetch(`${gw.fake.baseUrl}/checkout/${order?.paymentId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    const location = String(pay.headers.get('location'));
    expect(location).toContain('paymentStatus=CAPTURED');
    const back = await gw.ctx.app.inject({ url: pathOf(location) });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/en/payment/success?paymentId=${paymentId}`);
    expect(await walletOf(gw.db, student.user.id)).toBe(12_500);
    const lookups = gw.fake.requests.filter((r) => r.path === '/ws/paymentgateway/get-payment-details');
    expect(lookups.at(-1)?.json).toEqual({ trackid: paymentId, payment_id: order?.paymentId });
    const stored = await findPayment(gw.db, paymentId);
    expect(stored?.status).toBe('paid');
    expect(stored?.gatewayReference).toBe(order?.transactionNumber);
  });

  it('P0 6: the return replayed 10x sequentially and 10x concurrently credits once, every answer 303', async () => {
    const student = await gw.f.student();
    const { paymentId } = await startTopUp(student, '5.125');
    gw.fake.pay(paymentId);
    const sequential = [];
    for (let i = 0; i < 10; i += 1) sequential.push(await returnTo(gw.ctx.app, paymentId, '?paymentStatus=CAPTURED'));
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => returnTo(gw.ctx.app, paymentId)));
    await expectCreditedOnce([...sequential, ...concurrent], paymentId, student.user.id, 5_125);
  });

  it('P0 6 (cold): 10 concurrent first returns of a paid payment credit once', async () => {
    const student = await gw.f.student();
    const { paymentId } = await startTopUp(student, '1.5');
    gw.fake.pay(paymentId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => returnTo(gw.ctx.app, paymentId)));
    await expectCreditedOnce(answers, paymentId, student.user.id, 1_500);
  });

  it("I8: Payzah's own redirect fields (GET query or POST body) claiming CAPTURED credit nothing", async () => {
    const student = await gw.f.student();
    const { paymentId } = await startTopUp(student, '9');
    const order = gw.fake.order(paymentId);
    const claims = `trackId=${paymentId}&payzahRefrenceCode=${order?.paymentId}&paymentStatus=CAPTURED`;
    const viaGet = await returnTo(gw.ctx.app, paymentId, `?${claims}`);
    const viaPost = await gw.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payments/return/${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: claims,
    });
    for (const res of [viaGet, viaPost]) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/en/payment/pending?paymentId=${paymentId}`);
    }
    expect(await walletOf(gw.db, student.user.id)).toBe(0);
    expect((await findPayment(gw.db, paymentId))?.status).toBe('pending');
    gw.fake.fail(paymentId);
    await returnTo(gw.ctx.app, paymentId);
    expect((await findPayment(gw.db, paymentId))?.status).toBe('failed');
  });

  it('10 concurrent gateway bookings of one slot: one hold, one payment, one call to Payzah', async () => {
    const students = await Promise.all(Array.from({ length: 10 }, () => gw.f.student()));
    const s = await slotFor(gw.f, teacher, 2_000);
    const before = gw.fake.requests.length;
    const answers = await Promise.all(
      students.map((st) =>
        bookRequest(gw.ctx.app, st.headers, { timeSlotId: s.id, paymentMethod: 'payzah', expectedTotal: totalOf(s) }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(gw.fake.requests.slice(before).filter((r) => r.path === '/ws/paymentgateway/index')).toHaveLength(1);
    expect(await liveReservations(gw.db, s.id)).toBe(1);
    const count = await rawQueryOf(gw.db)<{ n: string | number }>(
      `select count(*) as n from payments where purpose = 'booking' and user_id = any($1::int[])`,
      [students.map((st) => st.user.id)],
    );
    expect(Number(count.rows[0]?.n)).toBe(1);
    const winner = answers.find((a) => a.statusCode === 200)?.json();
    gw.fake.pay(winner.paymentId);
    await returnTo(gw.ctx.app, winner.paymentId);
    expect((await slotRow(gw.db, s.id))?.status).toBe('booked');
  });

  it('P0 7: another amount, currency or trackid at the gateway is never credited; the payment stays pending', async () => {
    const student = await gw.f.student();
    const cases: { amount?: string | number; currency?: string; trackId?: string }[] = [
      { amount: '1.000' },
      { amount: '12.501' },
      { amount: 12.499 },
      { currency: '840' },
      { currency: 'USD' },
      { trackId: `pay${'f'.repeat(24)}` },
    ];
    const ids: string[] = [];
    for (const reported of cases) {
      const { paymentId } = await startTopUp(student, '12.5');
      ids.push(paymentId);
      gw.fake.pay(paymentId);
      gw.fake.report(paymentId, reported);
      const res = await returnTo(gw.ctx.app, paymentId);
      expect(res.statusCode, JSON.stringify(reported)).toBe(303);
      expect(res.headers.location).toBe(`/en/payment/pending?paymentId=${paymentId}`);
      const status = await gw.ctx.app.inject({ url: `/api/v1/payments/${paymentId}`, headers: student.headers });
      expect(status.json().status).toBe('pending');
      expect((await findPayment(gw.db, paymentId))?.status).toBe('pending');
      expect(await transfersOf(gw.db, paymentId)).toBe(0);
    }
    expect(await walletOf(gw.db, student.user.id)).toBe(0);
    // Even at expiry, a mismatched "paid" is not credited.
    await gw.ctx.app.money.payments.expireDue(new Date(Date.now() + 31 * MINUTE));
    for (const id of ids) {
      expect((await findPayment(gw.db, id))?.status).not.toBe('paid');
      expect(await transfersOf(gw.db, id)).toBe(0);
    }
    expect(await walletOf(gw.db, student.user.id)).toBe(0);
  });

  it('gateway 500 on initiate: 502 gatewayError, the payment failed, no hold left', async () => {
    const student = await gw.f.student();
    const s = await slotFor(gw.f, teacher, 4_000);
    gw.fake.failNext(1, 'error');
    const res = await bookAtPayzah(student.headers, s, { language: 'en' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ status: 502, code: 'gatewayError' });
    const [payment] = (
      await rawQueryOf(gw.db)<{ id: string; status: string; failure_reason: string }>(
        'select id, status, failure_reason from payments where user_id = $1',
        [student.user.id],
      )
    ).rows;
    expect(payment).toMatchObject({ status: 'failed', failure_reason: 'initiateFailed' });
    expect((await slotRow(gw.db, s.id))?.status).toBe('open');
    expect((await slotRow(gw.db, s.id))?.holdPaymentId).toBeNull();
    expect(await liveReservations(gw.db, s.id)).toBe(0);

    // A malformed answer and a top-up: the same.
    gw.fake.failNext(1, 'malformed');
    const topUpRes = await topUp(gw.ctx.app, student.headers, 'payzah', { amount: '3' });
    expect(topUpRes.statusCode).toBe(502);
    // And the slot is bookable again at once.
    await fundWallet(gw.db, student.user.id, 4_000);
    expect(
      (
        await bookRequest(gw.ctx.app, student.headers, {
          timeSlotId: s.id,
          paymentMethod: 'balance',
          expectedTotal: totalOf(s),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a look-up that fails gives no credit now; a later sweep settles it exactly once', async () => {
    const student = await gw.f.student();
    const { paymentId } = await startTopUp(student, '8');
    gw.fake.pay(paymentId);
    gw.fake.failNext(1, 'error');
    const res = await returnTo(gw.ctx.app, paymentId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/payment/pending?paymentId=${paymentId}`);
    expect(await walletOf(gw.db, student.user.id)).toBe(0);
    expect((await findPayment(gw.db, paymentId))?.status).toBe('pending');

    // Before expiry the sweeper leaves it; after expiry it asks and settles.
    await gw.ctx.app.money.payments.expireDue(new Date(Date.now() + 5 * MINUTE));
    expect((await findPayment(gw.db, paymentId))?.status).toBe('pending');
    gw.fake.failNext(1, 'malformed');
    await gw.ctx.app.money.payments.expireDue(new Date(Date.now() + 31 * MINUTE));
    expect((await findPayment(gw.db, paymentId))?.status).toBe('pending'); // the look-up failed again: retried later
    await gw.ctx.app.money.payments.expireDue(new Date(Date.now() + 31 * MINUTE));
    expect((await findPayment(gw.db, paymentId))?.status).toBe('paid');
    expect(await walletOf(gw.db, student.user.id)).toBe(8_000);
    await gw.ctx.app.money.payments.expireDue(new Date(Date.now() + 60 * MINUTE));
    await returnTo(gw.ctx.app, paymentId);
    expect(await walletOf(gw.db, student.user.id)).toBe(8_000);
    expect(await transfersOf(gw.db, paymentId)).toBe(1);
  });

  it('a declined payment at Payzah fails it: the failed page, nothing credited', async () => {
    const student = await gw.f.student();
    const { paymentId } = await startTopUp(student, '6', 'ar');
    gw.fake.fail(paymentId, 'CANCELED');
    const res = await returnTo(gw.ctx.app, paymentId);
    expect(res.headers.location).toBe(`/ar/payment/failed?paymentId=${paymentId}`);
    expect((await findPayment(gw.db, paymentId))?.status).toBe('failed');
    expect(await walletOf(gw.db, student.user.id)).toBe(0);
  });

  it('hold expiry: the sweep frees the slot, the payment expires; paid late -> the wallet, never the slot', async () => {
    const student = await gw.f.student();
    const rival = await gw.f.student();
    await fundWallet(gw.db, rival.user.id, 10_000);
    const s = await slotFor(gw.f, teacher, 5_000);
    const res = await bookAtPayzah(student.headers, s, { language: 'en' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ paymentStatus: 'PENDING', paidWith: 'payzah' });
    expect(body.paymentLink).toContain(gw.fake.baseUrl);
    const reservationId = body.reservations[0].id;
    expect(body.reservations[0].status).toBe('pending');
    expect((await slotRow(gw.db, s.id))?.status).toBe('held');
    // Held: nobody else can book it.
    expect(
      (
        await bookRequest(gw.ctx.app, rival.headers, {
          timeSlotId: s.id,
          paymentMethod: 'balance',
          expectedTotal: totalOf(s),
        })
      ).statusCode,
    ).toBe(409);

    const swept = await sweepMoney(gw.ctx.app, new Date(Date.now() + 16 * MINUTE));
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect((await slotRow(gw.db, s.id))?.status).toBe('open');
    expect(await reservationRow(gw.db, reservationId)).toMatchObject({ status: 'cancelled', cancelledBy: 'system' });
    expect((await findPayment(gw.db, body.paymentId))?.status).toBe('expired');

    // Someone else books the freed slot.
    await bookWithBalance(gw.ctx.app, rival.headers, s);

    // The customer finally pays: the money goes to the wallet.
    gw.fake.pay(body.paymentId);
    const back = await returnTo(gw.ctx.app, body.paymentId);
    expect(back.headers.location).toBe(`/en/payment/success?paymentId=${body.paymentId}`);
    const status = await gw.ctx.app.inject({ url: `/api/v1/payments/${body.paymentId}`, headers: student.headers });
    expect(status.json()).toMatchObject({ status: 'paid', creditedToWallet: true, purpose: 'booking' });
    expect(await walletOf(gw.db, student.user.id)).toBe(5_000);
    expect(await liveReservations(gw.db, s.id)).toBe(1);
    expect((await reservationRow(gw.db, reservationId))?.status).toBe('cancelled');
    expect((await slotRow(gw.db, s.id))?.status).toBe('booked');
    await returnTo(gw.ctx.app, body.paymentId);
    expect(await walletOf(gw.db, student.user.id)).toBe(5_000);
  });

  it('a late capture nobody comes back for is found by the sweeper within the day, once', async () => {
    const student = await gw.f.student();
    const s = await slotFor(gw.f, teacher, 4_000);
    const res = await bookAtPayzah(student.headers, s, { language: 'en' });
    const { paymentId } = res.json();
    await sweepMoney(gw.ctx.app, new Date(Date.now() + 16 * MINUTE));
    expect((await findPayment(gw.db, paymentId))?.status).toBe('expired');
    gw.fake.pay(paymentId); // paid at the gateway, browser closed: no return, no webhook
    // Asked again only after 10 minutes; then credited once.
    await sweepMoney(gw.ctx.app, new Date(Date.now() + 20 * MINUTE));
    expect((await findPayment(gw.db, paymentId))?.status).toBe('expired');
    await sweepMoney(gw.ctx.app, new Date(Date.now() + 27 * MINUTE));
    expect(await findPayment(gw.db, paymentId)).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect(await walletOf(gw.db, student.user.id)).toBe(4_000);
    await sweepMoney(gw.ctx.app, new Date(Date.now() + 40 * MINUTE));
    expect(await walletOf(gw.db, student.user.id)).toBe(4_000);
    await expectLedgerConsistent(gw.db);
  });

  it('a lapsed hold not swept yet: another student may book it; a late payment is credited to the wallet', async () => {
    const student = await gw.f.student();
    const rival = await gw.f.student();
    await fundWallet(gw.db, rival.user.id, 10_000);
    const s = await slotFor(gw.f, teacher, 3_000);
    const res = await bookAtPayzah(student.headers, s);
    const { paymentId } = res.json();
    await rawQueryOf(gw.db)(`update time_slots set hold_expires_at = now() - interval '1 minute' where id = $1`, [
      s.id,
    ]);
    await bookWithBalance(gw.ctx.app, rival.headers, s);
    gw.fake.pay(paymentId);
    await returnTo(gw.ctx.app, paymentId);
    expect(await findPayment(gw.db, paymentId)).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect(await walletOf(gw.db, student.user.id)).toBe(3_000);
    expect(await liveReservations(gw.db, s.id)).toBe(1);
  });

  it('a lapsed hold paid before the sweep: the slot is not booked, the money goes to the wallet', async () => {
    const student = await gw.f.student();
    const s = await slotFor(gw.f, teacher, 2_000);
    const res = await bookAtPayzah(student.headers, s);
    const { paymentId, reservations: rows } = res.json();
    await rawQueryOf(gw.db)(`update time_slots set hold_expires_at = now() - interval '1 second' where id = $1`, [
      s.id,
    ]);
    gw.fake.pay(paymentId);
    await returnTo(gw.ctx.app, paymentId);
    expect(await findPayment(gw.db, paymentId)).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect(await walletOf(gw.db, student.user.id)).toBe(2_000);
    expect((await slotRow(gw.db, s.id))?.status).toBe('open');
    expect((await reservationRow(gw.db, rows[0].id))?.status).toBe('cancelled');
  });

  /** A new student books two new slots at these prices through Payzah (not paid yet). */
  async function bookTwoAtPayzah(priceA: number, priceB: number, language?: 'en') {
    const student = await gw.f.student();
    const a = await slotFor(gw.f, teacher, priceA);
    const b = await slotFor(gw.f, teacher, priceB);
    const escrowBefore = await systemBalance(gw.db, 'escrow');
    const res = await bookRequest(
      gw.ctx.app,
      student.headers,
      {
        timeSlotIds: [a.id, b.id],
        paymentMethod: 'payzah',
        expectedTotal: totalOf(a, b),
        ...(language ? { language } : {}),
      },
      'multiple',
    );
    return { student, a, b, escrowBefore, res };
  }

  it('a booking paid in time confirms every held slot and puts the money in escrow', async () => {
    const { student, a, b, escrowBefore, res } = await bookTwoAtPayzah(2_500, 3_500, 'en');
    expect(res.statusCode).toBe(200);
    const { paymentId } = res.json();
    expect((await findPayment(gw.db, paymentId))?.amountFils).toBe(6_000);
    gw.fake.pay(paymentId);
    expect((await returnTo(gw.ctx.app, paymentId)).headers.location).toContain('/en/payment/success');
    expect((await slotRow(gw.db, a.id))?.status).toBe('booked');
    expect((await slotRow(gw.db, b.id))?.status).toBe('booked');
    for (const r of res.json().reservations) expect((await reservationRow(gw.db, r.id))?.status).toBe('confirmed');
    expect((await systemBalance(gw.db, 'escrow')) - escrowBefore).toBe(6_000);
    expect(await walletOf(gw.db, student.user.id)).toBe(0);
  });

  it('a student who cancels one pending slot of a gateway booking and then pays is not charged for it', async () => {
    const { student, a, b, escrowBefore, res } = await bookTwoAtPayzah(2_000, 3_000);
    const { paymentId, reservations: rows } = res.json();
    const first = rows.find((r: { startTime: string }) => r.startTime === a.startTime.toISOString());
    const cancel = await cancelRequest(gw.ctx.app, student.headers, first.id);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().refund).toEqual({ to: 'none', amount: '0.000', hours: 0 });
    gw.fake.pay(paymentId);
    await returnTo(gw.ctx.app, paymentId);
    expect((await findPayment(gw.db, paymentId))?.status).toBe('paid');
    // 5.000 was paid for two slots, one of them cancelled: the booking is no longer what was paid
    // for, so the whole amount goes to the wallet and nothing sits in escrow unbacked.
    const escrowDelta = (await systemBalance(gw.db, 'escrow')) - escrowBefore;
    const confirmedPrice = (await Promise.all(rows.map((r: { id: number }) => reservationRow(gw.db, r.id)))).reduce(
      (sum, r) => sum + (r?.status === 'confirmed' ? (r.priceFils ?? 0) : 0),
      0,
    );
    expect(escrowDelta).toBe(confirmedPrice);
    expect(escrowDelta + (await walletOf(gw.db, student.user.id))).toBe(5_000);
    expect(await findPayment(gw.db, paymentId)).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect(await walletOf(gw.db, student.user.id)).toBe(5_000);
    for (const s of [a, b]) {
      expect((await slotRow(gw.db, s.id))?.status).toBe('open');
      expect(await liveReservations(gw.db, s.id)).toBe(0);
    }
  });
});

// ------------------------------------------------------------------------------------------------

describe('the real Deema adapter against a local fake Deema (webhooks over real HTTP)', () => {
  const apiKey = 'sk_test_deema_456';
  const webhookSecret = 'whsec_deema_789';
  const gw = useFakeGatewayApp(async () => {
    const fake = await startFakeDeema({ apiKey, webhookSecret });
    const ctx = await createTestApp({
      rateLimitMax: 1_000_000,
      payments: { ...testConfig().payments, deema: { apiKey, webhookSecret, baseUrl: fake.baseUrl } },
    });
    return { fake, ctx };
  });
  let teacher: TestTeacher;
  let webhookUrl: string;

  beforeAll(async () => {
    teacher = await gw.f.teacher();
    await gw.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = gw.ctx.app.server.address() as AddressInfo;
    webhookUrl = `http://127.0.0.1:${port}/api/v1/payments/webhook/deema`;
  });

  async function deemaBooking(student: TestUser) {
    const a = await slotFor(gw.f, teacher, 6_000);
    const b = await slotFor(gw.f, teacher, 4_500);
    const res = await bookRequest(
      gw.ctx.app,
      student.headers,
      { timeSlotIds: [a.id, b.id], paymentMethod: 'deema', language: 'en', expectedTotal: totalOf(a, b) },
      'multiple',
    );
    expect(res.statusCode).toBe(200);
    return { slots: [a, b], body: res.json() };
  }

  it('books with Deema: pending and held; paid + webhook confirms, books, escrows; replays move nothing', async () => {
    const student = await gw.f.student();
    const before = gw.fake.requests.length;
    const escrowBefore = await systemBalance(gw.db, 'escrow');
    const { slots, body } = await deemaBooking(student);
    expect(body).toMatchObject({ paymentStatus: 'PENDING', paidWith: 'deema' });
    expect(body.paymentLink).toMatch(new RegExp(`^${gw.fake.baseUrl}/checkout/`));
    expect(body.reservations.map((r: { status: string }) => r.status)).toEqual(['pending', 'pending']);
    // Two slots: the shorter hold of a multi-slot gateway booking (BOOKING.multiSlotHoldMinutes, issue 29).
    expect(new Date(body.holdExpiresAt).getTime()).toBeGreaterThan(Date.now() + 9 * MINUTE);
    expect(new Date(body.holdExpiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 10 * MINUTE);
    for (const s of slots) expect((await slotRow(gw.db, s.id))?.status).toBe('held');
    const sent = gw.fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.authorization).toBe(`Basic ${apiKey}`);
    expect(sent[0]?.json).toEqual({
      amount: 10.5,
      currency_code: 'KWD',
      merchant_order_id: body.paymentId,
      merchant_urls: {
        success: `http://ustaz.test/api/v1/payments/return/${body.paymentId}`,
        failure: `http://ustaz.test/api/v1/payments/return/${body.paymentId}?outcome=error`,
      },
    });

    // A webhook before payment changes nothing.
    const early = await gw.fake.sendWebhook(webhookUrl, gw.fake.webhookPayload(body.paymentId));
    expect(early.status).toBe(200);
    expect(JSON.parse(early.body)).toEqual({ received: true, status: 'pending' });

    gw.fake.pay(body.paymentId);
    const first = await gw.fake.sendWebhook(webhookUrl, gw.fake.webhookPayload(body.paymentId));
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ received: true, status: 'paid' });
    for (const s of slots) expect((await slotRow(gw.db, s.id))?.status).toBe('booked');
    for (const r of body.reservations) expect((await reservationRow(gw.db, r.id))?.status).toBe('confirmed');
    expect((await systemBalance(gw.db, 'escrow')) - escrowBefore).toBe(10_500);

    const sequential = [];
    for (let i = 0; i < 10; i += 1)
      sequential.push(await gw.fake.sendWebhook(webhookUrl, gw.fake.webhookPayload(body.paymentId)));
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => gw.fake.sendWebhook(webhookUrl, gw.fake.webhookPayload(body.paymentId))),
    );
    for (const res of [...sequential, ...concurrent]) expect(res.status).toBe(200);
    expect(await transfersOf(gw.db, body.paymentId)).toBe(1);
    expect((await systemBalance(gw.db, 'escrow')) - escrowBefore).toBe(10_500);
    const returned = await returnTo(gw.ctx.app, body.paymentId);
    expect(returned.headers.location).toBe(`/en/payment/success?paymentId=${body.paymentId}`);
    expect(await transfersOf(gw.db, body.paymentId)).toBe(1);
  });

  it('P0 6 (cold): 10 concurrent first webhooks of a paid order transfer once', async () => {
    const student = await gw.f.student();
    const escrowBefore = await systemBalance(gw.db, 'escrow');
    const { body } = await deemaBooking(student);
    gw.fake.pay(body.paymentId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => gw.fake.sendWebhook(webhookUrl, gw.fake.webhookPayload(body.paymentId))),
    );
    for (const res of answers) expect(res.status).toBe(200);
    expect(await transfersOf(gw.db, body.paymentId)).toBe(1);
    expect((await systemBalance(gw.db, 'escrow')) - escrowBefore).toBe(10_500);
  });

  it('P0 7: a bad or missing secret is 401, an unknown order 404, another amount 4xx: nothing changes', async () => {
    const student = await gw.f.student();
    const { slots, body } = await deemaBooking(student);
    gw.fake.pay(body.paymentId);
    const payload = gw.fake.webhookPayload(body.paymentId);
    // (Trailing spaces are not a case: HTTP strips them from header values before anyone sees them.)
    for (const secret of [
      'wrong',
      '',
      null,
      `${webhookSecret}x`,
      webhookSecret.slice(0, -1),
      webhookSecret.toUpperCase(),
    ]) {
      const res = await gw.fake.sendWebhook(webhookUrl, payload, { secret });
      expect(res.status, `secret ${JSON.stringify(secret)}`).toBe(401);
    }
    const unknown = await gw.fake.sendWebhook(webhookUrl, { ...payload, merchant_order_id: `pay${'a'.repeat(24)}` });
    expect(unknown.status).toBe(404);
    const missing = await gw.fake.sendWebhook(webhookUrl, { status: 'Captured' });
    expect(missing.status).toBe(404);
    const notJson = await gw.fake.sendWebhook(webhookUrl, 'not json');
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect((await findPayment(gw.db, body.paymentId))?.status).toBe('pending');
    for (const s of slots) expect((await slotRow(gw.db, s.id))?.status).toBe('held');

    // The body claims "Captured" but the look-up reports another amount: refused, still pending.
    gw.fake.report(body.paymentId, { amount: 1 });
    const mismatch = await gw.fake.sendWebhook(webhookUrl, payload);
    expect(mismatch.status).toBeGreaterThanOrEqual(400);
    expect(mismatch.status).toBeLessThan(500);
    gw.fake.report(body.paymentId, { amount: 10.5, currency_code: 'USD' });
    expect((await gw.fake.sendWebhook(webhookUrl, payload)).status).toBe(409);
    gw.fake.report(body.paymentId, { currency_code: 'KWD', merchant_order_id: `pay${'b'.repeat(24)}` });
    expect((await gw.fake.sendWebhook(webhookUrl, payload)).status).toBe(409);
    expect((await findPayment(gw.db, body.paymentId))?.status).toBe('pending');
    expect(await transfersOf(gw.db, body.paymentId)).toBe(0);
    for (const s of slots) expect((await slotRow(gw.db, s.id))?.status).toBe('held');

    // Once the gateway's own answer matches, the same webhook settles it.
    gw.fake.report(body.paymentId, { merchant_order_id: body.paymentId });
    const ok = await gw.fake.sendWebhook(webhookUrl, payload);
    expect(ok.status).toBe(200);
    expect(await transfersOf(gw.db, body.paymentId)).toBe(1);
  });

  it('a failed Deema purchase releases the slots and cancels the reservations', async () => {
    const student = await gw.f.student();
    const { slots, body } = await deemaBooking(student);
    gw.fake.fail(body.paymentId);
    const res = await gw.fake.sendWebhook(webhookUrl, gw.fake.webhookPayload(body.paymentId));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: true, status: 'failed' });
    for (const s of slots) {
      expect((await slotRow(gw.db, s.id))?.status).toBe('open');
      expect(await liveReservations(gw.db, s.id)).toBe(0);
    }
    for (const r of body.reservations) {
      expect(await reservationRow(gw.db, r.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'system' });
    }
    expect(await transfersOf(gw.db, body.paymentId)).toBe(0);
    // A "paid" afterwards does not resurrect it.
    gw.fake.pay(body.paymentId);
    await gw.fake.sendWebhook(webhookUrl, gw.fake.webhookPayload(body.paymentId));
    expect((await findPayment(gw.db, body.paymentId))?.status).toBe('failed');
    for (const s of slots) expect((await slotRow(gw.db, s.id))?.status).toBe('open');
    // The released slots can be booked again.
    const other = await gw.f.student();
    const again = await bookRequest(
      gw.ctx.app,
      other.headers,
      { timeSlotIds: slots.map((s) => s.id), paymentMethod: 'deema', expectedTotal: totalOf(...slots) },
      'multiple',
    );
    expect(again.statusCode).toBe(200);
  });

  it('Deema below 10 KWD is refused before anything is held', async () => {
    const student = await gw.f.student();
    const s = await slotFor(gw.f, teacher, 9_999);
    const res = await bookRequest(gw.ctx.app, student.headers, {
      timeSlotId: s.id,
      paymentMethod: 'deema',
      expectedTotal: totalOf(s),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ paymentMethod: 'belowMinimum' });
    expect((await slotRow(gw.db, s.id))?.status).toBe('open');
    expect(await paymentCount(gw.db, student.user.id)).toBe(0);
  });

  it('a Deema order expires with its hold when the look-up still says pending', async () => {
    const student = await gw.f.student();
    const { slots, body } = await deemaBooking(student);
    await sweepMoney(gw.ctx.app, new Date(Date.now() + 16 * MINUTE));
    expect((await findPayment(gw.db, body.paymentId))?.status).toBe('expired');
    for (const s of slots) expect((await slotRow(gw.db, s.id))?.status).toBe('open');
    gw.fake.pay(body.paymentId);
    const late = await gw.fake.sendWebhook(webhookUrl, gw.fake.webhookPayload(body.paymentId));
    expect(late.status).toBe(200);
    expect(await findPayment(gw.db, body.paymentId)).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect(await walletOf(gw.db, student.user.id)).toBe(10_500);
  });
});
