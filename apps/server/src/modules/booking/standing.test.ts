import { ROLE } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import type { TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, liveReservations, walletOf } from '../../test/money.ts';
import { bookRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Standing weekly lessons (issue 32, ADR 034): create, charge 48 h before, release 24 h before, skip, stop. */
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });

const query = (text: string, values: unknown[] = []) => rawQueryOf(ctx.database.db)(text, values);
const sweep = (now: Date) => ctx.app.money.booking.standing.sweepStanding(now);
const hourFrom = (hours: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR);

/** A teacher with a 1-hour slot at `first` and the same time in weeks `weeks` (0 is the first). */
async function weeklySlots(first: Date, weeks: number[], priceFils = 10_000) {
  const teacher = await f.teacher();
  const slots = [];
  for (const week of weeks)
    slots.push(await f.slot(teacher.profile.id, new Date(first.getTime() + week * WEEK), { priceFils }));
  return { teacher, slots };
}

const post = (user: TestUser, url: string, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/standing-bookings${url}`, headers: user.headers, payload });
const create = (user: TestUser, timeSlotId: number, weeks = 4) =>
  post(user, '', { timeSlotId, weeks, paymentMethod: 'balance' });

const lessonRow = async (id: number) =>
  (
    await query(
      'select status, charge_at, cash_fils, cancelled_by, cancel_reason, paid_with from reservations where id = $1',
      [id],
    )
  ).rows[0] as Record<string, unknown>;
const slotStatus = async (id: number) =>
  ((await query('select status from time_slots where id = $1', [id])).rows[0] as { status: string }).status;
const slotIdsOf = async (series: Series) =>
  (
    (
      await query('select time_slot_id from reservations where standing_booking_id = $1 order by start_time', [
        series.id,
      ])
    ).rows as { time_slot_id: number }[]
  ).map((row) => row.time_slot_id);
const typesOf = async (userId: number, type: string) =>
  Number(
    (
      (await query('select count(*)::int as n from notifications where user_id = $1 and type = $2', [userId, type]))
        .rows[0] as { n: number }
    ).n,
  );

type Series = {
  id: number;
  status: string;
  lessons: { id: number; status: string; chargeAt: string | null; startTime: string }[];
  missingWeeks: string[];
};

describe('creating a weekly series', () => {
  it('previews and books the weeks that have a slot, naming the missing week; nothing charged yet', async () => {
    const first = hourFrom(72);
    const { teacher, slots } = await weeklySlots(first, [0, 1, 3]);
    // Week 2 has a slot of another length: not the same lesson.
    const other = await f.slot(teacher.profile.id, new Date(first.getTime() + 2 * WEEK), { hours: 2 });
    const student = await f.student();
    // The balance covers the first lesson (a series is not free to make); nothing is charged yet.
    await fundWallet(ctx.database.db, student.user.id, 10_000);

    const preview = await post(student, '/preview', { timeSlotId: slots[0]?.id, weeks: 4, paymentMethod: 'balance' });
    expect(preview.statusCode, preview.body).toBe(200);
    const missingDay = new Date(first.getTime() + 2 * WEEK + 3 * HOUR).toISOString().slice(0, 10);
    expect(preview.json()).toMatchObject({
      lessons: slots.map((slot) => ({ timeSlotId: slot.id, price: '10.000' })),
      missingWeeks: [missingDay],
    });
    expect(await slotStatus(slots[1]?.id ?? 0)).toBe('open');

    const tooMany = await create(student, slots[0]?.id ?? 0, 13);
    expect(tooMany.statusCode).toBe(422);

    const answer = await create(student, slots[0]?.id ?? 0);
    expect(answer.statusCode, answer.body).toBe(201);
    const series = answer.json() as Series;
    expect(series.status).toBe('active');
    expect(series.missingWeeks).toEqual([missingDay]);
    expect(await slotIdsOf(series)).toEqual(slots.map((slot) => slot.id));
    expect(series.lessons.every((lesson) => lesson.status === 'pending' && lesson.chargeAt)).toBe(true);
    for (const slot of slots) expect(await slotStatus(slot.id)).toBe('booked');
    expect(await slotStatus(other.id)).toBe('open');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);

    const list = await ctx.app.inject({ url: '/api/v1/standing-bookings', headers: student.headers });
    expect((list.json() as { items: Series[] }).items.map((item) => item.id)).toEqual([series.id]);
    const teacherList = await ctx.app.inject({ url: '/api/v1/standing-bookings', headers: teacher.headers });
    expect((teacherList.json() as { items: Series[] }).items.map((item) => item.id)).toEqual([series.id]);
    // Another student's series: 404.
    const stranger = await f.student();
    expect((await post(stranger, `/${series.id}/stop`)).statusCode).toBe(404);
    // Stopped, so the money sweeps of the tests below (they sweep every series) leave it alone.
    expect((await post(student, `/${series.id}/stop`)).statusCode).toBe(200);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('is not free to make: an empty wallet cannot hold weeks (422, nothing written), nor more than 12 unpaid lessons', async () => {
    // A second account with nothing in it must not block a teacher's weeks (issue 32 review).
    const { slots } = await weeklySlots(hourFrom(72), [0, 1, 2, 3]);
    const empty = await f.student();
    const refused = await create(empty, slots[0]?.id ?? 0);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { balance: 'insufficientBalance' } });
    for (const slot of slots) {
      expect(await slotStatus(slot.id)).toBe('open');
      expect(await liveReservations(ctx.database.db, slot.id)).toBe(0);
    }

    // With the first lesson covered: 4 + 4 + 4 unpaid lessons are held, a fourth series is refused.
    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 10_000);
    const made: Series[] = [];
    for (const start of [hourFrom(96), hourFrom(120), hourFrom(144)]) {
      const weekly = await weeklySlots(start, [0, 1, 2, 3]);
      const answer = await create(student, weekly.slots[0]?.id ?? 0);
      expect(answer.statusCode, answer.body).toBe(201);
      made.push(answer.json() as Series);
    }
    const more = await weeklySlots(hourFrom(168), [0, 1, 2, 3]);
    const capped = await create(student, more.slots[0]?.id ?? 0);
    expect(capped.statusCode).toBe(409);
    expect(capped.json()).toMatchObject({ code: 'standingLimitReached' });
    for (const slot of more.slots) expect(await slotStatus(slot.id)).toBe('open');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
    // Stopping one frees its four: a new series fits again. (The rest stopped too: the sweeps below are global.)
    expect((await post(student, `/${made[0]?.id}/stop`)).statusCode).toBe(200);
    const again = await create(student, more.slots[0]?.id ?? 0);
    expect(again.statusCode, again.body).toBe(201);
    for (const series of [...made.slice(1), again.json() as Series])
      expect((await post(student, `/${series.id}/stop`)).statusCode).toBe(200);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a first lesson under 48 h away is charged at once; a short wallet is 422 with nothing written', async () => {
    const { slots } = await weeklySlots(hourFrom(30), [0, 1, 2, 3]);
    const poor = await f.student();
    const refused = await create(poor, slots[0]?.id ?? 0);
    expect(refused.statusCode).toBe(422);
    expect(await slotStatus(slots[0]?.id ?? 0)).toBe('open');
    expect(
      Number(
        (
          (await query('select count(*)::int as n from standing_bookings where student_id = $1', [poor.user.id]))
            .rows[0] as { n: number }
        ).n,
      ),
    ).toBe(0);

    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 15_000);
    const answer = await create(student, slots[0]?.id ?? 0);
    expect(answer.statusCode, answer.body).toBe(201);
    const series = answer.json() as Series;
    expect(series.lessons.map((lesson) => lesson.status)).toEqual(['confirmed', 'pending', 'pending', 'pending']);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(5_000);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('racing a booking of the week-2 slot: exactly one gets it', async () => {
    const { slots } = await weeklySlots(hourFrom(96), [0, 1, 2, 3]);
    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 10_000);
    const rival = await f.student();
    await fundWallet(ctx.database.db, rival.user.id, 20_000);
    const week2 = slots[1];
    if (!week2) throw new Error('no slot');
    const [series, booking] = await Promise.all([
      create(student, slots[0]?.id ?? 0),
      bookRequest(ctx.app, rival.headers, {
        timeSlotId: week2.id,
        paymentMethod: 'balance',
        expectedTotal: totalOf(week2),
      }),
    ]);
    expect(series.statusCode, series.body).toBe(201);
    expect(await liveReservations(ctx.database.db, week2.id)).toBe(1);
    const seriesHasIt = (await slotIdsOf(series.json() as Series)).includes(week2.id);
    expect(seriesHasIt).toBe(booking.statusCode !== 200);
    if (!seriesHasIt) expect((series.json() as Series).missingWeeks).toHaveLength(1);
    // Stopped, so the money sweeps of the tests below (they sweep every series) leave it alone.
    expect((await post(student, `/${(series.json() as Series).id}/stop`)).statusCode).toBe(200);
    await expectLedgerConsistent(ctx.database.db);
  });
});

describe('the series money clock', () => {
  it('charges at 48 h once (two sweeps at once), fails week 3 telling the student once, releases it at 24 h', async () => {
    const first = hourFrom(80);
    const { teacher, slots } = await weeklySlots(first, [0, 1, 2, 3]);
    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 20_000);
    const series = (await create(student, slots[0]?.id ?? 0)).json() as Series;
    const [l1, l2, l3] = series.lessons;
    if (!l1 || !l2 || !l3) throw new Error('lessons missing');
    const startOf = (week: number) => first.getTime() + week * WEEK;

    // Before 48 h nothing moves.
    expect((await sweep(new Date(startOf(0) - 49 * HOUR))).charged).toBe(0);
    const results = await Promise.all([
      sweep(new Date(startOf(0) - 47 * HOUR)),
      sweep(new Date(startOf(0) - 47 * HOUR)),
    ]);
    expect(results[0].charged + results[1].charged).toBe(1);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
    expect(await lessonRow(l1.id)).toMatchObject({ status: 'confirmed', charge_at: null, paid_with: 'wallet' });
    expect(Number((await lessonRow(l1.id)).cash_fils)).toBe(10_000);
    expect(await lessonRow(l2.id)).toMatchObject({ status: 'pending' });
    await expectLedgerConsistent(ctx.database.db);

    await sweep(new Date(startOf(1) - 47 * HOUR));
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);

    // Week 3: the wallet is empty. Told once over two sweeps; still pending.
    expect((await sweep(new Date(startOf(2) - 47 * HOUR))).short).toBe(1);
    await sweep(new Date(startOf(2) - 40 * HOUR));
    expect(await typesOf(student.user.id, 'standing.chargeFailed')).toBe(1);
    expect(await lessonRow(l3.id)).toMatchObject({ status: 'pending' });

    // 24 h before: released, both told, slot open for others.
    expect((await sweep(new Date(startOf(2) - 23 * HOUR))).released).toBe(1);
    expect(await lessonRow(l3.id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      cancel_reason: 'standingUnpaid',
    });
    expect(await slotStatus(slots[2]?.id ?? 0)).toBe('open');
    expect(await typesOf(student.user.id, 'standing.released')).toBe(1);
    expect(await typesOf(teacher.user.id, 'standing.released')).toBe(1);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a top-up before 24 h makes the retry pass', async () => {
    const first = hourFrom(80);
    const { teacher, slots } = await weeklySlots(first, [0, 1, 2, 3]);
    const student = await f.student();
    // The balance covers the first lesson when the series is made, then goes on another lesson.
    await fundWallet(ctx.database.db, student.user.id, 10_000);
    const series = (await create(student, slots[0]?.id ?? 0)).json() as Series;
    const lesson = series.lessons[0];
    if (!lesson) throw new Error('no lesson');
    const other = await f.slot(teacher.profile.id, new Date(first.getTime() - 24 * HOUR), { priceFils: 10_000 });
    const spent = await bookRequest(ctx.app, student.headers, {
      timeSlotId: other.id,
      paymentMethod: 'balance',
      expectedTotal: '10.000',
    });
    expect(spent.statusCode, spent.body).toBe(200);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    expect((await sweep(new Date(first.getTime() - 47 * HOUR))).short).toBe(1);
    await fundWallet(ctx.database.db, student.user.id, 10_000);
    expect((await sweep(new Date(first.getTime() - 30 * HOUR))).charged).toBe(1);
    expect(await lessonRow(lesson.id)).toMatchObject({ status: 'confirmed' });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });
});

describe('skipping and stopping', () => {
  it('skips a paid week (refunded in full) and an unpaid one (released); inside 24 h a paid week cannot be skipped', async () => {
    const { slots } = await weeklySlots(hourFrom(30), [0, 1, 2, 3]);
    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 10_000);
    const series = (await create(student, slots[0]?.id ?? 0)).json() as Series;
    const [paid, unpaid] = series.lessons;
    if (!paid || !unpaid) throw new Error('lessons missing');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    const skippedPaid = await post(student, `/${series.id}/skip`, { reservationId: paid.id });
    expect(skippedPaid.statusCode, skippedPaid.body).toBe(200);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
    expect(await slotStatus(slots[0]?.id ?? 0)).toBe('open');
    const skippedUnpaid = await post(student, `/${series.id}/skip`, { reservationId: unpaid.id });
    expect(skippedUnpaid.statusCode).toBe(200);
    expect(await lessonRow(unpaid.id)).toMatchObject({ status: 'cancelled' });
    expect(await slotStatus(slots[1]?.id ?? 0)).toBe('open');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);

    const late = await weeklySlots(hourFrom(20), [0, 1, 2, 3]);
    const other = await f.student();
    await fundWallet(ctx.database.db, other.user.id, 10_000);
    const lateSeries = (await create(other, late.slots[0]?.id ?? 0)).json() as Series;
    const closed = await post(other, `/${lateSeries.id}/skip`, { reservationId: lateSeries.lessons[0]?.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('cancellationClosed');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('stops halfway: a paid lesson inside 24 h kept, unpaid ones released; then not active', async () => {
    const { slots } = await weeklySlots(hourFrom(20), [0, 1, 2, 3]);
    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 10_000);
    const series = (await create(student, slots[0]?.id ?? 0)).json() as Series;
    const stopped = await post(student, `/${series.id}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    const body = stopped.json() as Series;
    expect(body.status).toBe('stopped');
    expect(body.lessons.map((lesson) => lesson.status)).toEqual(['confirmed', 'cancelled', 'cancelled', 'cancelled']);
    for (const slot of slots.slice(1)) expect(await slotStatus(slot.id)).toBe('open');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    const again = await post(student, `/${series.id}/stop`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('standingNotActive');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a suspended teacher: the series ends, paid lessons refunded in full, unpaid released', async () => {
    const { teacher, slots } = await weeklySlots(hourFrom(30), [0, 1, 2, 3]);
    const student = await f.student();
    await fundWallet(ctx.database.db, student.user.id, 10_000);
    const series = (await create(student, slots[0]?.id ?? 0)).json() as Series;
    const admin = await f.user({ roleId: ROLE.admin });
    const suspended = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${teacher.user.id}/suspend`,
      headers: admin.headers,
      payload: { reason: 'test' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
    const list = await ctx.app.inject({ url: '/api/v1/standing-bookings', headers: student.headers });
    const item = (list.json() as { items: Series[] }).items.find((one) => one.id === series.id);
    expect(item?.status).toBe('ended');
    expect(item?.lessons.every((lesson) => lesson.status === 'cancelled')).toBe(true);
    await expectLedgerConsistent(ctx.database.db);
  });
});
