import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { timeSlots } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet } from '../../test/money.ts';
import { bookRequest, bookWithBalance, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const URL = '/api/v1/availability/slots';

const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let db: Db;
let teacher: TestTeacher;
let otherTeacher: TestTeacher;
let student: TestUser;

/** A whole hour `hours` from now (rounded), so slots line up. */
function at(hours: number, minutes = 0): Date {
  const base = Math.ceil(Date.now() / HOUR) * HOUR;
  return new Date(base + hours * HOUR + minutes * MINUTE);
}

/** The start and end of a slot of `minutes` from `start`, as the API takes them. */
const span = (start: Date, minutes = 60) => ({
  startTime: start.toISOString(),
  endTime: new Date(start.getTime() + minutes * MINUTE).toISOString(),
});

function create(user: { headers: Record<string, string> } | null, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: URL, headers: user?.headers ?? {}, payload: body });
}

function patch(user: { headers: Record<string, string> }, id: number, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PATCH', url: `${URL}/${id}`, headers: user.headers, payload: body });
}

function remove(user: { headers: Record<string, string> }, id: number) {
  return ctx.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: user.headers });
}

function list(user: { headers: Record<string, string> }, query = '') {
  return ctx.app.inject({ url: `${URL}${query}`, headers: user.headers });
}

async function slotRow(id: number) {
  const [row] = await db.select().from(timeSlots).where(eq(timeSlots.id, id));
  return row;
}

beforeAll(async () => {
  db = ctx.database.db;
  teacher = await f.teacher({ profile: { hourlyRateFils: 12_000 } });
  otherTeacher = await f.teacher();
  student = await f.student({ firstName: 'Mona', lastName: 'Khaled' });
  await fundWallet(db, student.user.id, 100_000);
});
afterAll(() => expectLedgerConsistent(db));

