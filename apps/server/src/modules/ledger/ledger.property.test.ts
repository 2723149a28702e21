import { filsToKwd, kwdToFils, PAYOUT_MIN_KWD, ROLE } from '@ustaz/contract';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, rawQueryOf } from '../../db/client.ts';
import { reservations, type SubscriptionPackageRow, timeSlots } from '../../db/schema.ts';
import { sweepMoney } from '../../jobs/money-sweeper.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { testConfig } from '../../test/helpers.ts';
import { completeTaught, expectLedgerConsistent, walletOf } from '../../test/money.ts';
import { finishAtSandbox as backFromSandbox, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { splitPayment } from '../booking/hours-split.ts';
import { findPayment } from '../payments/payments.repo.ts';
import { activeTotals, insertPackages, usableSubscriptions } from '../subscriptions/subscriptions.repo.ts';
import { userBalance } from './ledger.service.ts';

/*
 * RELIABILITY P0 14: random sequences of top-ups (paid, failed), bookings with the balance (wallet or
 * subscription hours) and through a gateway (paid, failed, expired, paid late, cancelled then paid),
 * cancellations by student and teacher, lesson completion and package purchases, run through the
 * HTTP API and the money services. Each step is checked against an oracle computed from the state
 * before it; after each sequence the whole database must satisfy the ledger invariants (I1, I3, I4),
 * agree with itself (slots vs reservations, escrow vs confirmed lessons, gateway vs paid payments,
 * prepaid vs unspent hours, revenue and earnings vs what was taught less what was paid out: I9, I10)
 * and every wallet must equal its entries. Teachers request payouts of part or all of what they
 * have earned between the other steps (I10), and an admin pays or returns some of them. The booking step's split between hours and wallet is predicted by
 * `splitPayment` (its own arithmetic is the subject of `booking/hours-split.test.ts`).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STUDENTS = 3;
const SLOTS_PER_TEACHER = 5;
const TEACHERS = 2;
const SLOTS = SLOTS_PER_TEACHER * TEACHERS;
const PACKAGE_FILS = 9_000;
const PACKAGE_HOURS = 3;
const FEE_PERCENT = testConfig().payments.platformFeePercent;
const PAYOUT_MIN_FILS = kwdToFils(PAYOUT_MIN_KWD);

const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let db: Db;
let pkg: SubscriptionPackageRow;
let admin: TestUser;
let addressCounter = 0;

type Slot = { id: number; priceFils: number; minutes: number; start: Date; end: Date };
type World = { students: TestUser[]; teachers: TestTeacher[]; slots: Slot[]; reservationIds: number[] };

type Op =
  | { kind: 'topUp'; s: number; fils: number; pay: boolean }
  | { kind: 'bookBalance'; s: number; slots: number[] }
  | {
      kind: 'bookGateway';
      s: number;
      slots: number[];
      outcome: 'pay' | 'fail' | 'expire' | 'expireThenPay' | 'cancelThenPay';
    }
  | { kind: 'cancel'; r: number; by: 'student' | 'teacher' }
  | { kind: 'complete'; hoursAhead: number }
  | { kind: 'buyPackage'; s: number }
  | { kind: 'race'; a: number; b: number; slot: number }
  | { kind: 'payout'; t: number; share: number; decide: 'pay' | 'reject' | 'wait'; twice: boolean };

const student = fc.nat(STUDENTS - 1);
const slotPick = fc.uniqueArray(fc.nat(SLOTS - 1), { minLength: 1, maxLength: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('topUp' as const),
      s: student,
      fils: fc.integer({ min: 100, max: 30_000 }),
      pay: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bookBalance' as const), s: student, slots: slotPick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bookGateway' as const),
      s: student,
      slots: slotPick,
      outcome: fc.constantFrom('pay', 'fail', 'expire', 'expireThenPay', 'cancelThenPay'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      r: fc.nat(40),
      by: fc.constantFrom('student' as const, 'teacher' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('complete' as const), hoursAhead: fc.constantFrom(40, 55, 80) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('buyPackage' as const), s: student }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('race' as const), a: student, b: student, slot: fc.nat(SLOTS - 1) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      t: fc.nat(TEACHERS - 1),
      share: fc.constantFrom(0.3, 0.5, 1),
      decide: fc.constantFrom('pay' as const, 'reject' as const, 'wait' as const),
      twice: fc.boolean(),
    }),
  },
);

// ------------------------------------------------------------------------------------------------
// Driving the app

function post(user: TestUser, url: string, payload: Record<string, unknown>) {
  addressCounter += 1;
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: user.headers,
    payload,
    // Top-ups are limited per address; the property runs many.
    remoteAddress: `10.9.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
  });
}

/** The browser at the sandbox checkout: press Pay or Fail, then follow back to the return route. */
async function finishAtSandbox(paymentLink: string, action: 'pay' | 'fail'): Promise<string> {
  const answer = await backFromSandbox(ctx.app, paymentLink, action);
  expect(answer.statusCode).toBe(303);
  return String(answer.headers.location);
}

async function slotStatuses(ids: number[]): Promise<string[]> {
  const rows = await db.select().from(timeSlots).where(inArray(timeSlots.id, ids));
  return rows.map((row) => row.status);
}

const usableMinutes = async (userId: number) => (await activeTotals(db, userId, new Date())).remainingMinutes;

/** A booking step's student and slots, and what holds before it: all the slots open? the wallet, the price. */
async function bookingStep(world: World, op: { s: number; slots: number[] }) {
  const user = world.students[op.s] as TestUser;
  const slots = op.slots.map((i) => world.slots[i] as Slot);
  const ids = slots.map((s) => s.id);
  const open = (await slotStatuses(ids)).every((status) => status === 'open');
  const wallet = await walletOf(db, user.user.id);
  const price = slots.reduce((sum, s) => sum + s.priceFils, 0);
  return { user, slots, ids, open, wallet, price };
}

async function newWorld(): Promise<World> {
  const students = [];
  for (let i = 0; i < STUDENTS; i += 1) students.push(await f.student());
  const teachers = [];
  const slots: Slot[] = [];
  for (let t = 0; t < TEACHERS; t += 1) {
    const teacher = await f.teacher();
    teachers.push(teacher);
    const account = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/payouts/bank-account',
      headers: teacher.headers,
      payload: { iban: 'KW81CBKU0000000000001234560101', holderName: 'Teacher' },
    });
    expect(account.statusCode).toBe(200);
    for (let i = 0; i < SLOTS_PER_TEACHER; i += 1) {
      const n = t * SLOTS_PER_TEACHER + i;
      const minutes = [30, 60, 90][n % 3] ?? 60;
      const start = new Date(Date.now() + (30 + n * 4) * HOUR);
      const priceFils = 1_000 + ((n * 1_750) % 9_000);
      const row = await f.slot(teacher.profile.id, start, { hours: minutes / 60, priceFils });
      slots.push({ id: row.id, priceFils, minutes, start, end: row.endTime });
    }
  }
  return { students, teachers, slots, reservationIds: [] };
}

