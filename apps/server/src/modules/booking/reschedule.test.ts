import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import type { TestTeacher } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../../test/money.ts';
import { bookRequest, bookWithBalance, pathOf, purchaseRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { insertPackages } from '../subscriptions/subscriptions.repo.ts';

/** Issue 32: a student moves a booked lesson (ADR 033). Runs on PGlite and PostgreSQL. */
const HOUR = 3600_000;
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let teacher: TestTeacher;
let other: TestTeacher;

beforeAll(async () => {
  teacher = await f.teacher();
  other = await f.teacher();
});

let hoursAhead = 48;
const slotOf = (priceFils: number, values: { hours?: number; at?: number; of?: TestTeacher } = {}) => {
  hoursAhead += 3;
  const at = values.at ?? hoursAhead;
  return f.slot((values.of ?? teacher).profile.id, new Date(Date.now() + at * HOUR), {
    priceFils,
    hours: values.hours ?? 1,
  });
};

type Headers = Awaited<ReturnType<typeof f.student>>['headers'];
const move = (headers: Headers, reservationId: number, slot: { id: number; priceFils: number }, total?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/reservations/${reservationId}/reschedule`,
    headers,
    payload: { timeSlotId: slot.id, expectedTotal: total ?? totalOf(slot) },
  });

/** ICS times are whole seconds. */
const seconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();
const query = () => rawQueryOf(ctx.database.db);
const reservationRow = async (id: number) =>
  (
    await query()(
      'select time_slot_id, price_fils, cash_fils, hours_value_fils, subscription_minutes, revision, status from reservations where id = $1',
      [id],
    )
  ).rows.map((row: Record<string, unknown>) => ({
    slot: Number(row.time_slot_id),
    price: Number(row.price_fils),
    cash: Number(row.cash_fils),
    hours: Number(row.hours_value_fils),
    minutes: Number(row.subscription_minutes),
    revision: Number(row.revision),
    status: row.status,
  }))[0];
const slotStatus = async (id: number) =>
  ((await query()('select status from time_slots where id = $1', [id])).rows[0] as { status: string }).status;

/** A student with `walletFils` who booked a slot of `priceFils` from the wallet. */
async function booked(priceFils: number, walletFils: number, at?: number) {
  const student = await f.student();
  await fundWallet(ctx.database.db, student.user.id, walletFils);
  const slot = await slotOf(priceFils, at === undefined ? {} : { at });
  const answer = await bookWithBalance(ctx.app, student.headers, slot);
  const reservationId = answer.json().reservations[0].id as number;
  return { student, slot, reservationId };
}

async function withHours(student: { user: { id: number }; headers: Headers }, hours: number, priceFils: number) {
  const [pkg] = await insertPackages(ctx.database.db, [
    { nameAr: 'ساعات', nameEn: 'Hours', hours, priceFils, validityDays: 30 },
  ]);
  if (!pkg) throw new Error('package');
  await fundWallet(ctx.database.db, student.user.id, priceFils);
  const bought = await purchaseRequest(ctx.app, student.headers, { packageId: pkg.id, paymentMethod: 'balance' });
  expect(bought.statusCode, bought.body).toBe(200);
}

describe('rescheduling a lesson (issue 32)', () => {
  it('moves to a same-price slot: old slot open, new booked, revision 1, no money moves, both told', async () => {
    const { student, slot, reservationId } = await booked(10_000, 10_000);
    const target = await slotOf(10_000);
    const answer = await move(student.headers, reservationId, target);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      reservation: { id: reservationId, revision: 1, startTime: target.startTime.toISOString() },
      difference: { charged: '0.000', refunded: '0.000', to: 'none' },
    });
    expect(answer.json().reservation.rescheduledAt).not.toBeNull();
    expect(await slotStatus(slot.id)).toBe('open');
    expect(await slotStatus(target.id)).toBe('booked');
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    const told = (
      await query()(
        "select user_id from notifications where type = 'booking.rescheduled' and data->>'reservationId' = $1",
        [String(reservationId)],
      )
    ).rows.map((row: Record<string, unknown>) => Number(row.user_id));
    expect(told.sort()).toEqual([student.user.id, teacher.user.id].sort());
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a dearer slot: the difference from the wallet; short wallet 422 and nothing written', async () => {
    const { student, reservationId } = await booked(10_000, 13_000);
    const tooDear = await slotOf(20_000);
    const short = await move(student.headers, reservationId, tooDear);
    expect(short.statusCode, short.body).toBe(422);
    expect(await reservationRow(reservationId)).toMatchObject({ price: 10_000, revision: 0 });
    expect(await slotStatus(tooDear.id)).toBe('open');
    const dearer = await slotOf(12_500);
    const answer = await move(student.headers, reservationId, dearer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().difference).toEqual({ charged: '2.500', refunded: '0.000', to: 'wallet' });
    expect(await reservationRow(reservationId)).toMatchObject({ price: 12_500, cash: 12_500, hours: 0, revision: 1 });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(500);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a dearer slot with hours: hours first (the lesson minutes not paid in hours), then the wallet', async () => {
    const { student, reservationId } = await booked(10_000, 10_000);
    // 1 hour worth 6.000 KWD: the 1 h lesson has 60 minutes not paid in hours, so the hours pay first.
    await withHours(student, 1, 6_000);
    await fundWallet(ctx.database.db, student.user.id, 1_000);
    const dearer = await slotOf(13_000);
    const answer = await move(student.headers, reservationId, dearer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().difference).toMatchObject({ charged: '3.000', to: 'subscription' });
    const row = await reservationRow(reservationId);
    expect(row).toMatchObject({ price: 13_000, hours: 3_000, cash: 10_000 });
    expect((row?.cash ?? 0) + (row?.hours ?? 0)).toBe(row?.price);
    expect(row?.minutes).toBeGreaterThan(0);
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(1_000);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a cheaper slot: the money part back to the wallet first', async () => {
    const { student, reservationId } = await booked(10_000, 10_000);
    const cheaper = await slotOf(7_000);
    const answer = await move(student.headers, reservationId, cheaper);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().difference).toEqual({ charged: '0.000', refunded: '3.000', to: 'wallet' });
    expect(await reservationRow(reservationId)).toMatchObject({ price: 7_000, cash: 7_000, hours: 0 });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(3_000);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a cheaper slot of an hours-paid lesson: the hours value goes back to the subscription', async () => {
    const student = await f.student();
    await withHours(student, 2, 20_000);
    const slot = await slotOf(10_000);
    expect((await bookWithBalance(ctx.app, student.headers, slot)).json().paidWith).toBe('subscription');
    const reservationId = (
      (await query()('select id from reservations where time_slot_id = $1', [slot.id])).rows[0] as { id: number }
    ).id;
    expect(await reservationRow(reservationId)).toMatchObject({ hours: 10_000, cash: 0, minutes: 60 });
    const cheaper = await slotOf(5_000);
    const answer = await move(student.headers, reservationId, cheaper);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().difference).toEqual({ charged: '0.000', refunded: '5.000', to: 'subscription' });
    expect(await reservationRow(reservationId)).toMatchObject({ price: 5_000, hours: 5_000, cash: 0, minutes: 30 });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(0);
    const left = (
      await query()('select remaining_minutes, remaining_value_fils from user_subscriptions where user_id = $1', [
        student.user.id,
      ])
    ).rows[0] as Record<string, unknown>;
    expect(Number(left.remaining_value_fils)).toBe(15_000);
    expect(Number(left.remaining_minutes)).toBe(90);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refuses: 12 h boundary, other length, other teacher, same slot, price changed, not the student', async () => {
    const { student, slot, reservationId } = await booked(10_000, 10_000, 12.02);
    const target = await slotOf(10_000);
    // Just over 12 h before: movable. Exactly at the boundary (the contract's rule): too late.
    const now = new Date(slot.startTime.getTime() - 12 * HOUR);
    await expect(
      ctx.app.money.booking.reschedule(
        student.user.id,
        reservationId,
        { timeSlotId: target.id, expectedTotal: '10.000' },
        now,
      ),
    ).rejects.toMatchObject({ code: 'rescheduleTooLate' });
    const twoHours = await slotOf(20_000, { hours: 2 });
    const otherTeachers = await slotOf(10_000, { of: other });
    const codeOf = async (answer: Awaited<ReturnType<typeof move>>) => [answer.statusCode, answer.json().code];
    expect(await codeOf(await move(student.headers, reservationId, twoHours))).toEqual([409, 'rescheduleOtherLength']);
    expect(await codeOf(await move(student.headers, reservationId, otherTeachers))).toEqual([409, 'slotUnavailable']);
    expect(await codeOf(await move(student.headers, reservationId, slot))).toEqual([409, 'slotUnavailable']);
    expect(await codeOf(await move(student.headers, reservationId, target, '9.000'))).toEqual([409, 'priceChanged']);
    const stranger = await f.student();
    expect(await codeOf(await move(stranger.headers, reservationId, target))).toEqual([404, 'notFound']);
    expect(await codeOf(await move(teacher.headers, reservationId, target))).toEqual([404, 'notFound']);
    expect(await reservationRow(reservationId)).toMatchObject({ slot: slot.id, revision: 0 });
    // Still ahead of the boundary by a minute: it moves.
    expect((await move(student.headers, reservationId, target)).statusCode).toBe(200);
  });

  it('inside 12 h (10 h ahead): 409 rescheduleTooLate', async () => {
    const { student, reservationId } = await booked(10_000, 10_000, 10);
    const answer = await move(student.headers, reservationId, await slotOf(10_000));
    expect([answer.statusCode, answer.json().code]).toEqual([409, 'rescheduleTooLate']);
  });

  it('a reschedule racing a booking of the same slot: exactly one wins, nothing half written', async () => {
    const { student, slot, reservationId } = await booked(10_000, 10_000);
    const target = await slotOf(10_000);
    const rival = await f.student();
    await fundWallet(ctx.database.db, rival.user.id, 10_000);
    const [moved, taken] = await Promise.all([
      move(student.headers, reservationId, target),
      bookRequest(ctx.app, rival.headers, { timeSlotId: target.id, paymentMethod: 'balance', expectedTotal: '10.000' }),
    ]);
    expect([moved.statusCode, taken.statusCode].sort()).toEqual([200, 409]);
    const live = (
      await query()("select count(*)::int as n from reservations where time_slot_id = $1 and status = 'confirmed'", [
        target.id,
      ])
    ).rows[0] as { n: number };
    expect(Number(live.n)).toBe(1);
    const row = await reservationRow(reservationId);
    if (moved.statusCode === 200) {
      expect(row).toMatchObject({ slot: target.id, revision: 1 });
      expect(await slotStatus(slot.id)).toBe('open');
      expect(await walletOf(ctx.database.db, rival.user.id)).toBe(10_000);
    } else {
      expect(moved.json().code).toBe('slotUnavailable');
      expect(row).toMatchObject({ slot: slot.id, revision: 0 });
      expect(await slotStatus(slot.id)).toBe('booked');
      expect(await walletOf(ctx.database.db, rival.user.id)).toBe(0);
    }
    await expectLedgerConsistent(ctx.database.db);
  });

  it('two racing reschedules of one lesson: one moves it, the other 409, one slot booked', async () => {
    const { student, slot, reservationId } = await booked(10_000, 10_000);
    const a = await slotOf(10_000);
    const b = await slotOf(10_000);
    const answers = await Promise.all([
      move(student.headers, reservationId, a),
      move(student.headers, reservationId, b),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    // The second sees the first's move: both may succeed only one after the other (revision 2), never half.
    const row = await reservationRow(reservationId);
    expect(row?.revision).toBe(codes.filter((code) => code === 200).length);
    const statuses = [await slotStatus(slot.id), await slotStatus(a.id), await slotStatus(b.id)];
    expect(statuses.filter((status) => status === 'booked')).toHaveLength(1);
    expect(await slotStatus(row?.slot ?? 0)).toBe('booked');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('the calendar feed after a move: same UID, SEQUENCE 1, the new DTSTART (parsed with ical.js)', async () => {
    const { student, reservationId } = await booked(10_000, 10_000);
    const feed = await ctx.app.inject({ url: '/api/v1/calendar', headers: student.headers });
    const url = feed.json().url as string;
    const eventOf = async () => {
      const res = await ctx.app.inject({ url: pathOf(url) });
      expect(res.statusCode).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(res.body));
      const events = calendar.getAllSubcomponents('vevent').map((component) => ({
        uid: String(component.getFirstPropertyValue('uid')),
        sequence: Number(component.getFirstPropertyValue('sequence')),
        start: new ICAL.Event(component).startDate.toJSDate().toISOString(),
      }));
      return events.find((event) => event.uid.startsWith(`reservation-${reservationId}@`));
    };
    const before = await eventOf();
    expect(before?.sequence).toBe(0);
    const target = await slotOf(10_000);
    expect((await move(student.headers, reservationId, target)).statusCode).toBe(200);
    const after = await eventOf();
    expect(after).toEqual({ uid: before?.uid, sequence: 1, start: seconds(target.startTime) });
  });
});
