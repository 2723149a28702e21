import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { timeSlots } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet } from '../../test/money.ts';
import { bookRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Weekly series (issue 15 "Fill your calendar"): POST /api/v1/availability/recurring and
 * DELETE /api/v1/availability/series/{id}. The clock is fixed at Wednesday 20 March 2030, 12:00 in
 * Kuwait (09:00 UTC), so every week and daylight-saving change below is a known one; it runs on
 * from there with the real time.
 */
const NOW = new Date('2030-03-20T09:00:00.000Z');
const RECURRING = '/api/v1/availability/recurring';
const SERIES = '/api/v1/availability/series';
const SLOTS = '/api/v1/availability/slots';

const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let db: Db;
let teacher: TestTeacher;
let otherTeacher: TestTeacher;
let student: TestUser;

type Headers = { headers: Record<string, string> };

function recur(user: Headers | null, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: RECURRING, headers: user?.headers ?? {}, payload: body });
}

function removeSeries(user: Headers, seriesId: string) {
  return ctx.app.inject({ method: 'DELETE', url: `${SERIES}/${seriesId}`, headers: user.headers });
}

/** A series of one-hour lessons on one date (its weekday, 0 Sunday), from `startTime` to `endTime`. */
const oneDay = (date: string, weekday: number, startTime: string, endTime: string) => ({
  weekdays: [weekday],
  startTime,
  endTime,
  lessonMinutes: 60,
  fromDate: date,
  toDate: date,
});

/** A week of Sunday, Tuesday and Thursday evenings, 18:00-21:00 in hours, from Sunday 24 March 2030. */
const EVENINGS = {
  weekdays: [0, 2, 4],
  startTime: '18:00',
  endTime: '21:00',
  lessonMinutes: 60,
  fromDate: '2030-03-24',
  toDate: '2030-03-30',
};

async function seriesRows(seriesId: string) {
  return db.select().from(timeSlots).where(eq(timeSlots.seriesId, seriesId)).orderBy(asc(timeSlots.startTime));
}

const instants = (rows: { startTime: Date; endTime: Date }[]) =>
  rows.map((row) => `${row.startTime.toISOString()}/${row.endTime.toISOString()}`);

