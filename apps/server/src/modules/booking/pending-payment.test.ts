import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import type { TestTeacher } from '../../test/factories.ts';
import { bookRequest, finishAtSandbox, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

const HOUR = 3600_000;
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let teacher: TestTeacher;

beforeAll(async () => {
  teacher = await f.teacher();
});

describe('a pending gateway booking on the reservations list (issue 17)', () => {
  it('tells the student until when the held slot can be paid; the teacher and other reservations get null', async () => {
    const student = await f.student();
    const slot = await f.slot(teacher.profile.id, new Date(Date.now() + 72 * HOUR), { priceFils: 12_000, hours: 1 });
    const booked = await bookRequest(ctx.app, student.headers, {
      timeSlotId: slot.id,
      paymentMethod: 'deema',
      expectedTotal: totalOf(slot),
    });
    expect(booked.statusCode).toBe(200);
    const body = booked.json();
    expect(body.paymentStatus).toBe('PENDING');

    const list = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: student.headers });
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.find((r: { paymentId: string | null }) => r.paymentId === body.paymentId);
    expect(mine.status).toBe('pending');
    // 'continue payment' is the very checkout page the booking answer sent the student to.
    expect(body.paymentLink).toMatch(/^https?:\/\//);
    expect(mine.payment).toEqual({ url: body.paymentLink, expiresAt: body.holdExpiresAt });
    expect(Date.parse(mine.payment.expiresAt)).toBeGreaterThan(Date.now());

    const asTeacher = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: teacher.headers });
    const theirs = asTeacher.json().data.find((r: { paymentId: string | null }) => r.paymentId === body.paymentId);
    expect(theirs.status).toBe('pending');
    expect(theirs.payment).toBeNull();
  });

  type Listed = { id: number; paymentId: string | null; status: string; payment: unknown };
  const listed = async (headers: Record<string, string>, paymentId: string): Promise<Listed | undefined> => {
    const list = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers });
    expect(list.statusCode).toBe(200);
    return (list.json().data as Listed[]).find((r) => r.paymentId === paymentId);
  };

  it('keeps the link from nobody but the payer, and from them too once the hold lapsed or the payment settled', async () => {
    const student = await f.student();
    const lapsing = await f.slot(teacher.profile.id, new Date(Date.now() + 80 * HOUR), { priceFils: 11_000, hours: 1 });
    const paying = await f.slot(teacher.profile.id, new Date(Date.now() + 90 * HOUR), { priceFils: 11_000, hours: 1 });
    const book = async (timeSlotId: number, paymentMethod: 'payzah' | 'deema') => {
      const answer = await bookRequest(ctx.app, student.headers, {
        timeSlotId,
        paymentMethod,
        expectedTotal: '11.000',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { paymentId: string; paymentLink: string; holdExpiresAt: string };
    };
    const first = await book(lapsing.id, 'payzah');
    const second = await book(paying.id, 'deema');
    expect((await listed(student.headers, first.paymentId))?.payment).toEqual({
      url: first.paymentLink,
      expiresAt: first.holdExpiresAt,
    });
    expect((await listed(teacher.headers, first.paymentId))?.payment).toBeNull();

    // The hold lapsed (the sweeper has not run yet: the payment is still pending): no link, no countdown.
    await ctx.database.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.id, first.paymentId));
    const lapsed = await listed(student.headers, first.paymentId);
    expect(lapsed?.status).toBe('pending');
    expect(lapsed?.payment).toBeNull();

    // Paid at the gateway: the reservation is confirmed and the link is gone.
    expect((await listed(student.headers, second.paymentId))?.payment).toMatchObject({ url: second.paymentLink });
    const back = await finishAtSandbox(ctx.app, second.paymentLink, 'pay');
    expect(back.statusCode).toBe(303);
    const paid = await listed(student.headers, second.paymentId);
    expect(paid?.status).toBe('confirmed');
    expect(paid?.payment).toBeNull();
  });
});
