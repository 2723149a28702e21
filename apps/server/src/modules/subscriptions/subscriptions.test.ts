import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { type SubscriptionPackageRow, subscriptionUsages, userSubscriptions } from '../../db/schema.ts';
import { sweepMoney } from '../../jobs/money-sweeper.ts';
import { starterPackage, type TestTeacher, type TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, systemBalance, walletOf } from '../../test/money.ts';
import { bookRequest, cancelRequest, finishAtSandbox, purchaseRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { findPayment } from '../payments/payments.repo.ts';
import { insertPackages } from './subscriptions.repo.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let db: Db;
let teacher: TestTeacher;
let starter: SubscriptionPackageRow;
let monthly: SubscriptionPackageRow;
let single: SubscriptionPackageRow;
let retired: SubscriptionPackageRow;
let custom: SubscriptionPackageRow;

function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ url, headers });
}

const purchase = (user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  purchaseRequest(ctx.app, { ...user.headers, ...headers }, body);

async function subscriptionsOf(userId: number) {
  return db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
}

/** What `prepaid` holds: paid for hours not spent yet (RELIABILITY I9). */
const prepaid = () => systemBalance(db, 'prepaid');

let slotHours = 30;
async function slot(hours = 1, priceFils = 10_000) {
  slotHours += 10;
  return f.slot(teacher.profile.id, new Date(Date.now() + slotHours * HOUR), { hours, priceFils });
}

const bookBalance = (user: TestUser, slot: { id: number; priceFils: number }) =>
  bookRequest(ctx.app, user.headers, { timeSlotId: slot.id, paymentMethod: 'balance', expectedTotal: totalOf(slot) });

beforeAll(async () => {
  db = ctx.database.db;
  teacher = await f.teacher({ firstName: 'Huda', lastName: 'Salem' });
  const rows = await insertPackages(db, [
    starterPackage({ featuresAr: ['5 ساعات'], featuresEn: ['5 hours'], sortOrder: 2 }),
    {
      nameAr: 'الباقة الشهرية',
      nameEn: 'Monthly',
      descriptionAr: 'عشر ساعات',
      descriptionEn: 'Ten hours',
      hours: 10,
      priceFils: 35_000,
      validityDays: 60,
      discountPercentage: 5,
      sortOrder: 1,
    },
    { nameAr: 'ساعة', nameEn: 'Single', hours: 1, priceFils: 5_000, validityDays: 10, sortOrder: 3 },
    { nameAr: 'قديمة', nameEn: 'Retired', hours: 3, priceFils: 9_000, validityDays: 30, isActive: false },
    { nameAr: 'مخصصة', nameEn: 'Custom', hours: 2, priceFils: 1_000, validityDays: 30, type: 'custom' },
  ]);
  const pick = (i: number) => {
    const row = rows[i];
    if (!row) throw new Error('package not created');
    return row;
  };
  [starter, monthly, single, retired, custom] = [pick(0), pick(1), pick(2), pick(3), pick(4)];
});
afterAll(async () => {
  await expectLedgerConsistent(db);
});

describe('packages', () => {
  it('lists active standard packages only, by sort order, in the request language', async () => {
    const ar = await get('/api/v1/subscriptions/packages');
    expect(ar.statusCode).toBe(200);
    const body = ar.json();
    expect(body).toMatchObject({ total: 3, page: 1, limit: 10, totalPages: 1 });
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([monthly.id, starter.id, single.id]);
    expect(body.data[1]).toEqual({
      id: starter.id,
      name: 'باقة البداية',
      nameAr: 'باقة البداية',
      hours: 5,
      price: '20.000',
      currency: 'KWD',
      description: 'خمس ساعات',
      descriptionAr: 'خمس ساعات',
      type: 'standard',
      validityDays: 30,
      features: ['5 ساعات'],
      featuresAr: ['5 ساعات'],
      discountPercentage: 0,
      isActive: true,
    });
    const en = (await get('/api/v1/subscriptions/packages', { 'accept-language': 'en-US,en;q=0.9' })).json();
    expect(en.data[1]).toMatchObject({ name: 'Starter', nameAr: 'باقة البداية', description: 'Five hours' });
    expect(en.data[1].features).toEqual(['5 hours']);
    const byQuery = (await get('/api/v1/subscriptions/packages?lang=en', { 'accept-language': 'ar' })).json();
    expect(byQuery.data[0].name).toBe('Monthly');
    const arByQuery = (await get('/api/v1/subscriptions/packages?lang=ar', { 'accept-language': 'en' })).json();
    expect(arByQuery.data[0].name).toBe('الباقة الشهرية');
    for (const p of [...body.data, ...en.data]) {
      expect(p.id).not.toBe(retired.id);
      expect(p.id).not.toBe(custom.id);
    }
  });

  it('pages', async () => {
    const second = (await get('/api/v1/subscriptions/packages?limit=2&page=2')).json();
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(second.data.map((p: { id: number }) => p.id)).toEqual([single.id]);
    const beyond = (await get('/api/v1/subscriptions/packages?limit=2&page=5')).json();
    expect(beyond.data).toEqual([]);
    expect((await get('/api/v1/subscriptions/packages?limit=0')).statusCode).toBe(422);
    expect((await get('/api/v1/subscriptions/packages?limit=51')).statusCode).toBe(422);
    expect((await get('/api/v1/subscriptions/packages?page=abc')).statusCode).toBe(422);
  });
});

describe('purchase with the wallet', () => {
  it('an insufficient wallet is 422 balance insufficientBalance and creates nothing', async () => {
    const student = await f.student();
    await fundWallet(db, student.user.id, 19_999);
    const prepaidBefore = await prepaid();
    const res = await purchase(student, { packageId: starter.id, paymentMethod: 'balance' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, errors: { balance: 'insufficientBalance' } });
    expect(await subscriptionsOf(student.user.id)).toEqual([]);
    expect(await walletOf(db, student.user.id)).toBe(19_999);
    expect(await prepaid()).toBe(prepaidBefore);
    const mine = (await get('/api/v1/subscriptions/my-subscriptions', student.headers)).json();
    expect(mine.total).toBe(0);
  });

  it('a funded wallet buys at once: active, hours available, money to prepaid hours', async () => {
    const student = await f.student();
    await fundWallet(db, student.user.id, 25_000);
    const prepaidBefore = await prepaid();
    const res = await purchase(
      student,
      { packageId: starter.id, paymentMethod: 'balance' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      paymentStatus: 'PAID',
      balance: '5.000',
      subscription: {
        package: { id: starter.id, name: 'Starter', nameAr: 'باقة البداية', hours: 5 },
        status: 'active',
        totalHours: 5,
        remainingHours: 5,
        price: '20.000',
        paidWith: 'wallet',
      },
    });
    expect(body.paymentLink).toBeUndefined();
    const { startsAt, expiresAt } = body.subscription;
    expect(new Date(expiresAt).getTime() - new Date(startsAt).getTime()).toBe(30 * DAY);
    expect(Math.abs(new Date(startsAt).getTime() - Date.now())).toBeLessThan(60_000);
    expect(await walletOf(db, student.user.id)).toBe(5_000);
    expect((await prepaid()) - prepaidBefore).toBe(20_000);
    const balance = (await get('/api/v1/subscriptions/balance', student.headers)).json();
    expect(balance).toMatchObject({ balance: '5.000', remainingHours: 5 });
    const lines = (await get('/api/v1/balance/transactions', student.headers)).json();
    expect(lines.data[0]).toMatchObject({ kind: 'subscription_purchase', amount: '-20.000', account: 'wallet' });
  });

  it('an inactive, unknown or malformed package is refused; nothing is charged', async () => {
    const student = await f.student();
    await fundWallet(db, student.user.id, 50_000);
    const inactive = await purchase(student, { packageId: retired.id, paymentMethod: 'balance' });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json()).toEqual({ status: 422, errors: { packageId: 'packageUnavailable' } });
    const unknown = await purchase(student, { packageId: 999_999, paymentMethod: 'balance' });
    expect(unknown.json()).toEqual({ status: 422, errors: { packageId: 'packageUnavailable' } });
    expect((await purchase(student, { packageId: '1', paymentMethod: 'balance' })).statusCode).toBe(422);
    expect((await purchase(student, { packageId: starter.id, paymentMethod: 'cash' })).statusCode).toBe(422);
    expect(
      (await purchase(student, { packageId: starter.id, paymentMethod: 'balance', price: '0.001' })).statusCode,
    ).toBe(422);
    const guest = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/purchase',
      payload: { packageId: starter.id, paymentMethod: 'balance' },
    });
    expect(guest.statusCode).toBe(401);
    expect(await subscriptionsOf(student.user.id)).toEqual([]);
    expect(await walletOf(db, student.user.id)).toBe(50_000);
  });

  it('the same Idempotency-Key buys once', async () => {
    const student = await f.student();
    await fundWallet(db, student.user.id, 12_000);
    const headers = { 'idempotency-key': randomUUID() };
    const [a, b] = await Promise.all([
      purchase(student, { packageId: single.id, paymentMethod: 'balance' }, headers),
      purchase(student, { packageId: single.id, paymentMethod: 'balance' }, headers),
    ]);
    const c = await purchase(student, { packageId: single.id, paymentMethod: 'balance' }, headers);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    expect(await subscriptionsOf(student.user.id)).toHaveLength(1);
    expect(await walletOf(db, student.user.id)).toBe(7_000);
  });
});

