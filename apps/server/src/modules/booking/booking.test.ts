import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, reservations, teacherProfiles, timeSlots } from '../../db/schema.ts';
import { failpoints } from '../../failpoints.ts';
import { createFactories, type TestTeacher } from '../../test/factories.ts';
import { createTestApp } from '../../test/helpers.ts';
import { completeTaught, expectLedgerConsistent, fundWallet, liveReservations, walletOf } from '../../test/money.ts';
import { bookRequest, cancelRequest, purchaseRequest, totalOf } from '../../test/requests.ts';
import { userBalance } from '../ledger/ledger.service.ts';

const HOUR = 3600_000;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let f: ReturnType<typeof createFactories>;
let teacher: TestTeacher;
let hourOffset = 0;

/** A fresh open slot of the test teacher, far enough ahead to be cancellable (> 24 h). */
async function slot(values: { priceFils?: number; hours?: number; teacherId?: number; inHours?: number } = {}) {
  hourOffset += 2;
  const start = new Date(Date.now() + (values.inHours ?? 48 + hourOffset) * HOUR);
  return f.slot(values.teacherId ?? teacher.profile.id, start, {
    priceFils: values.priceFils ?? 5_000,
    hours: values.hours ?? 1,
  });
}

/** A new student with `fils` in the wallet. */
async function studentWith(fils: number) {
  const student = await f.student();
  await fundWallet(ctx.database.db, student.user.id, fils);
  return student;
}

/** A slot's status as stored. */
const slotStatus = async (s: { id: number }) =>
  (await ctx.database.db.select().from(timeSlots).where(eq(timeSlots.id, s.id)))[0]?.status;

const book = (headers: Record<string, string>, body: Record<string, unknown>, path = 'single') =>
  bookRequest(ctx.app, headers, body, path);
/** The body of a booking of one slot from the wallet at the price it shows, with `extra` fields. */
const fromWallet = (s: { id: number; priceFils: number }, extra: Record<string, unknown> = {}) => ({
  timeSlotId: s.id,
  paymentMethod: 'balance',
  expectedTotal: totalOf(s),
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestApp({ rateLimitMax: 1_000_000 });
  f = createFactories(ctx.database);
  teacher = await f.teacher();
});
afterAll(async () => {
  await expectLedgerConsistent(ctx.database.db);
  await ctx.close();
});

