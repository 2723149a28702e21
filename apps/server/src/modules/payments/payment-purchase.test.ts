import { paymentSchema } from '@ustaz/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import { createFactories, starterPackage, type TestTeacher, type TestUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/helpers.ts';
import { bookRequest, finishAtSandbox, purchaseRequest, totalOf } from '../../test/requests.ts';
import { insertPackages } from '../subscriptions/subscriptions.repo.ts';

const HOUR = 3600_000;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let f: ReturnType<typeof createFactories>;
let teacher: TestTeacher;
let other: TestTeacher;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimitMax: 1_000_000 });
  f = createFactories(ctx.database);
  teacher = await f.teacher({ firstName: 'فهد', lastName: 'الكندري' });
  other = await f.teacher({ firstName: 'Huda', lastName: 'Salem' });
});
afterAll(async () => {
  await ctx.close();
});

const read = (paymentId: string, user: TestUser | TestTeacher, language: 'ar' | 'en' = 'ar') =>
  ctx.app.inject({
    url: `/api/v1/payments/${paymentId}`,
    headers: { ...user.headers, 'accept-language': language },
  });

/** Top of the hour some days ahead, so that the slots never overlap. */
const at = (hoursAhead: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hoursAhead * HOUR);

describe('what a payment bought, on its result page (issue 17)', () => {
  it('a booking names each lesson’s teacher with its start and end; only the payer may read it', async () => {
    const student = await f.student();
    const later = await f.slot(teacher.profile.id, at(100), { priceFils: 6_000, hours: 1 });
    const sooner = await f.slot(other.profile.id, at(50), { priceFils: 5_000, hours: 1.5 });
    const booked = await bookRequest(
      ctx.app,
      student.headers,
      { timeSlotIds: [later.id, sooner.id], paymentMethod: 'payzah', expectedTotal: totalOf(later, sooner) },
      'multiple',
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const { paymentId, paymentLink } = booked.json();

    // Pending already says what is being paid for.
    const pending = await read(paymentId, student);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().purchase.lessons).toHaveLength(2);

    expect((await finishAtSandbox(ctx.app, paymentLink, 'pay')).statusCode).toBe(303);
    const paid = await read(paymentId, student);
    expect(paid.statusCode).toBe(200);
    const body = paymentSchema.parse(paid.json());
    expect(body.status).toBe('paid');
    expect(body.purchase).toEqual({
      purpose: 'booking',
      lessons: [
        {
          reservationId: expect.any(Number),
          teacher: { id: other.user.id, firstName: 'Huda', lastName: 'Salem' },
          startTime: sooner.startTime.toISOString(),
          endTime: sooner.endTime.toISOString(),
        },
        {
          reservationId: expect.any(Number),
          teacher: { id: teacher.user.id, firstName: 'فهد', lastName: 'الكندري' },
          startTime: later.startTime.toISOString(),
          endTime: later.endTime.toISOString(),
        },
      ],
    });

    // The teacher (whose lesson it is) and a stranger get 404, as for a payment that does not exist.
    for (const reader of [teacher, other, await f.student()]) {
      const refused = await read(paymentId, reader);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('Salem');
    }
  });

  it('names the teacher in the page’s language where the teacher spelled it for it (ADR 020)', async () => {
    const spelled = await f.teacher({ firstName: 'مريم', lastName: 'الشمري' });
    await rawQueryOf(ctx.database.db)('update users set first_name_en = $1, last_name_en = $2 where id = $3', [
      'Maryam',
      'Al-Shammari',
      spelled.user.id,
    ]);
    const student = await f.student();
    const slot = await f.slot(spelled.profile.id, at(150), { priceFils: 4_000, hours: 1 });
    const booked = await bookRequest(ctx.app, student.headers, {
      timeSlotId: slot.id,
      paymentMethod: 'payzah',
      expectedTotal: totalOf(slot),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const { paymentId } = booked.json();
    const teacherIn = async (language: 'ar' | 'en') =>
      paymentSchema.parse((await read(paymentId, student, language)).json()).purchase;
    expect(await teacherIn('en')).toMatchObject({
      lessons: [{ teacher: { id: spelled.user.id, firstName: 'Maryam', lastName: 'Al-Shammari' } }],
    });
    expect(await teacherIn('ar')).toMatchObject({
      lessons: [{ teacher: { id: spelled.user.id, firstName: 'مريم', lastName: 'الشمري' } }],
    });
  });

  it('a top-up says the amount; a subscription names its package in the request’s language', async () => {
    const student = await f.student();
    const topUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/balance/top-up/deema',
      headers: student.headers,
      payload: { amount: '15.250', language: 'en' },
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    expect((await read(topUp.json().paymentId, student)).json().purchase).toEqual({
      purpose: 'top_up',
      amount: '15.250',
    });

    const [pkg] = await insertPackages(ctx.database.db, [starterPackage()]);
    if (!pkg) throw new Error('package not created');
    const bought = await purchaseRequest(ctx.app, student.headers, { packageId: pkg.id, paymentMethod: 'payzah' });
    expect(bought.statusCode, bought.body).toBe(200);
    const { paymentId } = bought.json();
    expect((await read(paymentId, student, 'en')).json().purchase).toEqual({
      purpose: 'subscription',
      package: { id: pkg.id, name: 'Starter', hours: 5 },
    });
    expect((await read(paymentId, student, 'ar')).json().purchase.package.name).toBe('باقة البداية');
    expect((await read(paymentId, await f.student(), 'en')).statusCode).toBe(404);
  });
});