// ------------------------------------------------------------------------------------------------
// One step, checked against what the state before it says must happen

async function run(world: World, op: Op): Promise<void> {
  switch (op.kind) {
    case 'topUp': {
      const user = world.students[op.s] as TestUser;
      const before = await walletOf(db, user.user.id);
      const amount = (op.fils / 1000).toFixed(3);
      const res = await post(user, '/api/v1/balance/top-up/payzah', { amount, language: 'en' });
      expect(res.statusCode).toBe(200);
      const { paymentLink, paymentId } = res.json();
      const landed = await finishAtSandbox(paymentLink, op.pay ? 'pay' : 'fail');
      expect(landed).toBe(`/en/payment/${op.pay ? 'success' : 'failed'}?paymentId=${paymentId}`);
      expect(await walletOf(db, user.user.id)).toBe(before + (op.pay ? op.fils : 0));
      return;
    }

    case 'buyPackage': {
      const user = world.students[op.s] as TestUser;
      const before = await walletOf(db, user.user.id);
      const minutesBefore = await usableMinutes(user.user.id);
      const res = await post(user, '/api/v1/subscriptions/purchase', { packageId: pkg.id, paymentMethod: 'balance' });
      if (before >= PACKAGE_FILS) {
        expect(res.statusCode).toBe(200);
        expect(await walletOf(db, user.user.id)).toBe(before - PACKAGE_FILS);
        expect(await usableMinutes(user.user.id)).toBe(minutesBefore + PACKAGE_HOURS * 60);
      } else {
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ balance: 'insufficientBalance' });
        expect(await walletOf(db, user.user.id)).toBe(before);
      }
      return;
    }

    case 'bookBalance': {
      const { user, slots, ids, open, wallet, price } = await bookingStep(world, op);
      const minutes = await usableMinutes(user.user.id);
      const inOrder = [...slots].sort((a, b) => a.id - b.id);
      const split = splitPayment(
        inOrder.map((slot) => ({ minutes: slot.minutes, priceFils: slot.priceFils })),
        await usableSubscriptions(db, user.user.id, new Date()),
      );
      expect(split.hoursValueFils + split.cashFils).toBe(price);
      const res = await post(user, '/api/v1/booking/multiple', {
        timeSlotIds: ids,
        paymentMethod: 'balance',
        expectedTotal: filsToKwd(price),
      });
      if (!open) {
        expect(res.statusCode).toBe(409);
      } else if (wallet >= split.cashFils) {
        expect(res.statusCode).toBe(200);
        expect(res.json().paidWith).toBe(split.minutes > 0 ? 'subscription' : 'wallet');
        expect(await usableMinutes(user.user.id)).toBe(minutes - split.minutes);
        expect(await walletOf(db, user.user.id)).toBe(wallet - split.cashFils);
      } else {
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ balance: 'insufficientBalance' });
      }
      if (res.statusCode === 200) {
        world.reservationIds.push(...res.json().reservations.map((r: { id: number }) => r.id));
        expect(await slotStatuses(ids)).toEqual(ids.map(() => 'booked'));
      } else {
        expect(await walletOf(db, user.user.id)).toBe(wallet);
        expect(await usableMinutes(user.user.id)).toBe(minutes);
      }
      return;
    }

    case 'race': {
      const a = world.students[op.a] as TestUser;
      const b = world.students[op.b] as TestUser;
      const slot = world.slots[op.slot] as Slot;
      const wallets = [await walletOf(db, a.user.id), await walletOf(db, b.user.id)];
      const answers = await Promise.all(
        [a, b].map((user) =>
          post(user, '/api/v1/booking/single', {
            timeSlotId: slot.id,
            paymentMethod: 'balance',
            expectedTotal: totalOf(slot),
          }),
        ),
      );
      const won = answers.filter((answer) => answer.statusCode === 200);
      expect(won.length).toBeLessThanOrEqual(1);
      for (const answer of answers) expect([200, 409, 422]).toContain(answer.statusCode);
      for (const answer of won) world.reservationIds.push(answer.json().reservations[0].id);
      const live = await db.select().from(reservations).where(eq(reservations.timeSlotId, slot.id));
      expect(live.filter((r) => r.status !== 'cancelled').length).toBeLessThanOrEqual(1);
      if (won.length === 0 && op.a !== op.b) {
        expect(await walletOf(db, a.user.id)).toBe(wallets[0]);
        expect(await walletOf(db, b.user.id)).toBe(wallets[1]);
      }
      return;
    }

    case 'bookGateway': {
      const { user, ids, open, wallet, price } = await bookingStep(world, op);
      const res = await post(user, '/api/v1/booking/multiple', {
        timeSlotIds: ids,
        paymentMethod: 'payzah',
        language: 'en',
        expectedTotal: filsToKwd(price),
      });
      if (!open) {
        expect(res.statusCode).toBe(409);
        return;
      }
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.paymentStatus).toBe('PENDING');
      expect(await slotStatuses(ids)).toEqual(ids.map(() => 'held'));
      const reservationIds: number[] = body.reservations.map((r: { id: number }) => r.id);
      world.reservationIds.push(...reservationIds);
      expect((await findPayment(db, body.paymentId))?.amountFils).toBe(price);

      if (op.outcome === 'expire' || op.outcome === 'expireThenPay') {
        await sweepMoney(ctx.app, new Date(Date.now() + 16 * MINUTE));
        expect((await findPayment(db, body.paymentId))?.status).toBe('expired');
        expect(await slotStatuses(ids)).toEqual(ids.map(() => 'open'));
      }
      if (op.outcome === 'cancelThenPay') {
        const cancelled = await post(user, `/api/v1/reservations/${reservationIds[0]}/cancel`, {});
        expect(cancelled.statusCode).toBe(200);
        expect(cancelled.json().refund.to).toBe('none');
      }
      if (op.outcome === 'expire') {
        expect(await walletOf(db, user.user.id)).toBe(wallet);
        return;
      }
      const landed = await finishAtSandbox(body.paymentLink, op.outcome === 'fail' ? 'fail' : 'pay');
      const payment = await findPayment(db, body.paymentId);
      if (op.outcome === 'fail') {
        expect(landed).toContain('/en/payment/failed');
        expect(payment?.status).toBe('failed');
        expect(await slotStatuses(ids)).toEqual(ids.map(() => 'open'));
        expect(await walletOf(db, user.user.id)).toBe(wallet);
      } else if (op.outcome === 'pay') {
        expect(landed).toContain('/en/payment/success');
        expect(payment).toMatchObject({ status: 'paid', creditedToWallet: false });
        expect(await slotStatuses(ids)).toEqual(ids.map(() => 'booked'));
        expect(await walletOf(db, user.user.id)).toBe(wallet);
      } else {
        // Paid, but what it paid for is gone (hold lapsed, or a slot cancelled): the wallet gets it all.
        expect(landed).toContain('/en/payment/success');
        expect(payment).toMatchObject({ status: 'paid', creditedToWallet: true });
        expect(await walletOf(db, user.user.id)).toBe(wallet + price);
        expect(await slotStatuses(ids)).toEqual(ids.map(() => 'open'));
      }
      return;
    }

    case 'cancel': {
      if (world.reservationIds.length === 0) return;
      const id = world.reservationIds[op.r % world.reservationIds.length] as number;
      const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
      if (!row) throw new Error('reservation');
      const studentUser = world.students.find((s) => s.user.id === row.studentId) as TestUser;
      const teacherUser = world.teachers.find((t) => t.profile.id === row.teacherId) as TestTeacher;
      const actor = op.by === 'student' ? studentUser : teacherUser;
      const wallet = await walletOf(db, row.studentId);
      const minutes = await usableMinutes(row.studentId);
      const res = await post(actor, `/api/v1/reservations/${id}/cancel`, {});
      const now = Date.now();
      const live = row.status === 'pending' || row.status === 'confirmed';
      const allowed =
        live &&
        (row.endTime?.getTime() ?? 0) > now &&
        (op.by === 'teacher' || row.status === 'pending' || now < (row.startTime?.getTime() ?? 0) - 24 * HOUR);
      if (!allowed) {
        expect(res.statusCode).toBe(409);
        expect(await walletOf(db, row.studentId)).toBe(wallet);
        return;
      }
      expect(res.statusCode).toBe(200);
      const refund = res.json().refund;
      if (row.status === 'confirmed' && row.subscriptionMinutes > 0) {
        // Hours back to the subscription, the money part back to the wallet.
        expect(refund.to).toBe('subscription');
        expect(await usableMinutes(row.studentId)).toBe(minutes + row.subscriptionMinutes);
        expect(await walletOf(db, row.studentId)).toBe(wallet + row.cashFils);
      } else if (row.status === 'confirmed') {
        expect(refund).toMatchObject({ to: row.priceFils > 0 ? 'wallet' : 'none', hours: 0 });
        expect(await walletOf(db, row.studentId)).toBe(wallet + row.priceFils);
      } else {
        expect(refund.to).toBe('none');
        expect(await walletOf(db, row.studentId)).toBe(wallet);
      }
      expect(await slotStatuses([row.timeSlotId])).toEqual(['open']);
      return;
    }

    case 'payout': {
      // A teacher asks for part or all of what is available (twice at once when `twice`): exactly
      // what the earnings cover moves to clearing; an admin then pays it, returns it, or not yet.
      const teacher = world.teachers[op.t] as TestTeacher;
      const before = await userBalance(db, 'earnings', teacher.user.id);
      const fils = Math.floor(before * op.share);
      const amount = (fils / 1000).toFixed(3);
      const ask = () => post(teacher, '/api/v1/payouts', { amount });
      const answers = await Promise.all(op.twice ? [ask(), ask()] : [ask()]);
      const codes = answers.map((answer) => answer.statusCode);
      if (fils < PAYOUT_MIN_FILS) {
        expect(codes.every((code) => code === 422)).toBe(true);
        expect(await userBalance(db, 'earnings', teacher.user.id)).toBe(before);
        return;
      }
      const won = answers.filter((answer) => answer.statusCode === 201);
      // Two requests fit only when each is at most half of what was there.
      expect(won.length).toBe(op.twice && fils * 2 <= before ? 2 : 1);
      for (const answer of answers.filter((a) => a.statusCode !== 201)) {
        expect(answer.json().errors).toEqual({ amount: 'insufficientBalance' });
      }
      expect(await userBalance(db, 'earnings', teacher.user.id)).toBe(before - won.length * fils);
      if (op.decide === 'wait') return;
      for (const answer of won) {
        const id = answer.json().id;
        const decided = await post(
          admin,
          `/api/v1/admin/payouts/${id}/${op.decide === 'pay' ? 'paid' : 'reject'}`,
          op.decide === 'pay' ? { bankReference: `REF-${id}` } : { reason: 'returned' },
        );
        expect(decided.statusCode).toBe(200);
      }
      const back = op.decide === 'reject' ? won.length * fils : 0;
      expect(await userBalance(db, 'earnings', teacher.user.id)).toBe(before - won.length * fils + back);
      return;
    }

    case 'complete': {
      await completeTaught(ctx.app, db, new Date(Date.now() + op.hoursAhead * HOUR));
      const due = world.slots.filter((s) => s.end.getTime() <= Date.now() + op.hoursAhead * HOUR).map((s) => s.id);
      if (due.length > 0) {
        const rows = await db.select().from(reservations).where(inArray(reservations.timeSlotId, due));
        for (const r of rows) expect(r.status).not.toBe('confirmed');
      }
      return;
    }
  }
}