describe('purchase through a gateway (sandbox)', () => {
  it('stays pending until paid, then is active; the money goes gateway -> prepaid hours', async () => {
    const student = await f.student();
    const prepaidBefore = await prepaid();
    const res = await purchase(student, { packageId: starter.id, paymentMethod: 'payzah', language: 'en' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      paymentStatus: 'PENDING',
      balance: '0.000',
      subscription: { status: 'pending', paidWith: 'payzah', remainingHours: 5, startsAt: null, expiresAt: null },
    });
    expect(body.paymentLink).toMatch(/\/api\/v1\/payments\/sandbox\/sbx_/);
    const payment = await findPayment(db, body.paymentId);
    expect(payment).toMatchObject({
      purpose: 'subscription',
      amountFils: 20_000,
      subscriptionId: body.subscription.id,
    });

    // Pending hours are not spendable.
    const active = (await get('/api/v1/subscriptions/my-active-subscription', student.headers)).json();
    expect(active).toEqual({ remainingHours: 0, subscription: null });
    expect((await get('/api/v1/subscriptions/balance', student.headers)).json().remainingHours).toBe(0);

    const back = await finishAtSandbox(ctx.app, body.paymentLink, 'pay');
    expect(back.headers.location).toBe(`/en/payment/success?paymentId=${body.paymentId}`);
    const after = (await get('/api/v1/subscriptions/my-active-subscription', student.headers)).json();
    expect(after.remainingHours).toBe(5);
    expect(after.subscription).toMatchObject({ id: body.subscription.id, status: 'active', paidWith: 'payzah' });
    expect(new Date(after.subscription.expiresAt).getTime() - new Date(after.subscription.startsAt).getTime()).toBe(
      30 * DAY,
    );
    expect((await prepaid()) - prepaidBefore).toBe(20_000);
    expect(await walletOf(db, student.user.id)).toBe(0);
    const status = (await get(`/api/v1/payments/${body.paymentId}`, student.headers)).json();
    expect(status).toMatchObject({ status: 'paid', purpose: 'subscription', creditedToWallet: false });
    // Coming back again changes nothing.
    await ctx.app.inject({ url: `/api/v1/payments/return/${body.paymentId}` });
    expect((await prepaid()) - prepaidBefore).toBe(20_000);
    expect((await subscriptionsOf(student.user.id))[0]?.remainingMinutes).toBe(300);
  });

  it('a failed payment cancels the subscription', async () => {
    const student = await f.student();
    const prepaidBefore = await prepaid();
    const body = (await purchase(student, { packageId: monthly.id, paymentMethod: 'payzah' })).json();
    const back = await finishAtSandbox(ctx.app, body.paymentLink, 'fail');
    expect(back.headers.location).toBe(`/ar/payment/failed?paymentId=${body.paymentId}`);
    const mine = (await get('/api/v1/subscriptions/my-subscriptions', student.headers)).json();
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ id: body.subscription.id, status: 'cancelled' });
    expect((await get('/api/v1/subscriptions/my-active-subscription', student.headers)).json().remainingHours).toBe(0);
    expect(await prepaid()).toBe(prepaidBefore);
  });

  it('an unpaid purchase expires with its payment; paid late, the money is not lost', async () => {
    const student = await f.student();
    const prepaidBefore = await prepaid();
    const body = (await purchase(student, { packageId: single.id, paymentMethod: 'payzah' })).json();
    await ctx.app.money.payments.expireDue(new Date(Date.now() + 31 * MINUTE));
    expect((await findPayment(db, body.paymentId))?.status).toBe('expired');
    expect((await subscriptionsOf(student.user.id))[0]?.status).toBe('cancelled');
    // The customer still had the sandbox page open and pays.
    const back = await finishAtSandbox(ctx.app, body.paymentLink, 'pay');
    expect(back.headers.location).toContain('/payment/success');
    const payment = await findPayment(db, body.paymentId);
    expect(payment?.status).toBe('paid');
    const [subscription] = await subscriptionsOf(student.user.id);
    const wallet = await walletOf(db, student.user.id);
    // Either the subscription is honoured, or the 5.000 KWD is back in the wallet: never neither.
    if (subscription?.status === 'active') {
      expect(wallet).toBe(0);
      expect((await prepaid()) - prepaidBefore).toBe(5_000);
    } else {
      expect(payment?.creditedToWallet).toBe(true);
      expect(wallet).toBe(5_000);
      expect(await prepaid()).toBe(prepaidBefore);
    }
  });

  it('Deema refuses a package below its minimum before anything is created', async () => {
    const student = await f.student();
    const res = await purchase(student, { packageId: single.id, paymentMethod: 'deema' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, errors: { paymentMethod: 'belowMinimum' } });
    expect(await subscriptionsOf(student.user.id)).toEqual([]);
    const ok = await purchase(student, { packageId: starter.id, paymentMethod: 'deema' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().paymentStatus).toBe('PENDING');
  });
});