describe('booking with the wallet', () => {
  it('books one slot: wallet debited into escrow, slot booked, reservation confirmed, both told', async () => {
    const student = await studentWith(20_000);
    const s = await slot({ priceFils: 7_500 });
    const res = await book(student.headers, fromWallet(s, { note: 'Algebra please' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ paymentStatus: 'PAID', paidWith: 'wallet', balance: '12.500', remainingHours: 0 });
    expect(body.reservations).toHaveLength(1);
    expect(body.reservations[0]).toMatchObject({
      status: 'confirmed',
      price: '7.500',
      note: 'Algebra please',
      hours: 1,
    });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(12_500);
    expect(await slotStatus(s)).toBe('booked');
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, teacher.user.id));
    expect(told.some((n) => n.type === 'booking.received')).toBe(true);
    const [profile] = await ctx.database.db
      .select()
      .from(teacherProfiles)
      .where(eq(teacherProfiles.id, teacher.profile.id));
    // A booking is not yet a lesson: the count grows only with a verified lesson, paid and attended (issue 29).
    expect(profile?.bookingsCount).toBe(teacher.profile.bookingsCount);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refuses an insufficient wallet with 422 insufficientBalance and changes nothing', async () => {
    const student = await studentWith(4_000);
    const s = await slot({ priceFils: 5_000 });
    const res = await book(student.headers, fromWallet(s));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, errors: { balance: 'insufficientBalance' } });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(4_000);
    expect(await liveReservations(ctx.database.db, s.id)).toBe(0);
    expect(await slotStatus(s)).toBe('open');
  });

  it('books several slots all or none: one taken slot refuses the whole request (409)', async () => {
    const first = await f.student();
    const second = await f.student();
    await fundWallet(ctx.database.db, first.user.id, 50_000);
    await fundWallet(ctx.database.db, second.user.id, 50_000);
    const [a, b, c] = [await slot(), await slot(), await slot()];
    if (!a || !b || !c) throw new Error('slots');
    expect((await book(first.headers, fromWallet(b))).statusCode).toBe(200);
    const res = await book(
      second.headers,
      { timeSlotIds: [a.id, b.id, c.id], paymentMethod: 'balance', expectedTotal: totalOf(a, b, c) },
      'multiple',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, code: 'slotUnavailable' });
    expect(await walletOf(ctx.database.db, second.user.id)).toBe(50_000);
    expect(await liveReservations(ctx.database.db, a.id)).toBe(0);
    expect(await liveReservations(ctx.database.db, c.id)).toBe(0);
    const ok = await book(
      second.headers,
      { timeSlotIds: [a.id, c.id], paymentMethod: 'balance', expectedTotal: totalOf(a, c) },
      'multiple',
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().reservations).toHaveLength(2);
    expect(await walletOf(ctx.database.db, second.user.id)).toBe(40_000);
  });

  it('refuses your own slot, a past slot, and bad bodies without touching anything', async () => {
    const s = await slot();
    const own = await book(teacher.headers, fromWallet(s));
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ timeSlotId: 'ownSlot' });
    const student = await studentWith(50_000);
    const past = await f.slot(teacher.profile.id, new Date(Date.now() - 5 * HOUR));
    expect((await book(student.headers, fromWallet(past))).statusCode).toBe(409);
    expect(
      (await book(student.headers, { timeSlotId: 999_999, paymentMethod: 'balance', expectedTotal: '10.000' }))
        .statusCode,
    ).toBe(409);
    const dup = await book(
      student.headers,
      { timeSlotIds: [s.id, s.id], paymentMethod: 'balance', expectedTotal: totalOf(s, s) },
      'multiple',
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toHaveProperty('timeSlotIds');
    const badMethod = await book(student.headers, {
      timeSlotId: s.id,
      paymentMethod: 'cash',
      expectedTotal: totalOf(s),
    });
    expect(badMethod.json().errors).toHaveProperty('paymentMethod');
    const longNote = await book(student.headers, fromWallet(s, { note: 'x'.repeat(501) }));
    expect(longNote.json().errors).toEqual({ note: 'tooLong' });
    const extra = await book(student.headers, fromWallet(s, { price: '0' }));
    expect(extra.statusCode).toBe(422);
    expect((await book({}, fromWallet(s))).statusCode).toBe(401);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(50_000);
    expect(await liveReservations(ctx.database.db, s.id)).toBe(0);
  });

  it('P0 5: a fault between the debit and the reservation insert leaves nothing behind', async () => {
    const student = await studentWith(10_000);
    const s = await slot({ priceFils: 6_000 });
    failpoints.arm('booking.afterDebit', () => {
      throw new Error('injected fault');
    });
    try {
      const res = await book(student.headers, fromWallet(s));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 500, code: 'internalError', message: 'Internal server error' });
    } finally {
      failpoints.disarm('booking.afterDebit');
    }
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
    expect(await liveReservations(ctx.database.db, s.id)).toBe(0);
    expect(await slotStatus(s)).toBe('open');
    await expectLedgerConsistent(ctx.database.db);
    expect((await book(student.headers, fromWallet(s))).statusCode).toBe(200);
  });
});

