import { describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../../test/money.ts';
import { bookRequest, bookWithBalance, finishAtSandbox, purchaseRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { insertPackages } from '../subscriptions/subscriptions.repo.ts';

/**
 * Issue 32 (ADR 033): a move's price difference follows where the lesson was paid from. A lesson
 * paid at a gateway and moved to a dearer slot shows the difference as the wallet's, not the
 * gateway's; a subscription that ended since cannot pay or take back hours. PGlite and PostgreSQL.
 */
const HOUR = 3600_000;
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });
let hoursAhead = 60;

type Headers = Awaited<ReturnType<typeof f.student>>['headers'];
type PaidBy = { subscriptionHours: number; subscriptionValue: string; wallet: string; gateway: string };

const query = () => rawQueryOf(t.database.db);
const slotOf = async (teacherProfileId: number, priceFils: number) => {
  hoursAhead += 3;
  return f.slot(teacherProfileId, new Date(Date.now() + hoursAhead * HOUR), { priceFils });
};
const move = (headers: Headers, reservationId: number, slot: { id: number; priceFils: number }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/reservations/${reservationId}/reschedule`,
    headers,
    payload: { timeSlotId: slot.id, expectedTotal: totalOf(slot) },
  });
const paidByOf = async (headers: Headers, reservationId: number): Promise<PaidBy | undefined> => {
  const answer = await t.app.inject({ method: 'GET', url: '/api/v1/reservations?scope=upcoming&limit=50', headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().data as { id: number; paidBy: PaidBy }[]).find((row) => row.id === reservationId)?.paidBy;
};

describe('a move’s difference and where the lesson was paid from (issue 32)', () => {
  it('a gateway lesson moved dearer: the difference is the wallet’s; moved cheaper: the wallet’s part goes back first', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const first = await slotOf(teacher.profile.id, 12_000);
    const booked = await bookRequest(t.app, student.headers, {
      timeSlotId: first.id,
      paymentMethod: 'payzah',
      expectedTotal: totalOf(first),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await finishAtSandbox(t.app, booked.json().paymentLink, 'pay');
    const id = booked.json().reservations[0].id as number;
    expect(await paidByOf(student.headers, id)).toMatchObject({ wallet: '0.000', gateway: '12.000' });

    await fundWallet(t.database.db, student.user.id, 3_000);
    const dearer = await slotOf(teacher.profile.id, 14_000);
    const up = await move(student.headers, id, dearer);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().difference).toEqual({ charged: '2.000', refunded: '0.000', to: 'wallet' });
    expect(await paidByOf(student.headers, id)).toEqual({
      subscriptionHours: 0,
      subscriptionValue: '0.000',
      wallet: '2.000',
      gateway: '12.000',
    });
    expect(await walletOf(t.database.db, student.user.id)).toBe(1_000);

    const cheaper = await slotOf(teacher.profile.id, 9_000);
    const down = await move(student.headers, id, cheaper);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().difference).toEqual({ charged: '0.000', refunded: '5.000', to: 'wallet' });
    // 5 back: the wallet's 2 first, then 3 of the gateway's 12 (to the wallet, as every refund).
    expect(await paidByOf(student.headers, id)).toMatchObject({ wallet: '0.000', gateway: '9.000' });
    expect(await walletOf(t.database.db, student.user.id)).toBe(6_000);
    const row = (await query()('select cash_fils, wallet_fils from reservations where id = $1', [id])).rows[0] as {
      cash_fils: string;
      wallet_fils: string;
    };
    expect([Number(row.cash_fils), Number(row.wallet_fils)]).toEqual([9_000, 0]);
    await expectLedgerConsistent(t.database.db);
  });

  it('hours that ended since the booking: a dearer move is paid from the wallet, not the ended hours', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const [pkg] = await insertPackages(t.database.db, [
      { nameAr: 'ساعات', nameEn: 'Hours', hours: 4, priceFils: 40_000, validityDays: 30 },
    ]);
    if (!pkg) throw new Error('package');
    await fundWallet(t.database.db, student.user.id, 40_000);
    const bought = await purchaseRequest(t.app, student.headers, { packageId: pkg.id, paymentMethod: 'balance' });
    expect(bought.statusCode, bought.body).toBe(200);
    const slot = await slotOf(teacher.profile.id, 10_000);
    const answer = await bookWithBalance(t.app, student.headers, slot);
    expect(answer.json().paidWith).toBe('subscription');
    const id = answer.json().reservations[0].id as number;
    // The package ends (its validity passed) before the student moves the lesson.
    await query()("update user_subscriptions set expires_at = now() - interval '1 hour' where user_id = $1", [
      student.user.id,
    ]);
    const dearer = await slotOf(teacher.profile.id, 13_000);
    expect((await move(student.headers, id, dearer)).statusCode).toBe(422);
    await fundWallet(t.database.db, student.user.id, 3_000);
    const up = await move(student.headers, id, dearer);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().difference).toEqual({ charged: '3.000', refunded: '0.000', to: 'wallet' });
    expect(await paidByOf(student.headers, id)).toMatchObject({ subscriptionValue: '10.000', wallet: '3.000' });
    expect(await walletOf(t.database.db, student.user.id)).toBe(0);
    await expectLedgerConsistent(t.database.db);
  });

  it('hours that ended since the booking: a cheaper move gives their value back to the wallet', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const [pkg] = await insertPackages(t.database.db, [
      { nameAr: 'ساعات', nameEn: 'Hours', hours: 2, priceFils: 20_000, validityDays: 30 },
    ]);
    if (!pkg) throw new Error('package');
    await fundWallet(t.database.db, student.user.id, 20_000);
    expect(
      (await purchaseRequest(t.app, student.headers, { packageId: pkg.id, paymentMethod: 'balance' })).statusCode,
    ).toBe(200);
    const slot = await slotOf(teacher.profile.id, 10_000);
    const id = (await bookWithBalance(t.app, student.headers, slot)).json().reservations[0].id as number;
    await query()("update user_subscriptions set expires_at = now() - interval '1 hour' where user_id = $1", [
      student.user.id,
    ]);
    const cheaper = await slotOf(teacher.profile.id, 6_000);
    const down = await move(student.headers, id, cheaper);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().difference.refunded).toBe('4.000');
    // The ended package takes nothing back: the lesson keeps 6.000 and the wallet gets the rest.
    const paidBy = await paidByOf(student.headers, id);
    const kept = Number(paidBy?.subscriptionValue) + Number(paidBy?.wallet) + Number(paidBy?.gateway);
    expect(kept).toBe(6);
    expect(await walletOf(t.database.db, student.user.id)).toBe(4_000);
    await expectLedgerConsistent(t.database.db);
  });
});