describe('using hours', () => {
  /** A booking answered 200, paid with hours (and the wallet, as `breakdown` says), the wallet left empty. */
  const expectPaidWithHours = (
    res: Awaited<ReturnType<typeof bookBalance>>,
    remainingHours: number,
    breakdown: object,
  ) => {
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paidWith: 'subscription', balance: '0.000', remainingHours, breakdown });
  };

  let student: TestUser;
  let monthlyId: number;
  let starterId: number;
  let reservationId: number;

  beforeAll(async () => {
    student = await f.student({ firstName: 'Omar' });
    await fundWallet(db, student.user.id, 55_000);
    const first = await purchase(student, { packageId: monthly.id, paymentMethod: 'balance' });
    const second = await purchase(student, { packageId: starter.id, paymentMethod: 'balance' });
    monthlyId = first.json().subscription.id;
    starterId = second.json().subscription.id;
  });

  it('my-subscriptions lists newest first; my-active sums hours and shows the one expiring first', async () => {
    const mine = (await get('/api/v1/subscriptions/my-subscriptions?lang=en', student.headers)).json();
    expect(mine.total).toBe(2);
    expect(mine.data.map((s: { id: number }) => s.id)).toEqual([starterId, monthlyId]);
    expect(mine.data[1].package.name).toBe('Monthly');
    const active = (await get('/api/v1/subscriptions/my-active-subscription', student.headers)).json();
    expect(active.remainingHours).toBe(15);
    // Starter (30 days) expires before Monthly (60 days), though bought later.
    expect(active.subscription).toMatchObject({ id: starterId, remainingHours: 5, status: 'active' });
    const paged = (await get('/api/v1/subscriptions/my-subscriptions?limit=1&page=2', student.headers)).json();
    expect(paged.data.map((s: { id: number }) => s.id)).toEqual([monthlyId]);
    const stranger = await f.student();
    expect((await get('/api/v1/subscriptions/my-subscriptions', stranger.headers)).json().total).toBe(0);
    expect((await get('/api/v1/subscriptions/my-active-subscription')).statusCode).toBe(401);
  });

  it('a booking is paid with hours from the subscription expiring first; my-usage shows it', async () => {
    // Starter: 5 h for 20.000 KWD, 4.000 an hour: a 1.5 h slot of 6.000 KWD is covered by 1.5 h.
    const s = await slot(1.5, 6_000);
    const prepaidBefore = await prepaid();
    const res = await bookBalance(student, s);
    expectPaidWithHours(res, 13.5, { subscriptionHours: 1.5, subscriptionValue: '6.000', wallet: '0.000' });
    reservationId = res.json().reservations[0].id;
    expect(res.json().reservations[0]).toMatchObject({ paidWith: 'subscription', hours: 1.5 });
    expect(await walletOf(db, student.user.id)).toBe(0);
    // The hours' value moved from prepaid to escrow with the booking.
    expect(prepaidBefore - (await prepaid())).toBe(6_000);
    const usage = (await get('/api/v1/subscriptions/my-usage', student.headers)).json();
    expect(usage).toMatchObject({ total: 1, totalHours: 15, usedHours: 1.5, remainingHours: 13.5 });
    expect(usage.data[0]).toMatchObject({
      subscriptionId: starterId,
      reservationId,
      hours: 1.5,
      refunded: false,
      teacherName: 'Huda Salem',
      startTime: s.startTime.toISOString(),
    });
    const active = (await get('/api/v1/subscriptions/my-active-subscription', student.headers)).json();
    expect(active.subscription).toMatchObject({ id: starterId, remainingHours: 3.5 });
  });

  it('a lesson longer than the first subscription spreads over both, earliest first', async () => {
    // Starter has 210 min worth 14.000 left; Monthly is 3.500 an hour: 30 min of it are 1.750.
    const s = await slot(4, 15_750);
    const res = await bookBalance(student, s);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paidWith: 'subscription', remainingHours: 9.5 });
    const id = res.json().reservations[0].id;
    const rows = await db.select().from(subscriptionUsages).where(eq(subscriptionUsages.reservationId, id));
    const bySub = Object.fromEntries(rows.map((r) => [r.subscriptionId, [r.minutes, r.valueFils]]));
    expect(bySub).toEqual({ [starterId]: [210, 14_000], [monthlyId]: [30, 1_750] });
    const cancel = await cancelRequest(ctx.app, student.headers, id);
    expect(cancel.json().refund).toEqual({ to: 'subscription', amount: '0.000', hours: 4 });
    const subs = await subscriptionsOf(student.user.id);
    expect(Object.fromEntries(subs.map((r) => [r.id, [r.remainingMinutes, r.remainingValueFils]]))).toEqual({
      [starterId]: [210, 14_000],
      [monthlyId]: [600, 35_000],
    });
  });

  it('hours that do not cover the price: the wallet pays the rest, all or nothing', async () => {
    // Two 4 h slots at 10.000 KWD an hour; the hours are worth less than that.
    const a = await slot(4, 40_000);
    const b = await slot(4, 40_000);
    const book = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/booking/multiple',
        headers: student.headers,
        payload: { timeSlotIds: [a.id, b.id], paymentMethod: 'balance', expectedTotal: totalOf(a, b) },
      });
    const before = await subscriptionsOf(student.user.id);
    const refused = await book();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ balance: 'insufficientBalance' });
    // Nothing was spent: the hours are all still there.
    expect(await subscriptionsOf(student.user.id)).toEqual(before);
    // a: 210 min of Starter (14.000) + 30 of Monthly (1.750); b: 240 of Monthly (14.000).
    await fundWallet(db, student.user.id, 50_250);
    const res = await book();
    expectPaidWithHours(res, 5.5, { subscriptionHours: 8, subscriptionValue: '29.750', wallet: '50.250' });
    // Cancelled, each goes back where it came from: its hours to the subscriptions, its money to the wallet.
    const refunds = [];
    for (const r of res.json().reservations as { id: number }[]) {
      const cancel = await cancelRequest(ctx.app, student.headers, r.id);
      refunds.push(cancel.json().refund);
    }
    expect(refunds).toEqual([
      { to: 'subscription', amount: '24.250', hours: 4 },
      { to: 'subscription', amount: '26.000', hours: 4 },
    ]);
    expect(await walletOf(db, student.user.id)).toBe(50_250);
    expect((await get('/api/v1/subscriptions/my-active-subscription', student.headers)).json().remainingHours).toBe(
      13.5,
    );
  });

  it('cancelling gives the hours back; my-usage marks the use refunded', async () => {
    const walletBefore = await walletOf(db, student.user.id);
    const res = await cancelRequest(ctx.app, student.headers, reservationId);
    expect(res.statusCode).toBe(200);
    expect(res.json().refund).toEqual({ to: 'subscription', amount: '0.000', hours: 1.5 });
    const usage = (await get('/api/v1/subscriptions/my-usage', student.headers)).json();
    const first = usage.data.find((u: { reservationId: number }) => u.reservationId === reservationId);
    expect(first.refunded).toBe(true);
    expect(usage).toMatchObject({ totalHours: 15, usedHours: 0, remainingHours: 15 });
    expect(await walletOf(db, student.user.id)).toBe(walletBefore);
    const again = await cancelRequest(ctx.app, student.headers, reservationId);
    expect(again.statusCode).toBe(409);
    expect((await get('/api/v1/subscriptions/my-usage', student.headers)).json().remainingHours).toBe(15);
  });

  it('subscriptions expire after validityDays: the sweep marks them, their hours are gone', async () => {
    // 31 days on: Starter (30 days) has ended, Monthly (60 days) has not.
    const swept = await sweepMoney(ctx.app, new Date(Date.now() + 31 * DAY));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    const subs = Object.fromEntries((await subscriptionsOf(student.user.id)).map((r) => [r.id, r.status]));
    expect(subs).toEqual({ [starterId]: 'expired', [monthlyId]: 'active' });
    const active = (await get('/api/v1/subscriptions/my-active-subscription', student.headers)).json();
    expect(active.remainingHours).toBe(10);
    expect(active.subscription.id).toBe(monthlyId);
    const mine = (await get('/api/v1/subscriptions/my-subscriptions', student.headers)).json();
    expect(mine.data.find((s: { id: number }) => s.id === starterId)).toMatchObject({
      status: 'expired',
      remainingHours: 0,
    });
    // A second sweep changes nothing more for this student.
    await sweepMoney(ctx.app, new Date(Date.now() + 31 * DAY));
    expect((await subscriptionsOf(student.user.id)).find((r) => r.id === monthlyId)?.status).toBe('active');
    // 61 days on, the other too.
    await ctx.app.money.subscriptions.expireDue(new Date(Date.now() + 61 * DAY));
    const after = (await get('/api/v1/subscriptions/my-active-subscription', student.headers)).json();
    expect(after).toEqual({ remainingHours: 0, subscription: null });
    // With no hours left, a booking is paid from the wallet or refused.
    const s = await slot(1, 2_000 + (await walletOf(db, student.user.id)));
    expect((await bookBalance(student, s)).json().errors).toEqual({ balance: 'insufficientBalance' });
  });
});
