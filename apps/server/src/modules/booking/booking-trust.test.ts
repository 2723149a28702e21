import { filsToKwd, MIN_PRICE_PER_HOUR_FILS, minSlotPriceFils, ROLE } from '@ustaz/contract';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import { notifications, reservations, timeSlots, userSubscriptions, users } from '../../db/schema.ts';
import { suspendAsAdmin } from '../../test/admin.ts';
import { createFactories, type TestTeacher, type TestUser } from '../../test/factories.ts';
import { createTestApp, latestMailTo, testConfig } from '../../test/helpers.ts';
import {
  completeTaught,
  expectLedgerConsistent,
  fundWallet,
  systemBalance as systemBalanceOf,
  walletOf,
} from '../../test/money.ts';
import { bookRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { userBalance } from '../ledger/ledger.service.ts';
import { insertPackages } from '../subscriptions/subscriptions.repo.ts';

/*
 * Issue 13 "Trust": RELIABILITY I9 (a lesson pays its teacher what was paid for it, and no more),
 * and the booking rules that cannot be gamed: price lock, unlisted teachers, pending-hold limits,
 * no self refund. Everything through the real HTTP API on the real database.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FEE_PERCENT = testConfig().payments.platformFeePercent;
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let hourOffset = 0;

const db = () => ctx.database.db;

function post(user: TestUser, url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url, headers: user.headers, payload });
}

/** `POST /api/v1/booking/single` of one slot from the wallet, at the price it shows. */
function bookFromWallet(user: TestUser, s: { id: number; priceFils: number }) {
  return post(user, '/api/v1/booking/single', {
    timeSlotId: s.id,
    paymentMethod: 'balance',
    expectedTotal: totalOf(s),
  });
}

/** A fresh slot, far enough ahead to be cancellable unless `inHours` says otherwise. */
async function slot(teacher: TestTeacher, values: { priceFils: number; minutes?: number; inHours?: number }) {
  hourOffset += 5;
  const start = new Date(Date.now() + (values.inHours ?? 48 + hourOffset) * HOUR);
  return f.slot(teacher.profile.id, start, { priceFils: values.priceFils, hours: (values.minutes ?? 60) / 60 });
}

const systemBalance = (kind: 'revenue' | 'prepaid' | 'escrow') => systemBalanceOf(db(), kind);

let packageSeq = 0;
/** A student who bought a package of `hours` for `priceFils` with the wallet, then got `wallet` more. */
async function studentWithPackage(hours: number, priceFils: number, wallet = 0): Promise<TestUser> {
  packageSeq += 1;
  const [pkg] = await insertPackages(db(), [
    { nameAr: `باقة ${packageSeq}`, nameEn: `Package ${packageSeq}`, hours, priceFils, validityDays: 30 },
  ]);
  if (!pkg) throw new Error('package');
  const student = await f.student();
  if (priceFils > 0) await fundWallet(db(), student.user.id, priceFils);
  const bought = await post(student, '/api/v1/subscriptions/purchase', { packageId: pkg.id, paymentMethod: 'balance' });
  expect(bought.statusCode).toBe(200);
  if (wallet > 0) await fundWallet(db(), student.user.id, wallet);
  return student;
}

afterAll(async () => {
  await expectLedgerConsistent(db());
});

describe('P0: subscription hours cannot mint a teacher earnings (I9)', () => {
  it('the reported attack: a 15-minute slot at 2,000,000 KWD is refused; booked anyway, hours pay only their value', async () => {
    const teacher = await f.teacher();
    // The teacher cannot open it: at most 1,000 KWD an hour.
    const start = new Date(Date.now() + 72 * HOUR);
    const opened = await post(teacher, '/api/v1/availability/slots', {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 15 * MINUTE).toISOString(),
      price: '2000000',
    });
    expect(opened.statusCode).toBe(422);
    expect(opened.json().errors).toEqual({ price: 'tooBig' });
    // A slot priced that way before the bound existed: a second account with the 5-hour package
    // (45 KWD) books it. 0.25 h are worth 2.250 KWD; the wallet must pay the rest, and it cannot.
    const legacy = await slot(teacher, { priceFils: 2_000_000_000, minutes: 15 });
    const accomplice = await studentWithPackage(5, 45_000);
    const revenueBefore = await systemBalance('revenue');
    const refused = await post(accomplice, '/api/v1/booking/single', {
      timeSlotId: legacy.id,
      paymentMethod: 'balance',
      expectedTotal: '2000000.000',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ balance: 'insufficientBalance' });
    const [sub] = await db().select().from(userSubscriptions).where(eq(userSubscriptions.userId, accomplice.user.id));
    expect(sub).toMatchObject({ remainingMinutes: 300, remainingValueFils: 45_000 });
    // At the bound (15 minutes for 250 KWD) with enough money, the teacher gets what was paid less the fee.
    const dear = await slot(teacher, { priceFils: 250_000, minutes: 15 });
    await fundWallet(db(), accomplice.user.id, 247_750);
    const booked = await bookFromWallet(accomplice, dear);
    expect(booked.statusCode).toBe(200);
    expect(booked.json().breakdown).toEqual({ subscriptionHours: 0.25, subscriptionValue: '2.250', wallet: '247.750' });
    await completeTaught(ctx.app, db(), new Date(dear.endTime.getTime() + MINUTE));
    expect(await userBalance(db(), 'earnings', teacher.user.id)).toBe(250_000 - 25_000);
    // Revenue received the fee, and funded nothing.
    expect((await systemBalance('revenue')) - revenueBefore).toBe(25_000);
    expect((await ctx.app.inject({ url: '/api/v1/admin/reports/lesson-payouts' })).statusCode).toBe(401);
  });

  it('property: over random packages, slot prices and durations, earning + fee = money paid + hours value', async () => {
    const teacher = await f.teacher();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          hours: fc.integer({ min: 1, max: 20 }),
          packageFils: fc.integer({ min: 1, max: 200_000 }),
          minutes: fc.integer({ min: 15, max: 240 }),
          // From the minimum price an hour (issue 29): a cheaper slot cannot be opened or booked.
          perHourFils: fc.integer({ min: MIN_PRICE_PER_HOUR_FILS, max: 1_000_000 }),
          wallet: fc.integer({ min: 0, max: 1_000_000 }),
          spentFirst: fc.integer({ min: 0, max: 240 }),
        }),
        async ({ hours, packageFils, minutes, perHourFils, wallet, spentFirst }) => {
          runs += 1;
          const student = await studentWithPackage(hours, packageFils, wallet);
          if (spentFirst > 0) {
            // Part of the package already spent on a lesson at the package's own rate.
            const first = await slot(teacher, {
              minutes: Math.min(spentFirst, hours * 60),
              priceFils: Math.max(
                Math.round((packageFils * Math.min(spentFirst, hours * 60)) / (hours * 60)),
                minSlotPriceFils(Math.min(spentFirst, hours * 60)),
              ),
            });
            await bookFromWallet(student, first);
            // Taught before the lesson under test is measured.
            await completeTaught(ctx.app, db(), new Date(first.endTime.getTime() + MINUTE));
          }
          const priceFils = Math.max(Math.round((perHourFils * minutes) / 60), minSlotPriceFils(minutes));
          const s = await slot(teacher, { priceFils, minutes });
          const before = {
            wallet: await walletOf(db(), student.user.id),
            prepaid: await systemBalance('prepaid'),
            revenue: await systemBalance('revenue'),
            earnings: await userBalance(db(), 'earnings', teacher.user.id),
          };
          const res = await bookFromWallet(student, s);
          const walletPaid = before.wallet - (await walletOf(db(), student.user.id));
          const hoursPaid = before.prepaid - (await systemBalance('prepaid'));
          if (res.statusCode !== 200) {
            expect(res.json(), res.body).toMatchObject({ status: 422, errors: { balance: 'insufficientBalance' } });
            expect([walletPaid, hoursPaid]).toEqual([0, 0]);
            return;
          }
          // The student paid the slot's price exactly, split as the answer says.
          expect(walletPaid + hoursPaid).toBe(priceFils);
          const breakdown = res.json().breakdown;
          expect(breakdown.wallet).toBe((walletPaid / 1000).toFixed(3));
          expect(breakdown.subscriptionValue).toBe((hoursPaid / 1000).toFixed(3));
          await completeTaught(ctx.app, db(), new Date(s.endTime.getTime() + MINUTE));
          const earned = (await userBalance(db(), 'earnings', teacher.user.id)) - before.earnings;
          const fee = (await systemBalance('revenue')) - before.revenue;
          expect(earned + fee).toBe(walletPaid + hoursPaid);
          expect(fee).toBe(Math.round(((walletPaid + hoursPaid) * FEE_PERCENT) / 100));
          expect(fee).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 30, endOnFailure: true },
    );
    expect(runs).toBe(30);
    await expectLedgerConsistent(db());
  }, 120_000);

  it('a free slot left from before the minimum price is not for sale: 409, no hours spent (issue 29)', async () => {
    const teacher = await f.teacher();
    const student = await studentWithPackage(2, 10_000);
    const s = await slot(teacher, { priceFils: 0 });
    const res = await bookFromWallet(student, s);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('slotUnavailable');
    const [sub] = await db().select().from(userSubscriptions).where(eq(userSubscriptions.userId, student.user.id));
    expect(sub?.remainingMinutes).toBe(120);
  });

  it('hours of a subscription that ended since a cancelled lesson come back as money', async () => {
    const teacher = await f.teacher();
    const student = await studentWithPackage(2, 10_000);
    const s = await slot(teacher, { priceFils: 5_000, minutes: 60 });
    const booked = await bookFromWallet(student, s);
    expect(booked.json().breakdown).toEqual({ subscriptionHours: 1, subscriptionValue: '5.000', wallet: '0.000' });
    // The subscription ends (its 30 days pass) before the teacher cancels.
    await db()
      .update(userSubscriptions)
      .set({ expiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(userSubscriptions.userId, student.user.id));
    await ctx.app.money.subscriptions.expireDue();
    const cancelled = await post(teacher, `/api/v1/reservations/${booked.json().reservations[0].id}/cancel`, {});
    expect(cancelled.json().refund).toEqual({ to: 'wallet', amount: '5.000', hours: 0 });
    expect(await walletOf(db(), student.user.id)).toBe(5_000);
  });
});