/** Pairs of one teacher's slots whose half-open ranges overlap: the exclusion constraint allows none. */
async function overlappingPairs(teacherId: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as pairs from time_slots a join time_slots b
      on a.teacher_id = b.teacher_id and a.id < b.id
     and tstzrange(a.start_time, a.end_time, '[)') && tstzrange(b.start_time, b.end_time, '[)')
     where a.teacher_id = ${teacherId}`);
  // Both drivers answer raw SQL with `{ rows }`.
  return Number((result as unknown as { rows: { pairs: number }[] }).rows[0]?.pairs);
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: NOW });
  db = ctx.database.db;
  teacher = await f.teacher({ profile: { hourlyRateFils: 12_000 } });
  otherTeacher = await f.teacher();
  student = await f.student();
  await fundWallet(db, student.user.id, 500_000);
});
afterAll(async () => {
  await expectLedgerConsistent(db);
  vi.useRealTimers();
});

describe('who may', () => {
  it('a guest gets 401, a student 403 on both routes; nothing is created', async () => {
    expect((await recur(null, EVENINGS)).statusCode).toBe(401);
    const asStudent = await recur(student, EVENINGS);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json().code).toBe('forbidden');
    expect((await ctx.app.inject({ method: 'DELETE', url: `${SERIES}/${randomUUID()}` })).statusCode).toBe(401);
    expect((await removeSeries(student, randomUUID())).statusCode).toBe(403);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(timeSlots);
    expect(count?.n).toBe(0);
  });
});

describe('creating a series', () => {
  it('a known week: 3 evenings x 3 lessons in Kuwait time, priced at the hourly rate, marked with the series', async () => {
    const res = await recur(teacher, EVENINGS);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ created: 9, skipped: 0, seriesId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const rows = await seriesRows(body.seriesId);
    // Kuwait is UTC+3 all year: 18:00 there is 15:00 UTC.
    expect(instants(rows)).toEqual(
      ['2030-03-24', '2030-03-26', '2030-03-28'].flatMap((day) =>
        ['15', '16', '17'].map((hour) => `${day}T${hour}:00:00.000Z/${day}T${Number(hour) + 1}:00:00.000Z`),
      ),
    );
    expect(rows.every((row) => row.teacherId === teacher.profile.id && row.status === 'open')).toBe(true);
    expect(new Set(rows.map((row) => row.priceFils))).toEqual(new Set([12_000]));
    // The editor's list shows the series id of each slot.
    const listed = await ctx.app.inject({
      url: `${SLOTS}?from=2030-03-24T00:00:00.000Z&to=2030-03-25T00:00:00.000Z`,
      headers: teacher.headers,
    });
    expect(listed.json()).toHaveLength(3);
    expect(listed.json()[0]).toMatchObject({ seriesId: body.seriesId, status: 'open', price: '12.000' });
  });

  it('skips what overlaps the teacher’s slots (the series itself, or a single slot); another teacher is not in the way', async () => {
    const again = await recur(teacher, EVENINGS);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ created: 0, skipped: 9 });
    expect(await seriesRows(again.json().seriesId)).toEqual([]);

    // A single hour next Tuesday 19:30-20:30 Kuwait takes out two of the three lessons that evening.
    const single = await ctx.app.inject({
      method: 'POST',
      url: SLOTS,
      headers: teacher.headers,
      payload: { startTime: '2030-04-02T16:30:00.000Z', endTime: '2030-04-02T17:30:00.000Z' },
    });
    expect(single.statusCode).toBe(200);
    const nextWeek = { ...EVENINGS, fromDate: '2030-03-31', toDate: '2030-04-06', lessonMinutes: 45, price: '7.5' };
    const res = await recur(teacher, nextWeek);
    // 18:00-21:00 holds four 45-minute lessons; on Tuesday 19:30 and 20:15 meet the single hour.
    expect(res.json()).toMatchObject({ created: 10, skipped: 2 });
    const rows = await seriesRows(res.json().seriesId);
    expect(rows.filter((row) => row.startTime.toISOString().startsWith('2030-04-02')).map((r) => r.startTime)).toEqual([
      new Date('2030-04-02T15:00:00.000Z'),
      new Date('2030-04-02T15:45:00.000Z'),
    ]);
    expect(new Set(rows.map((row) => row.priceFils))).toEqual(new Set([7_500]));
    expect(await overlappingPairs(teacher.profile.id)).toBe(0);

    const theirs = await recur(otherTeacher, EVENINGS);
    expect(theirs.json()).toMatchObject({ created: 9, skipped: 0 });
  });

  it('today: lessons that already started are skipped, the rest created', async () => {
    // Now is 12:00 in Kuwait: 08:00 to 12:00 have started, 13:00 has not.
    const res = await recur(teacher, oneDay('2030-03-20', 3, '08:00', '14:00'));
    expect(res.json()).toMatchObject({ created: 1, skipped: 5 });
    expect(instants(await seriesRows(res.json().seriesId))).toEqual([
      '2030-03-20T10:00:00.000Z/2030-03-20T11:00:00.000Z',
    ]);
  });

  it('a daylight-saving zone: 09:00 in London is 09:00 UTC before the last Sunday of March and 08:00 UTC from it', async () => {
    const london = await f.teacher({ profile: { hourlyRateFils: 20_000 } });
    const zone = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teachers/profiles/${london.profile.id}`,
      headers: london.headers,
      payload: { timeZone: 'Europe/London' },
    });
    expect(zone.statusCode).toBe(200);
    expect(zone.json().timeZone).toBe('Europe/London');
    // Saturday 30 March, Sunday 31 March (clocks go forward at 01:00 UTC), Monday 1 April 2030.
    const res = await recur(london, {
      weekdays: [6, 0, 1],
      startTime: '09:00',
      endTime: '11:00',
      lessonMinutes: 120,
      fromDate: '2030-03-30',
      toDate: '2030-04-01',
    });
    expect(res.json()).toMatchObject({ created: 3, skipped: 0 });
    const rows = await seriesRows(res.json().seriesId);
    expect(instants(rows)).toEqual([
      '2030-03-30T09:00:00.000Z/2030-03-30T11:00:00.000Z',
      '2030-03-31T08:00:00.000Z/2030-03-31T10:00:00.000Z',
      '2030-04-01T08:00:00.000Z/2030-04-01T10:00:00.000Z',
    ]);
    // Two hours at 20 KWD an hour.
    expect(rows[0]?.priceFils).toBe(40_000);
    // The night of the change: 00:30 and 01:30 local; 01:30 does not exist and lands after the gap, without overlap.
    const night = await recur(london, oneDay('2030-03-31', 0, '00:30', '02:30'));
    expect(night.json()).toMatchObject({ created: 2, skipped: 0 });
    expect(instants(await seriesRows(night.json().seriesId))).toEqual([
      '2030-03-31T00:30:00.000Z/2030-03-31T01:30:00.000Z',
      '2030-03-31T01:30:00.000Z/2030-03-31T02:30:00.000Z',
    ]);
  });

  it('12 weeks is the limit (84 days apart); one day more is 422 rangeTooLong', async () => {
    const fresh = await f.teacher();
    const sundays = { weekdays: [0], startTime: '10:00', endTime: '11:00', lessonMinutes: 60, fromDate: '2030-03-24' };
    const tooLong = await recur(fresh, { ...sundays, toDate: '2030-06-17' });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ status: 422, errors: { toDate: 'rangeTooLong' } });
    const ok = await recur(fresh, { ...sundays, toDate: '2030-06-16' });
    expect(ok.json()).toMatchObject({ created: 13, skipped: 0 });
  });

  it('refuses bad orders, the past and bad shapes with 422 and creates nothing', async () => {
    const fresh = await f.teacher();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ startTime: '21:00', endTime: '18:00' }, { endTime: 'endBeforeStart' }],
      [{ startTime: '18:00', endTime: '18:00' }, { endTime: 'endBeforeStart' }],
      [{ startTime: '18:00', endTime: '18:30' }, { endTime: 'tooSmall' }],
      [{ fromDate: '2030-03-30', toDate: '2030-03-24' }, { toDate: 'endBeforeStart' }],
      [{ fromDate: '2030-03-19', toDate: '2030-03-24' }, { fromDate: 'inPast' }],
      [{ fromDate: '2030-09-01', toDate: '2030-09-30' }, { toDate: 'tooBig' }],
      [{ price: '500.001', lessonMinutes: 30 }, { price: 'tooBig' }],
      [{ weekdays: [] }, { weekdays: 'tooShort' }],
      [{ weekdays: [1, 1] }, { weekdays: 'invalid' }],
      [{ weekdays: [7] }, { 'weekdays.0': 'tooBig' }],
      [{ lessonMinutes: 50 }, { lessonMinutes: 'invalid' }],
      [{ startTime: '24:00' }, { startTime: 'invalid' }],
      [{ fromDate: '24/03/2030' }, { fromDate: 'invalid' }],
      [{ teacherId: 1 }, { teacherId: 'unknownField' }],
    ];
    for (const [change, errors] of cases) {
      const res = await recur(fresh, { ...EVENINGS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json(), JSON.stringify(change)).toEqual({ status: 422, errors });
    }
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(timeSlots)
      .where(eq(timeSlots.teacherId, fresh.profile.id));
    expect(count?.n).toBe(0);
  });
});

