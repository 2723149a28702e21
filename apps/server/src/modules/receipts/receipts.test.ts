import { ROLE } from '@ustaz/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createFactories, starterPackage, type TestTeacher, type TestUser } from '../../test/factories.ts';
import { createTestApp, latestMailTo } from '../../test/helpers.ts';
import { expectLedgerConsistent, fundWallet } from '../../test/money.ts';
import {
  bookRequest,
  bookWithBalance,
  cancelRequest,
  finishAtSandbox,
  nextAddress,
  purchaseRequest,
  totalOf,
} from '../../test/requests.ts';
import { insertPackages } from '../subscriptions/subscriptions.repo.ts';

const HOUR = 3600_000;
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;

function receipt(app: FastifyInstance, headers: Headers | undefined, path: string, lang?: 'ar' | 'en') {
  return app.inject({ url: `${path}${lang ? `?lang=${lang}` : ''}`, headers });
}

describe('receipts: a paid payment and a paid lesson, for the payer and admins only (issue 34)', () => {
  let ctx: Ctx;
  let f: ReturnType<typeof createFactories>;
  let db: Db;
  let teacher: TestTeacher;
  let admin: TestUser;
  let stranger: TestUser;
  let slotHours = 40;

  /** A fresh open slot, more than 24 h ahead (a cancellation refunds it all). */
  const slot = (priceFils: number) => {
    slotHours += 2;
    return f.slot(teacher.profile.id, new Date(Date.now() + slotHours * HOUR), { priceFils });
  };

  beforeAll(async () => {
    ctx = await createTestApp({ rateLimitMax: 1_000_000 });
    f = createFactories(ctx.database);
    db = ctx.database.db;
    teacher = await f.teacher({
      firstName: 'Hannah',
      lastName: 'Lee',
      profile: { majorAr: 'الفنون الجميلة', majorEn: 'Fine Arts' },
    });
    admin = await f.user({ roleId: ROLE.admin });
    stranger = await f.student();
  });
  afterAll(async () => {
    await expectLedgerConsistent(db);
    await ctx.close();
  });

  async function topUpAtSandbox(student: TestUser, amount: string, pay: boolean) {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/balance/top-up/payzah',
      headers: student.headers,
      payload: { amount, language: 'ar', options: { payment_type: '1' } },
      remoteAddress: nextAddress(),
    });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentId, paymentLink } = started.json() as { paymentId: string; paymentLink: string };
    if (pay) expect((await finishAtSandbox(ctx.app, paymentLink, 'pay')).statusCode).toBe(303);
    return paymentId;
  }

  it("a top-up's receipt: the payer and an admin read it, anyone else gets 404, a guest 401", async () => {
    const student = await f.student({ firstName: 'Sara', lastName: 'Ali', email: 'sara.receipt@example.com' });
    const paymentId = await topUpAtSandbox(student, '12.5', true);
    const path = `/api/v1/payments/${paymentId}/receipt`;

    const own = await receipt(ctx.app, student.headers, path, 'en');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const body = own.json();
    expect(body).toMatchObject({
      id: paymentId,
      source: 'payment',
      language: 'en',
      currency: 'KWD',
      payer: { id: student.user.id, name: 'Sara Ali', email: 'sara.receipt@example.com' },
      lines: [{ kind: 'top_up', amount: '12.500' }],
      paidWith: [{ method: 'payzah', amount: '12.500', hours: null }],
      total: '12.500',
      refunds: [],
      refunded: '0.000',
      creditedToWallet: false,
    });
    expect(body.number).toBe(`P-${paymentId.slice(3, 15).toUpperCase()}`);
    expect(body.operator.name).not.toBe('');
    expect(Date.parse(body.issuedAt)).not.toBeNaN();

    const asAdmin = await receipt(ctx.app, admin.headers, path, 'en');
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(body);

    const other = await receipt(ctx.app, stranger.headers, path);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'notFound' });
    expect(other.body).not.toContain('12.500');
    expect((await receipt(ctx.app, teacher.headers, path)).statusCode).toBe(404);
    expect((await receipt(ctx.app, undefined, path)).statusCode).toBe(401);
    expect((await receipt(ctx.app, student.headers, `/api/v1/payments/pay${'0'.repeat(24)}/receipt`)).statusCode).toBe(
      404,
    );
    expect((await receipt(ctx.app, student.headers, '/api/v1/payments/nonsense/receipt')).statusCode).toBe(422);
  });

  it('an unpaid payment has no receipt: 409 notPaid to its payer, still 404 to anyone else', async () => {
    const student = await f.student();
    const paymentId = await topUpAtSandbox(student, '3', false);
    const path = `/api/v1/payments/${paymentId}/receipt`;
    const own = await receipt(ctx.app, student.headers, path);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'notPaid' });
    expect((await receipt(ctx.app, stranger.headers, path)).statusCode).toBe(404);
  });

  it("a lesson paid from the wallet and cancelled: its receipt shows the price, the wallet and the refund, in the request's language", async () => {
    const student = await f.student();
    await fundWallet(db, student.user.id, 20_000);
    const s = await slot(7_500);
    const booked = await bookWithBalance(ctx.app, student.headers, s);
    const reservationId = booked.json().reservations[0].id as number;
    const path = `/api/v1/reservations/${reservationId}/receipt`;
    // The booking mail links the lesson's receipt page.
    const mail = await latestMailTo(ctx.database, student.user.email);
    expect(mail?.links.map((link) => link.pathname)).toContain(`/ar/receipts/lesson-${reservationId}`);

    const before = await receipt(ctx.app, student.headers, path, 'ar');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      id: `lesson-${reservationId}`,
      number: `L-${String(reservationId).padStart(6, '0')}`,
      source: 'reservation',
      language: 'ar',
      lines: [
        {
          kind: 'lesson',
          reservationId,
          teacherName: 'Hannah Lee',
          major: 'الفنون الجميلة',
          startTime: s.startTime.toISOString(),
          trial: false,
          move: false,
          amount: '7.500',
        },
      ],
      paidWith: [{ method: 'wallet', amount: '7.500', hours: null }],
      total: '7.500',
      refunds: [],
      refunded: '0.000',
      gatewayReference: null,
    });

    expect((await cancelRequest(ctx.app, student.headers, reservationId)).statusCode).toBe(200);
    const after = await receipt(ctx.app, student.headers, path, 'en');
    expect(after.json()).toMatchObject({
      language: 'en',
      lines: [{ teacherName: 'Hannah Lee', major: 'Fine Arts', amount: '7.500' }],
      refunds: [{ kind: 'cancellation', amount: '7.500', hours: 0, reservationId }],
      refunded: '7.500',
    });
    expect((await receipt(ctx.app, stranger.headers, path)).statusCode).toBe(404);
    expect((await receipt(ctx.app, teacher.headers, path)).statusCode).toBe(404);
    expect((await receipt(ctx.app, admin.headers, path, 'en')).json().refunded).toBe('7.500');
    expect((await receipt(ctx.app, student.headers, '/api/v1/reservations/2147483647/receipt')).statusCode).toBe(404);
  });

  it('a gateway booking: the payment lists its lessons, each lesson names the gateway; unpaid, neither has a receipt', async () => {
    const student = await f.student();
    const [a, b] = [await slot(2_500), await slot(3_500)];
    const booked = await bookRequest(
      ctx.app,
      student.headers,
      { timeSlotIds: [a.id, b.id], paymentMethod: 'payzah', expectedTotal: totalOf(a, b) },
      'multiple',
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const { paymentId, paymentLink, reservations } = booked.json() as {
      paymentId: string;
      paymentLink: string;
      reservations: { id: number }[];
    };
    const lessonPath = `/api/v1/reservations/${reservations[0]?.id}/receipt`;
    expect((await receipt(ctx.app, student.headers, lessonPath)).json()).toMatchObject({ code: 'notPaid' });
    expect((await receipt(ctx.app, student.headers, `/api/v1/payments/${paymentId}/receipt`)).statusCode).toBe(409);

    expect((await finishAtSandbox(ctx.app, paymentLink, 'pay')).statusCode).toBe(303);
    const mail = await latestMailTo(ctx.database, student.user.email);
    expect(mail?.links.map((link) => link.pathname)).toContain(`/ar/receipts/${paymentId}`);
    const paid = await receipt(ctx.app, student.headers, `/api/v1/payments/${paymentId}/receipt`, 'en');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      lines: [
        { kind: 'lesson', startTime: a.startTime.toISOString(), amount: '2.500' },
        { kind: 'lesson', startTime: b.startTime.toISOString(), amount: '3.500' },
      ],
      paidWith: [{ method: 'payzah', amount: '6.000' }],
      total: '6.000',
    });
    const lesson = await receipt(ctx.app, student.headers, lessonPath, 'en');
    expect(lesson.json()).toMatchObject({ paidWith: [{ method: 'payzah' }], lines: [{ kind: 'lesson' }] });
    expect(Number(lesson.json().total)).toBeGreaterThan(0);
  });

  it('hours: a package bought through the gateway, and a lesson paid with its hours whose cancellation gives them back', async () => {
    const [starter] = await insertPackages(db, [starterPackage({ sortOrder: 40 })]);
    if (!starter) throw new Error('package not created');
    const student = await f.student();
    const bought = await purchaseRequest(ctx.app, student.headers, { packageId: starter.id, paymentMethod: 'payzah' });
    expect(bought.statusCode, bought.body).toBe(200);
    const { paymentId, paymentLink } = bought.json() as { paymentId: string; paymentLink: string };
    expect((await finishAtSandbox(ctx.app, paymentLink, 'pay')).statusCode).toBe(303);
    const ar = await receipt(ctx.app, student.headers, `/api/v1/payments/${paymentId}/receipt`, 'ar');
    expect(ar.json()).toMatchObject({
      lines: [{ kind: 'subscription', packageName: 'باقة البداية', hours: 5, amount: '20.000' }],
      total: '20.000',
    });
    const en = await receipt(ctx.app, student.headers, `/api/v1/payments/${paymentId}/receipt`, 'en');
    expect(en.json().lines[0].packageName).toBe('Starter');

    const s = await slot(4_000);
    const booked = await bookWithBalance(ctx.app, student.headers, s);
    const reservationId = booked.json().reservations[0].id as number;
    const path = `/api/v1/reservations/${reservationId}/receipt`;
    const lesson = (await receipt(ctx.app, student.headers, path)).json();
    expect(lesson.paidWith).toEqual([{ method: 'subscription', amount: '4.000', hours: 1 }]);
    expect(lesson.total).toBe('4.000');
    expect((await cancelRequest(ctx.app, student.headers, reservationId)).statusCode).toBe(200);
    expect((await receipt(ctx.app, student.headers, path)).json()).toMatchObject({
      refunds: [{ kind: 'cancellation', amount: '0.000', hours: 1 }],
      refunded: '0.000',
    });
  });
});