describe('price lock: no bait and switch', () => {
  it('a total other than the one seen is 409 priceChanged; nothing is held or charged', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    await fundWallet(db(), student.user.id, 50_000);
    const s = await slot(teacher, { priceFils: 5_000 });
    const quote = await post(student, '/api/v1/booking/quote', { timeSlotIds: [s.id] });
    expect(quote.json()).toMatchObject({ total: '5.000', sufficient: true, balance: '50.000' });
    // The teacher raises the price between the view and the confirmation.
    const setPrice = (price: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/availability/slots/${s.id}`,
        headers: teacher.headers,
        payload: { price },
      });
    const raised = await setPrice('9.000');
    expect(raised.statusCode).toBe(200);
    for (const paymentMethod of ['balance', 'payzah'] as const) {
      const res = await post(student, '/api/v1/booking/single', {
        timeSlotId: s.id,
        paymentMethod,
        expectedTotal: '5.000',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, code: 'priceChanged' });
    }
    expect(await walletOf(db(), student.user.id)).toBe(50_000);
    const [row] = await db().select().from(timeSlots).where(eq(timeSlots.id, s.id));
    expect(row?.status).toBe('open');
    expect(await db().select().from(reservations).where(eq(reservations.studentId, student.user.id))).toEqual([]);
    // With the new total it books, and then the price of the booked slot cannot be edited.
    const ok = await post(student, '/api/v1/booking/single', {
      timeSlotId: s.id,
      paymentMethod: 'balance',
      expectedTotal: '9.000',
    });
    expect(ok.statusCode).toBe(200);
    const edit = await setPrice('1.000');
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('slotNotEditable');
  });

  it('the quote shows the split and each slot’s cancellation deadline; one inside 24 h cannot be cancelled', async () => {
    const teacher = await f.teacher();
    const student = await studentWithPackage(5, 45_000, 10_000);
    const soon = await slot(teacher, { priceFils: 15_000, inHours: 19 });
    const later = await slot(teacher, { priceFils: 4_500, minutes: 30 });
    const quote = await post(student, '/api/v1/booking/quote', { timeSlotIds: [later.id, soon.id] });
    expect(quote.statusCode).toBe(200);
    const body = quote.json();
    // soon (1 h at 15.000): 1 h of hours (9.000) + 6.000 money; later (30 min at 4.500): 30 min of hours.
    expect(body).toMatchObject({
      total: '19.500',
      breakdown: { subscriptionHours: 1.5, subscriptionValue: '13.500', wallet: '6.000' },
      balance: '10.000',
      sufficient: true,
    });
    const byId = Object.fromEntries(body.slots.map((x: { id: number }) => [x.id, x]));
    expect(byId[soon.id]).toMatchObject({
      cancellable: false,
      cancelDeadline: new Date(soon.startTime.getTime() - 24 * HOUR).toISOString(),
    });
    expect(byId[later.id].cancellable).toBe(true);
    // Quoting holds nothing.
    const rows = await db()
      .select()
      .from(timeSlots)
      .where(inArray(timeSlots.id, [soon.id, later.id]));
    expect(rows.map((r) => r.status)).toEqual(['open', 'open']);
    const stranger = await f.student();
    const own = await post(teacher, '/api/v1/booking/quote', { timeSlotIds: [soon.id] });
    expect(own.json().errors).toEqual({ timeSlotIds: 'ownSlot' });
    expect((await post(stranger, '/api/v1/booking/quote', { timeSlotIds: [999_999] })).statusCode).toBe(409);
  });
});

describe('honest terms', () => {
  it('the confirmation names the teacher, the time and the cancellation deadline; the teacher hears who and when', async () => {
    const teacher = await f.teacher({ firstName: 'Mona', lastName: 'Al-Sabah' });
    const student = await f.student({ firstName: 'Fahad', lastName: 'Al-Ali' });
    await fundWallet(db(), student.user.id, 5_000);
    const s = await slot(teacher, { priceFils: 5_000 });
    const res = await bookFromWallet(student, s);
    const id = res.json().reservations[0].id;
    const [confirmed] = await db().select().from(notifications).where(eq(notifications.userId, student.user.id));
    expect(confirmed).toMatchObject({
      type: 'booking.confirmed',
      data: {
        reservationIds: [id],
        teacherName: 'Mona Al-Sabah',
        startTime: s.startTime.toISOString(),
        cancelDeadline: new Date(s.startTime.getTime() - 24 * HOUR).toISOString(),
      },
    });
    // The confirmation mail says the same, in the student's language and Kuwait time.
    const mail = await latestMailTo(ctx.database, student.user.email);
    expect(mail?.subject).toBe('تم حجز درسك مع Mona Al-Sabah');
    const kuwait = (date: Date, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('ar-KW', { timeZone: 'Asia/Kuwait', ...options }).format(date);
    expect(mail?.text).toContain(kuwait(s.startTime, { dateStyle: 'full', timeStyle: 'short' }));
    expect(mail?.text).toContain(
      kuwait(new Date(s.startTime.getTime() - 24 * HOUR), { dateStyle: 'full', timeStyle: 'short' }),
    );
    expect(mail?.text).toContain('بتوقيت الكويت');
    // The lesson's receipt (issue 34), then the button to the reservations.
    expect(mail?.links.map((url) => url.pathname)).toEqual([`/ar/receipts/lesson-${id}`, '/ar/reservations']);
    const [received] = await db().select().from(notifications).where(eq(notifications.userId, teacher.user.id));
    expect(received).toMatchObject({
      type: 'booking.received',
      data: { reservationIds: [id], studentName: 'Fahad Al-Ali', startTime: s.startTime.toISOString() },
    });
  });
});

describe('a teacher who cannot teach is not bookable', () => {
  it('unapproved or suspended: the slot list is 404 and booking 409 teacherUnavailable', async () => {
    const student = await f.student();
    await fundWallet(db(), student.user.id, 20_000);
    const unapproved = await f.teacher({ profile: { approvedAt: null } });
    const suspended = await f.teacher({ status: 'suspended' });
    for (const teacher of [unapproved, suspended]) {
      const s = await slot(teacher, { priceFils: 5_000 });
      const list = await ctx.app.inject({ url: `/api/teachers/teachers/${teacher.profile.id}/available-time-slots` });
      expect(list.statusCode).toBe(404);
      const res = await bookFromWallet(student, s);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('teacherUnavailable');
    }
    expect(await walletOf(db(), student.user.id)).toBe(20_000);
  });

  it('suspending a teacher cancels their future lessons, refunds each where it was paid from, and tells the students', async () => {
    const admin = await f.user({ roleId: ROLE.admin });
    const teacher = await f.teacher();
    const payer = await f.student();
    await fundWallet(db(), payer.user.id, 10_000);
    const hourly = await studentWithPackage(3, 27_000, 3_000);
    const a = await slot(teacher, { priceFils: 7_000 });
    const b = await slot(teacher, { priceFils: 12_000 });
    const byWallet = await bookFromWallet(payer, a);
    const byHours = await bookFromWallet(hourly, b);
    expect(byHours.json().breakdown).toEqual({ subscriptionHours: 1, subscriptionValue: '9.000', wallet: '3.000' });
    await suspendAsAdmin(ctx.app, admin.headers, teacher.user.id, 'Fake credentials');
    const ids = [byWallet.json().reservations[0].id, byHours.json().reservations[0].id];
    const rows = await db().select().from(reservations).where(inArray(reservations.id, ids));
    expect(rows.map((r) => [r.status, r.cancelledBy])).toEqual([
      ['cancelled', 'admin'],
      ['cancelled', 'admin'],
    ]);
    expect(await walletOf(db(), payer.user.id)).toBe(10_000);
    expect(await walletOf(db(), hourly.user.id)).toBe(3_000);
    const [sub] = await db().select().from(userSubscriptions).where(eq(userSubscriptions.userId, hourly.user.id));
    expect(sub).toMatchObject({ remainingMinutes: 180, remainingValueFils: 27_000 });
    for (const student of [payer, hourly]) {
      const told = await db().select().from(notifications).where(eq(notifications.userId, student.user.id));
      expect(told.map((n) => n.type)).toContain('booking.cancelled');
    }
  });
});

describe('deleted accounts', () => {
  it('a deleted account cannot book, even with a token issued before, and an admin cannot restore it', async () => {
    const admin = await f.user({ roleId: ROLE.admin });
    const teacher = await f.teacher();
    const student = await f.student();
    await fundWallet(db(), student.user.id, 5_000);
    const s = await slot(teacher, { priceFils: 5_000 });
    // Deleted while a request of theirs is on its way: the booking reads the account under a lock.
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, student.user.id));
    const res = await bookFromWallet(student, s);
    expect(res.statusCode).toBe(401);
    expect(await walletOf(db(), student.user.id)).toBe(5_000);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, student.user.id));
    const restore = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${student.user.id}/restore`,
      headers: admin.headers,
    });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().code).toBe('accountDeleted');
    const [row] = await db().select().from(users).where(eq(users.id, student.user.id));
    expect(row?.status).toBe('suspended');
  });
});