// ------------------------------------------------------------------------------------------------
// The whole database, after a sequence

async function scalar(sql: string, params: unknown[] = []): Promise<number> {
  const result = await rawQueryOf(db)<{ v: string | number | null }>(sql, params);
  return Number(result.rows[0]?.v ?? 0);
}

async function rows<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await rawQueryOf(db)<T>(sql, params)).rows;
}

async function expectWorldConsistent(world: World): Promise<void> {
  // I1, I3, I4: transfers balance, balances replay their entries, no user account below zero.
  await expectLedgerConsistent(db);

  // No slot has two live reservations; a slot's state agrees with its reservations.
  expect(
    await rows(
      `select time_slot_id from reservations where status <> 'cancelled' group by time_slot_id having count(*) > 1`,
    ),
  ).toEqual([]);
  const disagreeing = await rows(`
    select s.id, s.status,
      count(r.id) filter (where r.status in ('confirmed', 'completed')) as booked,
      count(r.id) filter (where r.status = 'pending') as pending
    from time_slots s left join reservations r on r.time_slot_id = s.id
    group by s.id, s.status
    having not (
      (s.status = 'booked' and count(r.id) filter (where r.status in ('confirmed', 'completed')) = 1
        and count(r.id) filter (where r.status = 'pending') = 0)
      or (s.status = 'held' and count(r.id) filter (where r.status = 'pending') = 1
        and count(r.id) filter (where r.status in ('confirmed', 'completed')) = 0)
      or (s.status = 'open' and count(r.id) filter (where r.status <> 'cancelled') = 0)
    )`);
  expect(disagreeing).toEqual([]);

  // Conservation: everything users and the platform hold came in through the gateway.
  const byKind = Object.fromEntries(
    (
      await rows<{ kind: string; total: string }>(
        'select kind, coalesce(sum(balance_fils), 0) as total from ledger_accounts group by kind',
      )
    ).map((r) => [r.kind, Number(r.total)]),
  );
  const gateway = byKind.gateway ?? 0;
  expect(
    (byKind.wallet ?? 0) +
      (byKind.earnings ?? 0) +
      (byKind.escrow ?? 0) +
      (byKind.revenue ?? 0) +
      (byKind.prepaid ?? 0) +
      (byKind.payouts_clearing ?? 0) +
      (byKind.paid_out ?? 0) +
      gateway,
  ).toBe(0);

  // The gateway account is exactly the payments that were paid, each moved once.
  const paidIn = await scalar(`select coalesce(sum(amount_fils), 0) as v from payments where status = 'paid'`);
  expect(gateway + paidIn).toBe(0);
  expect(
    await rows(`
      select p.id, p.status, count(t.id) as n from payments p
      left join ledger_transfers t on t.payment_id = p.id
      group by p.id, p.status
      having count(t.id) <> case when p.status = 'paid' then 1 else 0 end`),
  ).toEqual([]);
  expect(await rows(`select id from payments where status = 'paid' and paid_at is null`)).toEqual([]);

  // Escrow holds exactly what was paid (money and hours' value) for lessons booked and not yet taught or refunded.
  expect(byKind.escrow ?? 0).toBe(
    await scalar(
      `select coalesce(sum(cash_fils + hours_value_fils), 0) as v from reservations where status = 'confirmed'`,
    ),
  );

  // I9, I10: a teacher's earnings are what was paid for their taught lessons minus the platform's
  // share, less the payouts requested or paid (a returned one came back).
  const earnings = await rows<{ user_id: number; expected: string; actual: string }>(
    `
    select tp.user_id,
      coalesce(sum((r.cash_fils + r.hours_value_fils) - round((r.cash_fils + r.hours_value_fils) * $1::numeric / 100)), 0)
        - (select coalesce(sum(p.amount_fils), 0) from payouts p where p.user_id = tp.user_id and p.status <> 'rejected')
        as expected,
      coalesce((select balance_fils from ledger_accounts a where a.kind = 'earnings' and a.user_id = tp.user_id), 0) as actual
    from teacher_profiles tp
    left join reservations r on r.teacher_id = tp.id and r.status = 'completed'
    group by tp.user_id`,
    [FEE_PERCENT],
  );
  for (const e of earnings) expect(Number(e.actual), `earnings of user ${e.user_id}`).toBe(Number(e.expected));
  // No lesson paid more than its price.
  expect(await rows(`select id from reservations where cash_fils + hours_value_fils > price_fils`)).toEqual([]);

  // Revenue: only the platform's share of taught lessons, and the value of hours that expired unused.
  const expectedRevenue = await scalar(
    `
    select
      (select coalesce(sum(round((cash_fils + hours_value_fils) * $1::numeric / 100)), 0) from reservations
         where status = 'completed')
      + (select coalesce(sum(e.amount_fils), 0) from ledger_entries e
           join ledger_transfers t on t.id = e.transfer_id
           join ledger_accounts a on a.id = e.account_id
           where t.kind = 'subscription_expiry' and a.kind = 'revenue') as v`,
    [FEE_PERCENT],
  );
  expect(byKind.revenue ?? 0).toBe(expectedRevenue);

  // Prepaid: what was paid for packages and not spent on lessons or expired.
  expect(byKind.prepaid ?? 0).toBe(
    await scalar(`select coalesce(sum(remaining_value_fils), 0) as v from user_subscriptions`),
  );

  // Subscription hours: what is left is what was bought minus the uses not given back.
  expect(
    await rows(`
      select s.id from user_subscriptions s
      left join subscription_usages u on u.subscription_id = s.id and u.refunded_at is null
      group by s.id, s.total_minutes, s.remaining_minutes
      having s.remaining_minutes <> s.total_minutes - coalesce(sum(u.minutes), 0)`),
  ).toEqual([]);

  // What the API tells each student is what the ledger holds.
  for (const s of world.students) {
    const balance = await ctx.app.inject({ url: '/api/v1/subscriptions/balance', headers: s.headers });
    const wallet = await walletOf(db, s.user.id);
    expect(balance.json().balance).toBe((wallet / 1000).toFixed(3));
    expect(balance.json().remainingHours).toBe(Math.round(((await usableMinutes(s.user.id)) / 60) * 100) / 100);
    const entries = await scalar(
      `select coalesce(sum(e.amount_fils), 0) as v from ledger_entries e
       join ledger_accounts a on a.id = e.account_id where a.kind = 'wallet' and a.user_id = $1`,
      [s.user.id],
    );
    expect(entries).toBe(wallet);
  }
}

