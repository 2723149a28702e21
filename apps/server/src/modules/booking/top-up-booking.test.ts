import { beforeAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import type { TestTeacher } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, liveReservations, walletOf } from '../../test/money.ts';
import { bookRequest, bookWithBalance, finishAtSandbox, pathOf, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Issue 30 item 5 (ADR 026): a short wallet is topped up by the shortfall, the slots held, booked when paid. */
const HOUR = 3600_000;
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let teacher: TestTeacher;

beforeAll(async () => {
  teacher = await f.teacher();
});

let hoursAhead = 48;
const slotOf = (priceFils: number) => {
  hoursAhead += 3;
  return f.slot(teacher.profile.id, new Date(Date.now() + hoursAhead * HOUR), { priceFils, hours: 1 });
};

async function shortWallet(walletFils: number, priceFils: number) {
  const student = await f.student();
  await fundWallet(ctx.database.db, student.user.id, walletFils);
  const slot = await slotOf(priceFils);
  const answer = await bookRequest(ctx.app, student.headers, {
    timeSlotId: slot.id,
    paymentMethod: 'balance',
    topUpWith: 'payzah',
    language: 'en',
    expectedTotal: totalOf(slot),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json() as { paymentId: string; paymentLink: string; topUp: string; paymentStatus: string };
  return { student, slot, body };
}

const query = () => rawQueryOf(ctx.database.db);
const paymentRow = async (id: string) =>
  (await query()('select amount_fils, purpose, status, credited_to_wallet from payments where id = $1', [id]))
    .rows[0] as { amount_fils: string | number; purpose: string; status: string; credited_to_wallet: boolean };
const reservationsOf = async (paymentId: string) =>
  (await query()('select status, paid_with, cash_fils from reservations where payment_id = $1', [paymentId])).rows as {
    status: string;
    paid_with: string;
    cash_fils: string | number;
  }[];
const notificationTypes = async (userId: number) =>
  (
    (await query()('select type from notifications where user_id = $1 order by id', [userId])).rows as {
      type: string;
    }[]
  ).map((row) => row.type);

describe('a short wallet: top up the shortfall and book (issue 30 item 5)', () => {
  it('tops up exactly the shortfall, holds the slot, and books it from the wallet when paid, once', async () => {
    const { student, slot, body } = await shortWallet(5_000, 12_000);
    expect(body).toMatchObject({ paymentStatus: 'PENDING', topUp: '7.000' });
    expect(await paymentRow(body.paymentId)).toMatchObject({ amount_fils: expect.anything(), purpose: 'top_up' });
    expect(Number((await paymentRow(body.paymentId)).amount_fils)).toBe(7_000);
    expect(await reservationsOf(body.paymentId)).toMatchObject([{ status: 'pending' }]);
    // Held meanwhile: another student cannot take it.
    const rival = await f.student();
    await fundWallet(ctx.database.db, rival.user.id, 20_000);
    const taken = await bookRequest(ctx.app, rival.headers, {
      timeSlotId: slot.id,
      paymentMethod: 'balance',
      expectedTotal: totalOf(slot),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('slotUnavailable');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(5_000);

    const back = await finishAtSandbox(ctx.app, body.paymentLink, 'pay');
    expect(String(back.headers.location)).toContain('/en/payment/success');
    expect(await reservationsOf(body.paymentId)).toMatchObject([{ status: 'confirmed', paid_with: 'wallet' }]);
    expect(Number((await reservationsOf(body.paymentId))[0]?.cash_fils)).toBe(12_000);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    // Replays: the return URL again, a webhook's look-up, an admin's reconcile, at once.
    await Promise.all([
      ctx.app.inject({ url: pathOf(`http://x/api/v1/payments/return/${body.paymentId}`) }),
      ctx.app.money.payments.handleNotification(body.paymentId),
      ctx.app.money.payments.reconcileById(body.paymentId),
    ]);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    expect(await liveReservations(ctx.database.db, slot.id)).toBe(1);
    const booked = (await notificationTypes(student.user.id)).filter((type) => type === 'booking.confirmed');
    expect(booked.length).toBe(1);
    // The result page names the lesson it bought.
    const page = await ctx.app.inject({ url: `/api/v1/payments/${body.paymentId}`, headers: student.headers });
    expect(page.json()).toMatchObject({ purpose: 'booking', amount: '7.000', status: 'paid', creditedToWallet: false });
    expect(page.json().purchase).toMatchObject({
      purpose: 'booking',
      lessons: [{ reservationId: expect.any(Number) }],
    });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a failed top-up books nothing and charges nothing; the slot is free again', async () => {
    const { student, slot, body } = await shortWallet(2_000, 9_000);
    expect(body.topUp).toBe('7.000');
    await finishAtSandbox(ctx.app, body.paymentLink, 'fail');
    expect(await reservationsOf(body.paymentId)).toMatchObject([{ status: 'cancelled' }]);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(2_000);
    expect(await liveReservations(ctx.database.db, slot.id)).toBe(0);
    const other = await f.student();
    await fundWallet(ctx.database.db, other.user.id, 9_000);
    await bookWithBalance(ctx.app, other.headers, slot);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a paid top-up whose hold lapsed and slot went to another student leaves exactly the top-up in the wallet', async () => {
    const { student, slot, body } = await shortWallet(5_000, 12_000);
    await query()(`update time_slots set hold_expires_at = now() - interval '1 minute' where id = $1`, [slot.id]);
    const rival = await f.student();
    await fundWallet(ctx.database.db, rival.user.id, 12_000);
    await bookWithBalance(ctx.app, rival.headers, slot);

    await finishAtSandbox(ctx.app, body.paymentLink, 'pay');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(12_000);
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: 'paid', credited_to_wallet: true });
    expect(await reservationsOf(body.paymentId)).toMatchObject([{ status: 'cancelled' }]);
    expect(await liveReservations(ctx.database.db, slot.id)).toBe(1);
    expect(await notificationTypes(student.user.id)).toContain('payment.creditedToWallet');
    // The result page says the times were gone and the amount is in the wallet.
    const page = await ctx.app.inject({ url: `/api/v1/payments/${body.paymentId}`, headers: student.headers });
    expect(page.json()).toMatchObject({ purpose: 'booking', creditedToWallet: true, amount: '7.000' });
    await ctx.app.money.payments.handleNotification(body.paymentId);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(12_000);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a wallet spent in another tab meanwhile: the booking is not made, the top-up stays in the wallet', async () => {
    const { student, body } = await shortWallet(5_000, 12_000);
    const other = await slotOf(5_000);
    await bookWithBalance(ctx.app, student.headers, other);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    await finishAtSandbox(ctx.app, body.paymentLink, 'pay');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(7_000);
    expect(await reservationsOf(body.paymentId)).toMatchObject([{ status: 'cancelled' }]);
    expect(await paymentRow(body.paymentId)).toMatchObject({ credited_to_wallet: true });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('races another student for the same slot: exactly one gets it, the loser is charged nothing', async () => {
    for (let round = 0; round < 3; round += 1) {
      const student = await f.student();
      const rival = await f.student();
      await fundWallet(ctx.database.db, student.user.id, 1_000);
      await fundWallet(ctx.database.db, rival.user.id, 6_000);
      const slot = await slotOf(6_000);
      const [mine, theirs] = await Promise.all([
        bookRequest(ctx.app, student.headers, {
          timeSlotId: slot.id,
          paymentMethod: 'balance',
          topUpWith: 'payzah',
          expectedTotal: totalOf(slot),
        }),
        bookRequest(ctx.app, rival.headers, {
          timeSlotId: slot.id,
          paymentMethod: 'balance',
          expectedTotal: totalOf(slot),
        }),
      ]);
      expect([mine.statusCode, theirs.statusCode].sort()).toEqual([200, 409]);
      expect(await liveReservations(ctx.database.db, slot.id)).toBe(1);
      const started = await query()('select count(*)::int as n from payments where user_id = $1', [student.user.id]);
      expect(Number((started.rows[0] as { n: number }).n)).toBe(mine.statusCode === 200 ? 1 : 0);
      expect(await walletOf(ctx.database.db, student.user.id)).toBe(1_000);
      expect(await walletOf(ctx.database.db, rival.user.id)).toBe(theirs.statusCode === 200 ? 0 : 6_000);
      if (mine.statusCode === 200) {
        await finishAtSandbox(ctx.app, mine.json().paymentLink, 'pay');
        expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
      }
    }
    await expectLedgerConsistent(ctx.database.db);
  });

  it('with enough balance by now it books at once; an unknown gateway is refused', async () => {
    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 8_000);
    const slot = await slotOf(8_000);
    const answer = await bookRequest(ctx.app, student.headers, {
      timeSlotId: slot.id,
      paymentMethod: 'balance',
      topUpWith: 'payzah',
      expectedTotal: totalOf(slot),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ paymentStatus: 'PAID', balance: '0.000' });
    const bad = await bookRequest(ctx.app, student.headers, {
      timeSlotId: (await slotOf(8_000)).id,
      paymentMethod: 'balance',
      topUpWith: 'knet',
      expectedTotal: '8.000',
    });
    expect(bad.statusCode).toBe(422);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
  });
});