describe('who may', () => {
  it('a guest gets 401 and a student 403 on every route', async () => {
    const body = { startTime: at(30).toISOString(), endTime: at(31).toISOString() };
    expect((await ctx.app.inject({ url: URL })).statusCode).toBe(401);
    expect((await create(null, body)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: `${URL}/1`, payload: {} })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/1` })).statusCode).toBe(401);
    expect((await list(student)).statusCode).toBe(403);
    const made = await create(student, body);
    expect(made.statusCode).toBe(403);
    expect(made.json().code).toBe('forbidden');
    expect((await patch(student, 1, { price: '1' })).statusCode).toBe(403);
    expect((await remove(student, 1)).statusCode).toBe(403);
    expect(await db.select().from(timeSlots)).toEqual([]);
  });
});

describe('creating', () => {
  it('defaults the price to the hourly rate times the length (90 minutes = 1.5 x rate)', async () => {
    const start = at(50);
    const res = await create(teacher, span(start, 90));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...span(start, 90),
      price: '18.000',
      status: 'open',
      reservationId: null,
      studentName: null,
    });
    const row = await slotRow(res.json().id);
    expect(row).toMatchObject({ teacherId: teacher.profile.id, priceFils: 18_000, status: 'open' });
  });

  it('takes a price typed in Arabic-Indic digits with the Arabic decimal separator (issue 17)', async () => {
    const start = at(70);
    const res = await create(teacher, { ...span(start), price: '٧٫٢٥' });
    expect(res.statusCode).toBe(200);
    expect(res.json().price).toBe('7.250');
    expect((await slotRow(res.json().id))?.priceFils).toBe(7_250);
  });

  it('takes an explicit price; a 45-minute slot at the default rate is 0.75 x rate', async () => {
    const start = at(60);
    const priced = await create(teacher, { ...span(start), price: '7.25' });
    expect(priced.json().price).toBe('7.250');
    const short = await create(teacher, {
      startTime: at(62).toISOString(),
      endTime: at(62, 45).toISOString(),
    });
    expect(short.json().price).toBe('9.000');
    // Nothing is free (issue 29): at least 0.500 KWD an hour (minimum-price.test.ts has the rest).
    const free = await create(teacher, { startTime: at(64).toISOString(), endTime: at(65).toISOString(), price: '0' });
    expect(free.json()).toEqual({ status: 422, errors: { price: 'tooSmall' } });
    for (const price of ['-1', '1.2345', 'abc', '1e3', 12]) {
      const bad = await create(teacher, { startTime: at(66).toISOString(), endTime: at(67).toISOString(), price });
      expect(bad.statusCode, `price ${price}`).toBe(422);
      expect(bad.json().errors).toHaveProperty('price');
    }
  });

  it('an overlap is 409 slotOverlap; adjacent slots are fine; another teacher may use the same time', async () => {
    const base = at(80);
    const first = await create(teacher, { startTime: base.toISOString(), endTime: at(81).toISOString() });
    expect(first.statusCode).toBe(200);
    for (const [start, end] of [
      [at(80), at(81)],
      [at(80, 30), at(81, 30)],
      [at(79, 30), at(80, 15)],
      [at(80, 15), at(80, 45)],
      [at(79), at(82)],
    ] as const) {
      const res = await create(teacher, { startTime: start.toISOString(), endTime: end.toISOString() });
      expect(res.statusCode, `${start.toISOString()}-${end.toISOString()}`).toBe(409);
      expect(res.json().code).toBe('slotOverlap');
    }
    expect((await create(teacher, { startTime: at(81).toISOString(), endTime: at(82).toISOString() })).statusCode).toBe(
      200,
    );
    expect((await create(teacher, { startTime: at(79).toISOString(), endTime: at(80).toISOString() })).statusCode).toBe(
      200,
    );
    expect(
      (await create(otherTeacher, { startTime: at(80).toISOString(), endTime: at(81).toISOString() })).statusCode,
    ).toBe(200);
    const mine = (await list(teacher, `?from=${at(78).toISOString()}&to=${at(83).toISOString()}`)).json();
    expect(mine).toHaveLength(3);
  });

  it('refuses the past, too short, too long, reversed and too far ahead with 422', async () => {
    const cases: [Date, Date, Record<string, string>][] = [
      [new Date(Date.now() - HOUR), new Date(Date.now()), { startTime: 'inPast' }],
      [new Date(Date.now() - MINUTE), new Date(Date.now() + HOUR), { startTime: 'inPast' }],
      [at(100), at(100, 10), { endTime: 'tooSmall' }],
      [at(100), at(100, 14), { endTime: 'tooSmall' }],
      [at(100), at(104, 1), { endTime: 'tooBig' }],
      [at(100), at(99), { endTime: 'tooSmall' }],
      [at(100), at(100), { endTime: 'tooSmall' }],
      [new Date(Date.now() + 181 * DAY), new Date(Date.now() + 181 * DAY + HOUR), { startTime: 'tooBig' }],
    ];
    for (const [start, end, errors] of cases) {
      const res = await create(teacher, { startTime: start.toISOString(), endTime: end.toISOString() });
      expect(res.statusCode, JSON.stringify(errors)).toBe(422);
      expect(res.json()).toEqual({ status: 422, errors });
    }
    // The limits themselves are accepted: 15 minutes and 4 hours.
    expect(
      (await create(teacher, { startTime: at(110).toISOString(), endTime: at(110, 15).toISOString() })).statusCode,
    ).toBe(200);
    expect(
      (await create(teacher, { startTime: at(120).toISOString(), endTime: at(124).toISOString() })).statusCode,
    ).toBe(200);
    // Not ISO with an offset, or unknown fields.
    expect((await create(teacher, { startTime: 'tomorrow', endTime: at(131).toISOString() })).statusCode).toBe(422);
    expect(
      (await create(teacher, { startTime: at(130).toISOString(), endTime: at(131).toISOString(), status: 'booked' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await create(teacher, { startTime: at(130).toISOString(), endTime: at(131).toISOString(), teacherId: 1 }))
        .statusCode,
    ).toBe(422);
    const window = (await list(teacher, `?from=${at(99).toISOString()}&to=${at(101).toISOString()}`)).json();
    expect(window).toEqual([]);
  });

  it('a time with another offset is the same instant', async () => {
    const start = at(140);
    const kuwait = (d: Date) => new Date(d.getTime() + 3 * HOUR).toISOString().replace('Z', '+03:00');
    const res = await create(teacher, { startTime: kuwait(start), endTime: kuwait(at(141)) });
    expect(res.statusCode).toBe(200);
    expect(res.json().startTime).toBe(start.toISOString());
    const clash = await create(teacher, { startTime: start.toISOString(), endTime: at(141).toISOString() });
    expect(clash.json().code).toBe('slotOverlap');
  });
});

describe('editing and deleting', () => {
  it('patches an open slot: time and price; an overlapping move is 409; past is 422', async () => {
    const a = (await create(teacher, { startTime: at(200).toISOString(), endTime: at(201).toISOString() })).json();
    await create(teacher, { startTime: at(202).toISOString(), endTime: at(203).toISOString() });
    const moved = await patch(teacher, a.id, {
      startTime: at(200, 30).toISOString(),
      endTime: at(201, 30).toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      id: a.id,
      startTime: at(200, 30).toISOString(),
      endTime: at(201, 30).toISOString(),
      price: '12.000',
    });
    const priced = await patch(teacher, a.id, { price: '5.5' });
    expect(priced.json()).toMatchObject({ price: '5.500', startTime: at(200, 30).toISOString() });
    const longer = await patch(teacher, a.id, { endTime: at(202).toISOString() });
    expect(longer.json().endTime).toBe(at(202).toISOString());
    const clash = await patch(teacher, a.id, { endTime: at(202, 30).toISOString() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('slotOverlap');
    const past = await patch(teacher, a.id, { startTime: new Date(Date.now() - HOUR).toISOString() });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ startTime: 'inPast' });
    const reversed = await patch(teacher, a.id, { startTime: at(203).toISOString() });
    expect(reversed.json().errors).toEqual({ endTime: 'tooSmall' });
    expect(await slotRow(a.id)).toMatchObject({ priceFils: 5_500, endTime: at(202) });
    expect((await patch(teacher, a.id, { status: 'booked' })).statusCode).toBe(422);
    expect((await slotRow(a.id))?.status).toBe('open');
  });

  it("another teacher's slot is 404 for patch and delete, and unchanged", async () => {
    const mine = (await create(teacher, { startTime: at(220).toISOString(), endTime: at(221).toISOString() })).json();
    expect((await patch(otherTeacher, mine.id, { price: '1' })).statusCode).toBe(404);
    expect((await remove(otherTeacher, mine.id)).statusCode).toBe(404);
    expect((await patch(teacher, 999_999, { price: '1' })).statusCode).toBe(404);
    expect((await remove(teacher, 999_999)).statusCode).toBe(404);
    expect((await slotRow(mine.id))?.priceFils).toBe(12_000);
    const theirs = (await list(otherTeacher, `?from=${at(219).toISOString()}&to=${at(222).toISOString()}`)).json();
    expect(theirs).toEqual([]);
  });

  it('deletes an open slot (204); it leaves the list', async () => {
    const s = (await create(teacher, { startTime: at(230).toISOString(), endTime: at(231).toISOString() })).json();
    const res = await remove(teacher, s.id);
    expect(res.statusCode).toBe(204);
    expect(await slotRow(s.id)).toBeUndefined();
    expect((await remove(teacher, s.id)).statusCode).toBe(404);
    // The time is free again.
    expect(
      (await create(teacher, { startTime: at(230).toISOString(), endTime: at(231).toISOString() })).statusCode,
    ).toBe(200);
  });

  it('held and booked slots show who has them and cannot be changed or deleted (409 slotNotEditable)', async () => {
    const booked = (await create(teacher, { startTime: at(240).toISOString(), endTime: at(241).toISOString() })).json();
    const held = (await create(teacher, { startTime: at(242).toISOString(), endTime: at(243).toISOString() })).json();
    const open = (await create(teacher, { startTime: at(244).toISOString(), endTime: at(245).toISOString() })).json();
    const paid = await bookWithBalance(ctx.app, student.headers, booked);
    const pending = await bookRequest(ctx.app, student.headers, {
      timeSlotId: held.id,
      paymentMethod: 'payzah',
      expectedTotal: totalOf(held),
    });
    expect(pending.statusCode).toBe(200);

    const slots = (await list(teacher, `?from=${at(239).toISOString()}&to=${at(246).toISOString()}`)).json();
    /** The hour-long slot at `hour` as the teacher's list shows it, taken by the student's booking `by`. */
    const taken = (slot: { id: number }, hour: number, status: string, by: typeof paid) => ({
      id: slot.id,
      startTime: at(hour).toISOString(),
      endTime: at(hour + 1).toISOString(),
      price: '12.000',
      status,
      reservationId: by.json().reservations[0].id,
      studentName: 'Mona Khaled',
      seriesId: null,
      kind: 'lesson',
    });
    expect(slots).toEqual([
      taken(booked, 240, 'booked', paid),
      taken(held, 242, 'held', pending),
      expect.objectContaining({ id: open.id, status: 'open', reservationId: null, studentName: null }),
    ]);

    for (const s of [booked, held]) {
      for (const body of [{ price: '1' }, { startTime: at(250).toISOString(), endTime: at(251).toISOString() }]) {
        const res = await patch(teacher, s.id, body);
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('slotNotEditable');
      }
      const del = await remove(teacher, s.id);
      expect(del.statusCode).toBe(409);
      expect(del.json().code).toBe('slotNotEditable');
    }
    expect(await slotRow(booked.id)).toMatchObject({ status: 'booked', priceFils: 12_000, startTime: at(240) });
    expect(await slotRow(held.id)).toMatchObject({ status: 'held', priceFils: 12_000, startTime: at(242) });

    // Cancelled: the slot is open again and editable, but it keeps its history so it cannot be deleted.
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/reservations/${paid.json().reservations[0].id}/cancel`,
      headers: teacher.headers,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    const reopened = (await list(teacher, `?from=${at(239).toISOString()}&to=${at(241).toISOString()}`)).json();
    expect(reopened[0]).toMatchObject({ id: booked.id, status: 'open', reservationId: null, studentName: null });
    expect((await patch(teacher, booked.id, { price: '11' })).statusCode).toBe(200);
    expect((await remove(teacher, booked.id)).statusCode).toBe(409);
  });
});