describe('the time zone setting', () => {
  it('defaults to Asia/Kuwait in the own profile, is changed by PATCH, refuses a zone Intl does not know, and stays private', async () => {
    const fresh = await f.teacher();
    const me = await ctx.app.inject({ url: '/api/teachers/profiles/me', headers: fresh.headers });
    expect(me.json().timeZone).toBe('Asia/Kuwait');
    for (const timeZone of ['Mars/Olympus', '+03:00', '', 'Asia/Kuwait; drop table']) {
      const bad = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/teachers/profiles/${fresh.profile.id}`,
        headers: fresh.headers,
        payload: { timeZone },
      });
      expect(bad.statusCode, timeZone).toBe(422);
      expect(bad.json().errors).toEqual({ timeZone: 'invalidTimeZone' });
    }
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teachers/profiles/${fresh.profile.id}`,
      headers: fresh.headers,
      payload: { timeZone: 'America/New_York' },
    });
    expect(changed.json().timeZone).toBe('America/New_York');
    const again = await ctx.app.inject({ url: '/api/teachers/profiles/me', headers: fresh.headers });
    expect(again.json().timeZone).toBe('America/New_York');
    const publicView = await ctx.app.inject({ url: `/api/teachers/profiles/${fresh.profile.id}` });
    expect(publicView.json()).not.toHaveProperty('timeZone');
  });
});