// ------------------------------------------------------------------------------------------------

beforeAll(async () => {
  db = ctx.database.db;
  admin = await f.user({ roleId: ROLE.admin });
  const [row] = await insertPackages(db, [
    { nameAr: 'ثلاث ساعات', nameEn: 'Three hours', hours: PACKAGE_HOURS, priceFils: PACKAGE_FILS, validityDays: 30 },
  ]);
  if (!row) throw new Error('package');
  pkg = row;
});

describe('P0 14: the ledger under random sequences of money operations', () => {
  it('keeps I1-I7 and agrees with itself after every sequence', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 16 }), async (ops) => {
        runs += 1;
        const world = await newWorld();
        for (const op of ops) await run(world, op);
        await expectWorldConsistent(world);
      }),
      // The database is shared by the runs, so once a global invariant breaks every later run fails
      // too: shrinking would then report a misleading sequence. Report the first failing one as is.
      { numRuns: 25, endOnFailure: true },
    );
    expect(runs).toBe(25);
    // The runs did exercise money: something was paid, booked, refunded and taught.
    const kinds = (await rows<{ kind: string }>('select distinct kind from ledger_transfers')).map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['top_up', 'booking']));
  }, 120_000);

  it('a fixed sequence touching every path ends consistent', async () => {
    const world = await newWorld();
    const ops: Op[] = [
      { kind: 'topUp', s: 0, fils: 30_000, pay: true },
      { kind: 'topUp', s: 1, fils: 20_000, pay: true },
      { kind: 'topUp', s: 2, fils: 5_000, pay: false },
      { kind: 'buyPackage', s: 1 },
      { kind: 'bookBalance', s: 0, slots: [0, 1] },
      { kind: 'bookBalance', s: 1, slots: [2] },
      { kind: 'bookBalance', s: 2, slots: [3] },
      { kind: 'bookGateway', s: 2, slots: [3, 4], outcome: 'pay' },
      { kind: 'bookGateway', s: 2, slots: [5], outcome: 'fail' },
      { kind: 'bookGateway', s: 2, slots: [5], outcome: 'expire' },
      { kind: 'bookGateway', s: 2, slots: [5, 6], outcome: 'expireThenPay' },
      { kind: 'bookGateway', s: 0, slots: [7, 8], outcome: 'cancelThenPay' },
      { kind: 'race', a: 0, b: 1, slot: 9 },
      { kind: 'cancel', r: 0, by: 'student' },
      { kind: 'cancel', r: 2, by: 'teacher' },
      { kind: 'complete', hoursAhead: 80 },
      { kind: 'payout', t: 0, share: 0.5, decide: 'pay', twice: true },
      { kind: 'payout', t: 1, share: 1, decide: 'reject', twice: true },
      { kind: 'payout', t: 0, share: 1, decide: 'wait', twice: false },
      { kind: 'cancel', r: 3, by: 'teacher' },
    ];
    for (const op of ops) await run(world, op);
    await expectWorldConsistent(world);
    const statuses = (await db.select().from(reservations).where(inArray(reservations.id, world.reservationIds))).map(
      (r) => r.status,
    );
    expect(statuses).toEqual(expect.arrayContaining(['completed', 'cancelled']));
    expect(await walletOf(db, world.students[2]?.user.id ?? 0)).toBeGreaterThan(0); // the late payment
    // The teachers were paid out of what they earned: one payout sent, one returned, one waiting.
    const payoutStates = await rows<{ status: string }>(
      'select status from payouts where user_id = any($1::int[]) order by id',
      [world.teachers.map((teacher) => teacher.user.id)],
    );
    expect(payoutStates.map((row) => row.status).sort()).toEqual(expect.arrayContaining(['paid', 'rejected']));
  });
});