describe('what students see', () => {
  it('a new open slot appears in the public available-time-slots; booked and far ones do not', async () => {
    const fresh = await f.teacher({ profile: { hourlyRateFils: 8_000 } });
    const soon = (await create(fresh, { startTime: at(26).toISOString(), endTime: at(27, 30).toISOString() })).json();
    const taken = (await create(fresh, { startTime: at(28).toISOString(), endTime: at(29).toISOString() })).json();
    const far = (
      await create(fresh, { startTime: at(20 * 24).toISOString(), endTime: at(20 * 24 + 1).toISOString() })
    ).json();
    expect(soon.price).toBe('12.000');
    await bookWithBalance(ctx.app, student.headers, taken);
    const res = await ctx.app.inject({ url: `/api/teachers/teachers/${fresh.profile.id}/available-time-slots` });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((s: { id: number }) => s.id);
    expect(ids).toContain(soon.id);
    expect(ids).not.toContain(taken.id);
    expect(ids).not.toContain(far.id);
    // Deleted: gone from the public list too.
    expect((await remove(fresh, soon.id)).statusCode).toBe(204);
    const after = await ctx.app.inject({ url: `/api/teachers/teachers/${fresh.profile.id}/available-time-slots` });
    expect(after.json().map((s: { id: number }) => s.id)).not.toContain(soon.id);
  });

  it('the default list window starts a day back and spans 60 days', async () => {
    const fresh = await f.teacher();
    await f.slot(fresh.profile.id, new Date(Date.now() - 2 * DAY));
    const yesterday = await f.slot(fresh.profile.id, new Date(Date.now() - 12 * HOUR));
    const in58 = (
      await create(fresh, { startTime: at(58 * 24).toISOString(), endTime: at(58 * 24 + 1).toISOString() })
    ).json();
    await create(fresh, { startTime: at(60 * 24).toISOString(), endTime: at(60 * 24 + 1).toISOString() });
    const ids = (await list(fresh)).json().map((s: { id: number }) => s.id);
    expect(ids).toEqual([yesterday.id, in58.id]);
    expect((await list(fresh, '?from=not-a-date')).statusCode).toBe(422);
  });
});