describe('holds and limits', () => {
  it('at most 2 gateway bookings waiting and 10 held slots at once: beyond, 429 tooManyPendingPayments', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const slots = [];
    for (let i = 0; i < 12; i += 1) slots.push(await slot(teacher, { priceFils: 12_000 }));
    const hold = (ids: number[]) =>
      post(student, '/api/v1/booking/multiple', {
        timeSlotIds: ids,
        paymentMethod: 'payzah',
        expectedTotal: filsToKwd(12_000 * ids.length),
      });
    // 11 slots in one go is over the held-slot limit.
    const tooMany = await hold(slots.slice(0, 11).map((s) => s.id));
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().code).toBe('tooManyPendingPayments');
    expect((await hold([slots[0]?.id ?? 0])).statusCode).toBe(200);
    expect((await hold([slots[1]?.id ?? 0])).statusCode).toBe(200);
    const third = await hold([slots[2]?.id ?? 0]);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('tooManyPendingPayments');
    const [row] = await db()
      .select()
      .from(timeSlots)
      .where(eq(timeSlots.id, slots[2]?.id ?? 0));
    expect(row?.status).toBe('open');
    // Once the holds lapse, the student may try again.
    await ctx.app.money.payments.expireDue(new Date(Date.now() + 20 * MINUTE));
    expect((await hold([slots[2]?.id ?? 0])).statusCode).toBe(200);
  });

  it('booking routes are limited per user, whatever the address', async () => {
    // The default RATE_LIMIT_MAX (300 per address): 30 bookings a minute per user.
    const app = await createTestApp({ rateLimitMax: 300 });
    try {
      const factories = createFactories(app.database);
      const student = await factories.student();
      const codes: number[] = [];
      for (let i = 0; i < 32; i += 1) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/v1/booking/single',
          headers: student.headers,
          payload: { timeSlotId: 999_999, paymentMethod: 'balance', expectedTotal: '1.000' },
          remoteAddress: `10.1.0.${i + 1}`,
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 30).every((code) => code === 409)).toBe(true);
      expect(codes.slice(30)).toEqual([429, 429]);
      // Another user is not affected.
      const other = await factories.student();
      const res = await bookRequest(app.app, other.headers, {
        timeSlotId: 999_999,
        paymentMethod: 'balance',
        expectedTotal: '1.000',
      });
      expect(res.statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });

  it('an admin cannot refund their own wallet (403 selfRefund); another admin can', async () => {
    const admin = await f.user({ roleId: ROLE.admin });
    const other = await f.user({ roleId: ROLE.admin });
    const refund = (by: TestUser) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/refunds',
        headers: by.headers,
        payload: { userId: admin.user.id, amount: '5.000', reason: 'Goodwill after an outage' },
      });
    const self = await refund(admin);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('selfRefund');
    expect(await walletOf(db(), admin.user.id)).toBe(0);
    expect((await refund(other)).statusCode).toBe(200);
    expect(await walletOf(db(), admin.user.id)).toBe(5_000);
  });
});

