import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, walletOf } from '../../test/money.ts';
import { bookRequest, cancelRequest, finishAtSandbox } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/*
 * Issue 30 item 2: cancelling every lesson of a pending gateway payment ends the payment at once,
 * in the same transaction, so the limit of payments waiting (BOOKING.maxPendingPayments) lifts and
 * the student can book again without waiting for the hold to lapse.
 */

const HOUR = 3600_000;
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });
let offset = 0;

async function slots(teacher: TestTeacher, n: number) {
  const made = [];
  for (let i = 0; i < n; i += 1) {
    offset += 2;
    made.push(await f.slot(teacher.profile.id, new Date(Date.now() + (60 + offset) * HOUR), { priceFils: 12_000 }));
  }
  return made;
}

async function hold(student: TestUser, ids: number[]) {
  return bookRequest(
    t.app,
    student.headers,
    { timeSlotIds: ids, paymentMethod: 'payzah', expectedTotal: ((12_000 * ids.length) / 1000).toFixed(3) },
    'multiple',
  );
}

const statusOf = async (paymentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.status;

describe('cancelling the lessons of a pending gateway payment cancels the payment', () => {
  it('the last lesson cancelled expires the payment at once and the limit lifts; one of two is not enough', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const [a, b, c, d] = await slots(teacher, 4);
    const first = await hold(student, [a?.id ?? 0, b?.id ?? 0]);
    expect(first.statusCode, first.body).toBe(200);
    expect((await hold(student, [c?.id ?? 0])).statusCode).toBe(200);
    const blocked = await hold(student, [d?.id ?? 0]);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('tooManyPendingPayments');

    const { paymentId, reservations } = first.json() as { paymentId: string; reservations: { id: number }[] };
    // One lesson of the two cancelled: the payment still waits for the other.
    expect((await cancelRequest(t.app, student.headers, reservations[0]?.id ?? 0)).statusCode).toBe(200);
    expect(await statusOf(paymentId)).toBe('pending');
    expect((await hold(student, [d?.id ?? 0])).statusCode).toBe(429);

    // The last one cancelled: the payment is over, the student may book again right away.
    expect((await cancelRequest(t.app, student.headers, reservations[1]?.id ?? 0)).statusCode).toBe(200);
    expect(await statusOf(paymentId)).toBe('expired');
    const seen = await t.app.inject({ url: `/api/v1/payments/${paymentId}`, headers: student.headers });
    expect(seen.json().status).toBe('expired');
    const again = await hold(student, [d?.id ?? 0]);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('paid at the gateway after all its lessons were cancelled: the money goes to the wallet, not lost', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const [a] = await slots(teacher, 1);
    const booked = await hold(student, [a?.id ?? 0]);
    expect(booked.statusCode, booked.body).toBe(200);
    const { paymentId, paymentLink, reservations } = booked.json();
    expect((await cancelRequest(t.app, student.headers, reservations[0].id)).statusCode).toBe(200);
    expect(await statusOf(paymentId)).toBe('expired');
    await finishAtSandbox(t.app, paymentLink, 'pay');
    expect(await statusOf(paymentId)).toBe('paid');
    expect(await walletOf(t.database.db, student.user.id)).toBe(12_000);
    await expectLedgerConsistent(t.database.db);
  });
});