describe('concurrency (PGlite serialises; PostgreSQL runs them in parallel)', () => {
  it('P0 1: 50 concurrent bookings of one slot, 20 rounds: one 2xx, the rest 409, one debit', async () => {
    const students = await Promise.all(Array.from({ length: 50 }, () => f.student()));
    for (const s of students) await fundWallet(ctx.database.db, s.user.id, 100_000);
    for (let round = 0; round < 20; round += 1) {
      const s = await slot({ priceFils: 1_000 });
      const answers = await Promise.all(students.map((st) => book(st.headers, fromWallet(s))));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      expect(await liveReservations(ctx.database.db, s.id)).toBe(1);
    }
    const spent = await Promise.all(students.map((s) => walletOf(ctx.database.db, s.user.id)));
    expect(spent.reduce((sum, w) => sum + (100_000 - w), 0)).toBe(20 * 1_000);
    await expectLedgerConsistent(ctx.database.db);
  }, 180_000);

  it('P0 2: requests sharing a slot: one wins; adjacent slots both succeed', async () => {
    const a = await f.student();
    const b = await f.student();
    await fundWallet(ctx.database.db, a.user.id, 100_000);
    await fundWallet(ctx.database.db, b.user.id, 100_000);
    const start = new Date(Date.now() + 300 * HOUR);
    const s1 = await f.slot(teacher.profile.id, start);
    const s2 = await f.slot(teacher.profile.id, new Date(start.getTime() + HOUR)); // adjacent: [) ranges
    const s3 = await f.slot(teacher.profile.id, new Date(start.getTime() + 2 * HOUR));
    const [x, y] = await Promise.all([
      book(
        a.headers,
        { timeSlotIds: [s1.id, s2.id], paymentMethod: 'balance', expectedTotal: totalOf(s1, s2) },
        'multiple',
      ),
      book(
        b.headers,
        { timeSlotIds: [s2.id, s3.id], paymentMethod: 'balance', expectedTotal: totalOf(s2, s3) },
        'multiple',
      ),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const [p, q] = await Promise.all([
      book(a.headers, {
        timeSlotId: s1.id === (x.statusCode === 200 ? -1 : s1.id) ? s1.id : s3.id,
        paymentMethod: 'balance',
        expectedTotal: totalOf(s1),
      }),
      book(b.headers, {
        timeSlotId: x.statusCode === 200 ? s3.id : s1.id,
        paymentMethod: 'balance',
        expectedTotal: totalOf(s1),
      }),
    ]);
    // Whatever is left open is booked once; adjacency never blocks.
    expect([p.statusCode, q.statusCode]).toContain(200);
    for (const s of [s1, s2, s3]) expect(await liveReservations(ctx.database.db, s.id)).toBe(1);
  });

  it('P0 3: a 10 KWD wallet and 30 concurrent 1 KWD bookings on distinct slots: exactly 10 succeed', async () => {
    const student = await studentWith(10_000);
    const other = await f.teacher();
    const slots = [];
    for (let i = 0; i < 30; i += 1) slots.push(await slot({ priceFils: 1_000, teacherId: other.profile.id }));
    const answers = await Promise.all(slots.map((s) => book(student.headers, fromWallet(s))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(20);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  }, 60_000);

  it('P0 4: 3 subscription hours and 10 concurrent 1 h bookings: exactly 3 succeed', async () => {
    const student = await f.student();
    const pkg = await ctx.app.money.subscriptions.packages(1, 50, 'en');
    expect(pkg.total).toBe(0);
    const { insertPackages } = await import('../subscriptions/subscriptions.repo.ts');
    const [three] = await insertPackages(ctx.database.db, [
      { nameAr: 'ثلاث', nameEn: 'Three', hours: 3, priceFils: 27_000, validityDays: 30 },
    ]);
    if (!three) throw new Error('package');
    await fundWallet(ctx.database.db, student.user.id, 27_000);
    const bought = await purchaseRequest(ctx.app, student.headers, { packageId: three.id, paymentMethod: 'balance' });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({
      paymentStatus: 'PAID',
      balance: '0.000',
      subscription: { remainingHours: 3, status: 'active' },
    });
    const other = await f.teacher();
    const slots = [];
    // Priced at the package's own 9.000 KWD an hour: each booking takes one whole hour.
    for (let i = 0; i < 10; i += 1) slots.push(await slot({ teacherId: other.profile.id, priceFils: 9_000 }));
    const answers = await Promise.all(slots.map((s) => book(student.headers, fromWallet(s))));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const a of ok) expect(a.json().paidWith).toBe('subscription');
    const active = await ctx.app.inject({
      url: '/api/v1/subscriptions/my-active-subscription',
      headers: student.headers,
    });
    expect(active.json().remainingHours).toBe(0);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
  }, 60_000);
});

describe('Idempotency-Key', () => {
  it('same key and body: one charge, the same answer; the key with another body: 422', async () => {
    const student = await studentWith(20_000);
    const s = await slot({ priceFils: 3_000 });
    const other = await slot({ priceFils: 3_000 });
    const headers = { ...student.headers, 'idempotency-key': randomUUID() };
    const first = await book(headers, fromWallet(s));
    const again = await book(headers, fromWallet(s));
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(17_000);
    const reused = await book(headers, fromWallet(other));
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ idempotencyKey: 'idempotencyKeyReused' });
    expect(await liveReservations(ctx.database.db, other.id)).toBe(0);
  });

  it('two concurrent requests with one key: one runs, the other gets its result', async () => {
    const student = await studentWith(20_000);
    const s = await slot({ priceFils: 4_000 });
    const headers = { ...student.headers, 'idempotency-key': randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(headers, fromWallet(s))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => a.json().reservations[0].id));
    expect(ids.size).toBe(1);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(16_000);
  });

  it('a refused request is not stored: after a top-up the same key books', async () => {
    const student = await f.student();
    const s = await slot({ priceFils: 4_000 });
    const headers = { ...student.headers, 'idempotency-key': 'retry-after-top-up' };
    expect((await book(headers, fromWallet(s))).statusCode).toBe(422);
    await fundWallet(ctx.database.db, student.user.id, 4_000);
    expect((await book(headers, fromWallet(s))).statusCode).toBe(200);
    const bad = await book({ ...student.headers, 'idempotency-key': 'bad key with spaces' }, fromWallet(s));
    expect(bad.statusCode).toBe(422);
  });
});

