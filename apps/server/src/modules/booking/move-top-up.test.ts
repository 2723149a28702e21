import { beforeAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import type { TestTeacher } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, liveReservations, walletOf } from '../../test/money.ts';
import { bookRequest, bookWithBalance, finishAtSandbox, pathOf, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Issue 32 (ADR 033): a dearer move the balance cannot pay is paid through a gateway top-up of
 * exactly the shortfall, the new slot held meanwhile; the move happens when it is paid, or the money
 * stays in the wallet. Runs on PGlite and PostgreSQL against the local sandbox gateway.
 */
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

type Headers = Awaited<ReturnType<typeof f.student>>['headers'];
const move = (
  headers: Headers,
  reservationId: number,
  slot: { id: number; priceFils: number },
  extra: Record<string, unknown> = { topUpWith: 'payzah', language: 'en' },
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/reservations/${reservationId}/reschedule`,
    headers,
    payload: { timeSlotId: slot.id, expectedTotal: totalOf(slot), ...extra },
  });

const query = () => rawQueryOf(ctx.database.db);
const lesson = async (id: number) => {
  const row = (
    await query()('select time_slot_id, price_fils, cash_fils, revision, status from reservations where id = $1', [id])
  ).rows[0] as Record<string, unknown>;
  return {
    slot: Number(row.time_slot_id),
    price: Number(row.price_fils),
    cash: Number(row.cash_fils),
    revision: Number(row.revision),
    status: row.status,
  };
};
const slotState = async (id: number) =>
  (await query()('select status, hold_payment_id from time_slots where id = $1', [id])).rows[0] as {
    status: string;
    hold_payment_id: string | null;
  };
const paymentRow = async (id: string) =>
  (await query()('select amount_fils, purpose, status, credited_to_wallet from payments where id = $1', [id]))
    .rows[0] as { amount_fils: string | number; purpose: string; status: string; credited_to_wallet: boolean };
const notifications = async (userId: number) =>
  (await query()('select type, data from notifications where user_id = $1 order by id', [userId])).rows as {
    type: string;
    data: Record<string, unknown>;
  }[];

/** A student who booked a 10 KWD lesson from the wallet and has `leftFils` left, asking to move it to a 16 KWD slot. */
async function shortMove(leftFils: number) {
  const student = await f.student();
  await fundWallet(ctx.database.db, student.user.id, 10_000 + leftFils);
  const slot = await slotOf(10_000);
  const reservationId = (await bookWithBalance(ctx.app, student.headers, slot)).json().reservations[0].id as number;
  const target = await slotOf(16_000);
  const answer = await move(student.headers, reservationId, target);
  expect(answer.statusCode, answer.body).toBe(202);
  const topUp = answer.json().topUp as {
    paymentId: string;
    paymentLink: string;
    amount: string;
    holdExpiresAt: string;
  };
  return { student, slot, target, reservationId, topUp, answer };
}

describe('a dearer move paid through a gateway top-up (issue 32, ADR 033)', () => {
  it('holds the new slot for a top-up of the shortfall, and moves the lesson from the wallet when paid, once', async () => {
    const { student, slot, target, reservationId, topUp, answer } = await shortMove(2_000);
    // 6 KWD more; the wallet has 2: the gateway pays 4. The lesson keeps its time meanwhile.
    expect(topUp.amount).toBe('4.000');
    expect(answer.json().reservation).toMatchObject({ id: reservationId });
    expect(await paymentRow(topUp.paymentId)).toMatchObject({ purpose: 'top_up', status: 'pending' });
    expect(Number((await paymentRow(topUp.paymentId)).amount_fils)).toBe(4_000);
    expect(await lesson(reservationId)).toMatchObject({ slot: slot.id, price: 10_000, revision: 0 });
    expect(await slotState(target.id)).toEqual({ status: 'held', hold_payment_id: topUp.paymentId });
    // Held: another student cannot book it, and the lesson cannot start a second move meanwhile.
    const rival = await f.student();
    await fundWallet(ctx.database.db, rival.user.id, 20_000);
    const taken = await bookRequest(ctx.app, rival.headers, {
      timeSlotId: target.id,
      paymentMethod: 'balance',
      expectedTotal: totalOf(target),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('slotUnavailable');
    const other = await slotOf(10_000);
    const again = await move(student.headers, reservationId, other);
    expect([again.statusCode, again.json().code]).toEqual([409, 'moveAwaitingPayment']);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(2_000);

    const back = await finishAtSandbox(ctx.app, topUp.paymentLink, 'pay');
    expect(String(back.headers.location)).toContain('/en/payment/success');
    expect(await lesson(reservationId)).toMatchObject({
      slot: target.id,
      price: 16_000,
      cash: 16_000,
      revision: 1,
      status: 'confirmed',
    });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    expect(await slotState(slot.id)).toMatchObject({ status: 'open' });
    expect(await slotState(target.id)).toEqual({ status: 'booked', hold_payment_id: null });
    // Replays: the return URL again, a webhook's look-up, an admin's reconcile, at once: no second move.
    await Promise.all([
      ctx.app.inject({ url: pathOf(`http://x/api/v1/payments/return/${topUp.paymentId}`) }),
      ctx.app.money.payments.handleNotification(topUp.paymentId),
      ctx.app.money.payments.reconcileById(topUp.paymentId),
    ]);
    expect(await lesson(reservationId)).toMatchObject({ slot: target.id, revision: 1 });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    const moved = (await notifications(student.user.id)).filter((n) => n.type === 'booking.rescheduled');
    expect(moved.length).toBe(1);
    const teacherMoved = (await notifications(teacher.user.id)).filter(
      (n) => n.type === 'booking.rescheduled' && n.data.reservationId === reservationId,
    );
    expect(teacherMoved.length).toBe(1);
    // The result page names the lesson at its new time.
    const page = await ctx.app.inject({ url: `/api/v1/payments/${topUp.paymentId}`, headers: student.headers });
    expect(page.json()).toMatchObject({ status: 'paid', creditedToWallet: false, amount: '4.000' });
    expect(page.json().purchase).toMatchObject({
      purpose: 'booking',
      move: true,
      lessons: [{ reservationId, startTime: target.startTime.toISOString() }],
    });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a failed top-up moves nothing and charges nothing; the new slot is free again and the student is told', async () => {
    const { student, slot, target, reservationId, topUp } = await shortMove(1_000);
    await finishAtSandbox(ctx.app, topUp.paymentLink, 'fail');
    expect(await lesson(reservationId)).toMatchObject({
      slot: slot.id,
      price: 10_000,
      revision: 0,
      status: 'confirmed',
    });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(1_000);
    expect(await slotState(target.id)).toEqual({ status: 'open', hold_payment_id: null });
    const failed = (await notifications(student.user.id)).find((n) => n.type === 'payment.failed');
    expect(failed?.data).toMatchObject({ paymentId: topUp.paymentId, purpose: 'move', reservationId });
    // The lesson can be moved again at once (wallet topped up meanwhile).
    await fundWallet(ctx.database.db, student.user.id, 5_000);
    expect((await move(student.headers, reservationId, target)).statusCode).toBe(200);
    expect(await lesson(reservationId)).toMatchObject({ slot: target.id, revision: 1 });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a paid top-up whose hold lapsed and slot went to another student leaves exactly the top-up in the wallet', async () => {
    const { student, slot, target, reservationId, topUp } = await shortMove(2_000);
    await query()(`update time_slots set hold_expires_at = now() - interval '1 minute' where id = $1`, [target.id]);
    const rival = await f.student();
    await fundWallet(ctx.database.db, rival.user.id, 16_000);
    await bookWithBalance(ctx.app, rival.headers, target);

    await finishAtSandbox(ctx.app, topUp.paymentLink, 'pay');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(6_000);
    expect(await paymentRow(topUp.paymentId)).toMatchObject({ status: 'paid', credited_to_wallet: true });
    expect(await lesson(reservationId)).toMatchObject({
      slot: slot.id,
      price: 10_000,
      revision: 0,
      status: 'confirmed',
    });
    expect(await liveReservations(ctx.database.db, target.id)).toBe(1);
    expect((await notifications(student.user.id)).map((n) => n.type)).toContain('payment.creditedToWallet');
    await ctx.app.money.payments.handleNotification(topUp.paymentId);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(6_000);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a lesson cancelled while its move waits stays cancelled: the paid top-up stays in the wallet, the slot is freed', async () => {
    const { student, target, reservationId, topUp } = await shortMove(2_000);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/reservations/${reservationId}/cancel`,
      headers: student.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The cancellation refunded the 10 KWD lesson: 2 + 10 in the wallet.
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(12_000);
    await finishAtSandbox(ctx.app, topUp.paymentLink, 'pay');
    expect(await lesson(reservationId)).toMatchObject({ status: 'cancelled', revision: 0 });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(16_000);
    expect(await slotState(target.id)).toEqual({ status: 'open', hold_payment_id: null });
    expect(await paymentRow(topUp.paymentId)).toMatchObject({ credited_to_wallet: true });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('without topUpWith a short balance is 422 as before; with it and a balance that pays, the move is made at once (200)', async () => {
    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 10_000);
    const slot = await slotOf(10_000);
    const reservationId = (await bookWithBalance(ctx.app, student.headers, slot)).json().reservations[0].id as number;
    const target = await slotOf(13_000);
    const short = await move(student.headers, reservationId, target, {});
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ expectedTotal: 'insufficientBalance' });
    expect(await slotState(target.id)).toMatchObject({ status: 'open' });
    // Nothing was started: no payment of this student.
    const started = await query()('select count(*)::int as n from payments where user_id = $1', [student.user.id]);
    expect(Number((started.rows[0] as { n: number }).n)).toBe(0);
    await fundWallet(ctx.database.db, student.user.id, 3_000);
    const paid = await move(student.headers, reservationId, target);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().difference).toMatchObject({ charged: '3.000', to: 'wallet' });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refuses a gateway move of a lesson that is not the student’s (404), holding nothing', async () => {
    const { reservationId } = await shortMove(2_000);
    const stranger = await f.student();
    const target = await slotOf(16_000);
    const refused = await move(stranger.headers, reservationId, target);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'notFound']);
    expect(await slotState(target.id)).toMatchObject({ status: 'open' });
  });
});