describe('removing a series', () => {
  it('removes the open future slots only: booked, held and past ones stay; another teacher gets 404', async () => {
    const owner = await f.teacher();
    const made = (await recur(owner, { ...EVENINGS, weekdays: [0, 1] })).json();
    expect(made.created).toBe(6);
    const [booked, held] = await seriesRows(made.seriesId);
    if (!booked || !held) throw new Error('series slots missing');
    expect(
      (
        await bookRequest(ctx.app, student.headers, {
          timeSlotId: booked.id,
          paymentMethod: 'balance',
          expectedTotal: totalOf(booked),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await bookRequest(ctx.app, student.headers, {
          timeSlotId: held.id,
          paymentMethod: 'payzah',
          expectedTotal: totalOf(held),
        })
      ).statusCode,
    ).toBe(200);
    // A slot of the series that already started (as if created earlier) is history: it stays.
    const [past] = await db
      .insert(timeSlots)
      .values({
        teacherId: owner.profile.id,
        startTime: new Date(Date.now() - 30 * 60_000),
        endTime: new Date(Date.now() + 30 * 60_000),
        priceFils: 10_000,
        seriesId: made.seriesId,
      })
      .returning();

    expect((await removeSeries(otherTeacher, made.seriesId)).statusCode).toBe(404);
    expect((await removeSeries(owner, randomUUID())).statusCode).toBe(404);
    expect((await removeSeries(owner, 'not-a-uuid')).statusCode).toBe(422);
    expect(await seriesRows(made.seriesId)).toHaveLength(7);

    const res = await removeSeries(owner, made.seriesId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: 4 });
    const left = await seriesRows(made.seriesId);
    expect(left.map((row) => [row.id, row.status]).sort()).toEqual(
      [
        [booked.id, 'booked'],
        [held.id, 'held'],
        [past?.id, 'open'],
      ].sort(),
    );
    // Again: nothing left to remove, but the series is still the teacher's.
    expect((await removeSeries(owner, made.seriesId)).json()).toEqual({ removed: 0 });
  });

  it('a series slot booked while the series is removed and a copy of the series is added: no overlap, at most one booking', async () => {
    const owner = await f.teacher({ profile: { hourlyRateFils: 5_000 } });
    const made = (await recur(owner, { ...EVENINGS, weekdays: [2] })).json();
    const [target] = await seriesRows(made.seriesId);
    if (!target) throw new Error('series slot missing');
    const students = await Promise.all(Array.from({ length: 8 }, () => f.student()));
    await Promise.all(students.map((s) => fundWallet(db, s.user.id, 50_000)));

    const [bookings, removal, copy] = await Promise.all([
      Promise.all(
        students.map((s) =>
          bookRequest(ctx.app, s.headers, {
            timeSlotId: target.id,
            paymentMethod: 'balance',
            expectedTotal: totalOf(target),
          }),
        ),
      ),
      removeSeries(owner, made.seriesId),
      recur(owner, { ...EVENINGS, weekdays: [2] }),
    ]);
    const won = bookings.filter((res) => res.statusCode === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    expect(bookings.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    expect(removal.statusCode).toBe(200);
    expect(copy.statusCode).toBe(201);
    const [row] = await db.select().from(timeSlots).where(eq(timeSlots.id, target.id));
    // Booked: the slot stayed and the removal left it out; otherwise it went with the series.
    if (won.length === 1) expect(row?.status).toBe('booked');
    else expect(row).toBeUndefined();
    expect(removal.json().removed).toBe(3 - won.length);
    expect(copy.json().created + copy.json().skipped).toBe(3);
    expect(await overlappingPairs(owner.profile.id)).toBe(0);
    const live = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(timeSlots)
      .where(and(eq(timeSlots.teacherId, owner.profile.id), eq(timeSlots.status, 'booked')));
    expect(live[0]?.n).toBe(won.length);
  });
});