describe('the I9 repair report', () => {
  it('lists completed lessons paid out differently from what was paid, without touching the ledger', async () => {
    // Its own database: the lesson it plants breaks I9 on purpose, which the after-all check would refuse.
    const own = await createTestApp({ rateLimitMax: 1_000_000 });
    try {
      const of = createFactories(own.database);
      const ownDb = own.database.db;
      const admin = await of.user({ roleId: ROLE.admin });
      const teacher = await of.teacher();
      const student = await of.student();
      await fundWallet(ownDb, student.user.id, 8_000);
      const start = new Date(Date.now() + 50 * HOUR);
      const s = await of.slot(teacher.profile.id, start, { priceFils: 8_000 });
      const booked = await own.app.inject({
        method: 'POST',
        url: '/api/v1/booking/single',
        headers: student.headers,
        payload: { timeSlotId: s.id, paymentMethod: 'balance', expectedTotal: totalOf(s) },
      });
      await completeTaught(own.app, ownDb, new Date(s.endTime.getTime() + MINUTE));
      const report = async () =>
        (await own.app.inject({ url: '/api/v1/admin/reports/lesson-payouts', headers: admin.headers })).json().data as {
          reservationId: number;
        }[];
      expect(await report()).toEqual([]);
      // A lesson completed the old way (hours paid the slot's price out of revenue) shows with its difference.
      const legacy = await of.slot(teacher.profile.id, new Date(start.getTime() + 5 * HOUR), { priceFils: 20_000 });
      const [row] = await ownDb
        .insert(reservations)
        .values({
          studentId: student.user.id,
          teacherId: teacher.profile.id,
          timeSlotId: legacy.id,
          status: 'completed',
          startTime: legacy.startTime,
          endTime: legacy.endTime,
          priceFils: 20_000,
          paidWith: 'subscription',
          completedAt: new Date(),
        })
        .returning();
      if (!row) throw new Error('reservation');
      const { postTransfer, systemAccountId, userAccountId } = await import('../ledger/ledger.repo.ts');
      await ownDb.transaction(async (tx) => {
        await postTransfer(tx, {
          key: `complete:${row.id}`,
          kind: 'lesson_earning',
          reservationId: row.id,
          legs: [
            { accountId: await systemAccountId(tx, 'revenue'), amountFils: -18_000 },
            { accountId: await userAccountId(tx, 'earnings', teacher.user.id), amountFils: 18_000 },
          ],
        });
      });
      const entriesBefore = await rawQueryOf(ownDb)('select count(*) as n from ledger_entries', []);
      const listed = await report();
      expect(listed.map((r) => r.reservationId)).toEqual([row.id]);
      expect(listed[0]).toMatchObject({
        paid: '0.000',
        paidOut: '18.000',
        difference: '18.000',
        paidWith: 'subscription',
      });
      expect(listed.map((r) => r.reservationId)).not.toContain(booked.json().reservations[0].id);
      expect(await rawQueryOf(ownDb)('select count(*) as n from ledger_entries', [])).toEqual(entriesBefore);
      const asStudent = await own.app.inject({ url: '/api/v1/admin/reports/lesson-payouts', headers: student.headers });
      expect(asStudent.statusCode).toBe(403);
    } finally {
      await own.close();
    }
  });
});