describe('reservations: list, cancel, complete', () => {
  it('a student cancels more than 24 h ahead: refunded to the wallet, the slot opens again', async () => {
    const student = await studentWith(10_000);
    const s = await slot({ priceFils: 6_000 });
    const booked = await book(student.headers, fromWallet(s));
    const id = booked.json().reservations[0].id;
    const list = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: student.headers });
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect(list.headers['cache-control']).toBe('no-store');
    const stranger = await f.student();
    const foreign = await cancelRequest(ctx.app, stranger.headers, id);
    expect(foreign.statusCode).toBe(404);
    const res = await cancelRequest(ctx.app, student.headers, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().refund).toEqual({ to: 'wallet', amount: '6.000', hours: 0 });
    expect(res.json().reservation).toMatchObject({ status: 'cancelled', cancelledBy: 'student', canCancel: false });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
    expect(await slotStatus(s)).toBe('open');
    const twice = await cancelRequest(ctx.app, student.headers, id);
    expect(twice.statusCode).toBe(409);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
    const cancelled = await ctx.app.inject({ url: '/api/v1/reservations?scope=cancelled', headers: student.headers });
    expect(cancelled.json().data[0]).toMatchObject({ id, status: 'cancelled' });
  });

  it('inside 24 h a student may not cancel (409 cancellationClosed); the teacher may, with a full refund', async () => {
    const student = await studentWith(10_000);
    const s = await slot({ priceFils: 5_000, inHours: 5 });
    const booked = await book(student.headers, fromWallet(s));
    const reservation = booked.json().reservations[0];
    expect(reservation.canCancel).toBe(false);
    const late = await cancelRequest(ctx.app, student.headers, reservation.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('cancellationClosed');
    const asTeacher = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: teacher.headers });
    const mine = asTeacher.json().data.find((r: { id: number }) => r.id === reservation.id);
    expect(mine).toMatchObject({ canCancel: true, student: { id: student.user.id } });
    const res = await cancelRequest(ctx.app, teacher.headers, reservation.id, { reason: 'Sick' });
    expect(res.statusCode).toBe(200);
    expect(res.json().refund).toEqual({ to: 'wallet', amount: '5.000', hours: 0 });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, student.user.id), eq(notifications.type, 'booking.cancelled')));
    expect(told).toHaveLength(1);
    // Issue 17: it names the teacher and the start; the refund is its own notice (amount and where).
    const teacherName = `${teacher.user.firstName} ${teacher.user.lastName}`;
    const startTime = reservation.startTime;
    expect(told[0]?.data).toEqual({ reservationId: reservation.id, by: 'teacher', teacherName, startTime });
    const refunded = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, student.user.id), eq(notifications.type, 'booking.refunded')));
    expect(refunded.map((n) => n.data)).toEqual([
      {
        reservationId: reservation.id,
        teacherName,
        startTime,
        to: 'wallet',
        amount: '5.000',
        hours: 0,
        paidWith: 'wallet',
      },
    ]);
  });

  it('a lesson that ended is completed: escrow pays the teacher 90% and the platform 10%', async () => {
    const t = await f.teacher();
    const student = await studentWith(10_000);
    const s = await f.slot(t.profile.id, new Date(Date.now() + 30 * HOUR), { priceFils: 8_000 });
    const booked = await book(student.headers, fromWallet(s));
    const id = booked.json().reservations[0].id;
    expect(await completeTaught(ctx.app, ctx.database.db, new Date(Date.now() + 29 * HOUR))).toBe(0);
    const done = await completeTaught(ctx.app, ctx.database.db, new Date(Date.now() + 32 * HOUR));
    expect(done).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, id));
    expect(row?.status).toBe('completed');
    expect(await userBalance(ctx.database.db, 'earnings', t.user.id)).toBe(7_200);
    expect(await completeTaught(ctx.app, ctx.database.db, new Date(Date.now() + 40 * HOUR))).toBe(0);
    expect(await userBalance(ctx.database.db, 'earnings', t.user.id)).toBe(7_200);
    const balance = await ctx.app.inject({ url: '/api/v1/subscriptions/balance', headers: t.headers });
    expect(balance.json()).toMatchObject({ earnings: '7.200', currency: 'KWD' });
    await expectLedgerConsistent(ctx.database.db);
  });

  it("carries the teacher's zone, so both sides can show both local times", async () => {
    const londoner = await f.teacher();
    await ctx.database.db
      .update(teacherProfiles)
      .set({ timeZone: 'Europe/London' })
      .where(eq(teacherProfiles.id, londoner.profile.id));
    const student = await studentWith(5_000);
    const s = await slot({ teacherId: londoner.profile.id });
    expect((await book(student.headers, fromWallet(s))).statusCode).toBe(200);
    for (const who of [student, londoner]) {
      const list = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: who.headers });
      expect(list.json().data[0].teacher).toMatchObject({ id: londoner.user.id, timeZone: 'Europe/London' });
    }
  });

  it('answers with personal data are never cached', async () => {
    const student = await f.student();
    for (const url of [
      '/api/v1/subscriptions/my-subscriptions',
      '/api/v1/subscriptions/my-active-subscription',
      '/api/v1/reservations',
    ]) {
      const res = await ctx.app.inject({ url, headers: student.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the ledger refuses edits: entries and transfers are immutable', async () => {
    await expect(
      ctx.database.db.execute(sql`update ledger_entries set amount_fils = amount_fils + 1`),
    ).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
  });
});
