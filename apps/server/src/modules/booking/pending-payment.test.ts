import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactories, type TestTeacher } from '../../test/factories.ts';
import { createTestApp } from '../../test/helpers.ts';
import { bookRequest } from '../../test/requests.ts';

const HOUR = 3600_000;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let f: ReturnType<typeof createFactories>;
let teacher: TestTeacher;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimitMax: 1_000_000 });
  f = createFactories(ctx.database);
  teacher = await f.teacher();
});
afterAll(async () => {
  await ctx.close();
});

describe('a pending gateway booking on the reservations list (issue 17)', () => {
  it('tells the student until when the held slot can be paid; the teacher and other reservations get null', async () => {
    const student = await f.student();
    const slot = await f.slot(teacher.profile.id, new Date(Date.now() + 72 * HOUR), { priceFils: 12_000, hours: 1 });
    const booked = await bookRequest(ctx.app, student.headers, { timeSlotId: slot.id, paymentMethod: 'deema' });
    expect(booked.statusCode).toBe(200);
    const body = booked.json();
    expect(body.paymentStatus).toBe('PENDING');

    const list = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: student.headers });
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.find((r: { paymentId: string | null }) => r.paymentId === body.paymentId);
    expect(mine.status).toBe('pending');
    expect(mine.payment).toEqual({ url: null, expiresAt: body.holdExpiresAt });
    expect(Date.parse(mine.payment.expiresAt)).toBeGreaterThan(Date.now());

    const asTeacher = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: teacher.headers });
    const theirs = asTeacher.json().data.find((r: { paymentId: string | null }) => r.paymentId === body.paymentId);
    expect(theirs.status).toBe('pending');
    expect(theirs.payment).toBeNull();
  });
});
