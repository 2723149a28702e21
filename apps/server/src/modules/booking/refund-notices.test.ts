import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.ts';
import type { TestUser } from '../../test/factories.ts';
import { attend, expectLedgerConsistent, fundWallet } from '../../test/money.ts';
import { bookRequest, bookWithBalance, cancelRequest, finishAtSandbox, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { insertPackages } from '../subscriptions/subscriptions.repo.ts';

/*
 * Issue 30 items 9 and 10: what a refund tells each reader. A no-show notice addresses its reader
 * (the student got the refund; the teacher reads which student did). A lesson paid from several
 * sources names each on the reservation and in the refund notice; a gateway lesson never paid
 * shows no price as if paid (`paidBy` null).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });
let offset = 0;

const noticesOf = async (user: TestUser, type: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, user.user.id))).filter(
    (row) => row.type === type,
  );

describe('a teacher no-show notice addresses its reader (item 9)', () => {
  it('the student’s copy names the teacher, the teacher’s names the student; each with the start', async () => {
    const teacher = await f.teacher({ firstName: 'Mona', lastName: 'Al-Sabah' });
    const student = await f.student({ firstName: 'Fahad', lastName: 'Al-Ali' });
    await fundWallet(t.database.db, student.user.id, 8_000);
    offset += 3;
    const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + (48 + offset) * HOUR);
    const slot = await f.slot(teacher.profile.id, start, { priceFils: 8_000 });
    const booked = await bookWithBalance(t.app, student.headers, slot);
    const id: number = booked.json().reservations[0].id;
    await attend(t.database.db, id, 'student');
    await t.app.money.booking.lessonOutcomes(new Date(start.getTime() + 16 * MINUTE));

    const [toStudent] = await noticesOf(student, 'lesson.teacherNoShow');
    expect(toStudent?.data).toEqual({
      reservationId: id,
      startTime: start.toISOString(),
      teacherName: 'Mona Al-Sabah',
    });
    const [toTeacher] = await noticesOf(teacher, 'lesson.teacherNoShow');
    expect(toTeacher?.data).toEqual({ reservationId: id, startTime: start.toISOString(), studentName: 'Fahad Al-Ali' });
  });
});

type Listed = { id: number; status: string; paidWith: string; paidBy: unknown };
async function listed(user: TestUser, scope: string, id: number): Promise<Listed | undefined> {
  const list = await t.app.inject({ url: `/api/v1/reservations?scope=${scope}`, headers: user.headers });
  expect(list.statusCode).toBe(200);
  return (list.json().data as Listed[]).find((row) => row.id === id);
}

async function slotAt(teacher: Awaited<ReturnType<typeof f.teacher>>, priceFils: number) {
  offset += 3;
  return f.slot(teacher.profile.id, new Date(Date.now() + (72 + offset) * HOUR), { priceFils });
}

describe('every source of a payment is named (item 10)', () => {
  it('1 hour of subscription and 2.500 KWD of wallet: both on the reservation, both in the refund notice', async () => {
    const teacher = await f.teacher({ firstName: 'Mona', lastName: 'Al-Sabah' });
    const student = await f.student();
    const [pkg] = await insertPackages(t.database.db, [
      { nameAr: 'باقة ٣٠', nameEn: 'Package 30', hours: 5, priceFils: 45_000, validityDays: 30 },
    ]);
    await fundWallet(t.database.db, student.user.id, 45_000 + 2_500);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/purchase',
      headers: student.headers,
      payload: { packageId: pkg?.id, paymentMethod: 'balance' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const slot = await slotAt(teacher, 11_500);
    const booked = await bookWithBalance(t.app, student.headers, slot);
    const id: number = booked.json().reservations[0].id;
    const paidBy = { subscriptionHours: 1, subscriptionValue: '9.000', wallet: '2.500', gateway: '0.000' };
    expect(booked.json().reservations[0].paidBy).toEqual(paidBy);
    expect(await listed(student, 'upcoming', id)).toMatchObject({ paidWith: 'subscription', paidBy });

    const cancelled = await cancelRequest(t.app, student.headers, id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refund).toEqual({ to: 'subscription', amount: '2.500', hours: 1 });
    const [refunded] = await noticesOf(student, 'booking.refunded');
    expect(refunded?.data).toMatchObject({ to: 'subscription', hours: 1, amount: '2.500', paidWith: 'subscription' });
    // Still paid (and refunded) on the cancelled tab, by the same sources.
    expect(await listed(student, 'cancelled', id)).toMatchObject({ paidBy });
    await expectLedgerConsistent(t.database.db);
  });

  it('a gateway lesson: paid names the gateway (and the refund notice too); failed shows no price as paid', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const book = async () => {
      const slot = await slotAt(teacher, 12_000);
      const answer = await bookRequest(t.app, student.headers, {
        timeSlotId: slot.id,
        paymentMethod: 'payzah',
        expectedTotal: totalOf(slot),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { paymentLink: string; reservations: { id: number; paidBy: unknown }[] };
    };
    const failing = await book();
    expect(failing.reservations[0]?.paidBy).toBeNull();
    await finishAtSandbox(t.app, failing.paymentLink, 'fail');
    const failedId = failing.reservations[0]?.id ?? 0;
    expect(await listed(student, 'cancelled', failedId)).toMatchObject({ status: 'cancelled', paidBy: null });

    const paying = await book();
    await finishAtSandbox(t.app, paying.paymentLink, 'pay');
    const paidId = paying.reservations[0]?.id ?? 0;
    expect(await listed(student, 'upcoming', paidId)).toMatchObject({
      status: 'confirmed',
      paidWith: 'payzah',
      paidBy: { subscriptionHours: 0, subscriptionValue: '0.000', wallet: '0.000', gateway: '12.000' },
    });
    expect((await cancelRequest(t.app, teacher.headers, paidId)).statusCode).toBe(200);
    const refund = (await noticesOf(student, 'booking.refunded')).find(
      (row) => (row.data as { reservationId?: number }).reservationId === paidId,
    );
    expect(refund?.data).toMatchObject({ to: 'wallet', amount: '12.000', paidWith: 'payzah' });
    // Paid, then refunded: the cancelled lesson still shows what paid it.
    expect(await listed(student, 'cancelled', paidId)).toMatchObject({ paidBy: { gateway: '12.000' } });
  });
});
