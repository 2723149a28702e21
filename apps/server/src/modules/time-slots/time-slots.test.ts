import { AVAILABLE_SLOTS_DAYS, timeSlotSchema } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { isExclusionViolation, pgErrorCode } from '../../db/errors.ts';
import { timeSlots } from '../../db/schema.ts';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp();
const HOUR = 60 * 60 * 1000;

/** A direct INSERT through Drizzle, past every service: only the database stands in the way. */
async function insertSlot(teacherId: number, start: string, end: string, status: 'open' | 'held' | 'booked' = 'open') {
  try {
    const [row] = await t.database.db
      .insert(timeSlots)
      .values({ teacherId, startTime: new Date(start), endTime: new Date(end), priceFils: 5_000, status })
      .returning();
    return { row, error: undefined };
  } catch (error) {
    return { row: undefined, error };
  }
}

describe('time_slots: a teacher’s slots never overlap (exclusion constraint)', () => {
  it('refuses an overlapping slot of the same teacher, whatever the status', async () => {
    const { profile } = await f.teacher();
    expect((await insertSlot(profile.id, '2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z')).row).toBeDefined();
    for (const [start, end, status] of [
      ['2030-01-01T10:30:00Z', '2030-01-01T11:30:00Z', 'open'],
      ['2030-01-01T09:30:00Z', '2030-01-01T10:01:00Z', 'booked'],
      ['2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z', 'held'],
      ['2030-01-01T09:00:00Z', '2030-01-01T12:00:00Z', 'open'],
      ['2030-01-01T10:15:00Z', '2030-01-01T10:45:00Z', 'open'],
    ] as const) {
      const { error } = await insertSlot(profile.id, start, end, status);
      expect(pgErrorCode(error), `${start}-${end}`).toBe('23P01');
      expect(isExclusionViolation(error)).toBe(true);
    }
  });

  it('allows adjacent slots and another teacher at the same time', async () => {
    const { profile } = await f.teacher();
    const other = await f.teacher();
    expect((await insertSlot(profile.id, '2030-02-01T10:00:00Z', '2030-02-01T11:00:00Z')).error).toBeUndefined();
    expect((await insertSlot(profile.id, '2030-02-01T11:00:00Z', '2030-02-01T12:00:00Z')).error).toBeUndefined();
    expect((await insertSlot(profile.id, '2030-02-01T09:00:00Z', '2030-02-01T10:00:00Z')).error).toBeUndefined();
    expect((await insertSlot(other.profile.id, '2030-02-01T10:00:00Z', '2030-02-01T11:00:00Z')).error).toBeUndefined();
  });

  it('refuses a slot that ends before it starts, or an empty one', async () => {
    const { profile } = await f.teacher();
    expect(pgErrorCode((await insertSlot(profile.id, '2030-03-01T10:00:00Z', '2030-03-01T09:00:00Z')).error)).toBe(
      '23514',
    );
    expect(pgErrorCode((await insertSlot(profile.id, '2030-03-01T10:00:00Z', '2030-03-01T10:00:00Z')).error)).toBe(
      '23514',
    );
  });
});

describe('GET /api/teachers/teachers/:id/available-time-slots', () => {
  it('lists open slots starting in the next 14 days, earliest first', async () => {
    const { profile } = await f.teacher({ profile: { hourlyRateFils: 7_250 } });
    const now = Date.now();
    const at = (hours: number) => new Date(Math.floor((now + hours * HOUR) / HOUR) * HOUR);
    const later = await f.slot(profile.id, at(50), { priceFils: 7_250 });
    const sooner = await f.slot(profile.id, at(3), { priceFils: 7_250 });
    await f.slot(profile.id, at(5), { status: 'booked' });
    await f.slot(profile.id, at(7), { status: 'held' });
    await f.slot(profile.id, at(-5)); // past
    await f.slot(profile.id, at(15 * 24)); // beyond 14 days
    const res = await t.app.inject({ url: `/api/teachers/teachers/${profile.id}/available-time-slots` });
    expect(res.statusCode).toBe(200);
    const slots = (res.json() as unknown[]).map((x) => timeSlotSchema.parse(x));
    expect(slots.map((s) => s.id)).toEqual([sooner.id, later.id]);
    expect(slots[0]).toEqual({
      id: sooner.id,
      startTime: at(3).toISOString(),
      endTime: at(4).toISOString(),
      price: '7.250',
      status: 'open',
      kind: 'lesson',
    });
  });

  it('?from= starts the list there and still covers 14 days; a past from reads as now; a bad one is 422', async () => {
    expect(AVAILABLE_SLOTS_DAYS).toBe(14);
    const { profile } = await f.teacher();
    const now = Date.now();
    const at = (hours: number) => new Date(Math.floor((now + hours * HOUR) / HOUR) * HOUR);
    const url = (from?: string) =>
      `/api/teachers/teachers/${profile.id}/available-time-slots${from ? `?from=${encodeURIComponent(from)}` : ''}`;
    const idsOf = async (from?: string) => {
      const res = await t.app.inject({ url: url(from) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as unknown[]).map((x) => timeSlotSchema.parse(x).id);
    };
    // A lesson 10 days ahead; its next week (17 days) is past the default list.
    const soon = await f.slot(profile.id, at(3));
    const lesson = await f.slot(profile.id, at(10 * 24), { status: 'booked' });
    const nextWeek = await f.slot(profile.id, at(17 * 24));
    const edge = await f.slot(profile.id, at(10 * 24 + 14 * 24 - 1));
    await f.slot(profile.id, at(10 * 24 + 14 * 24 + 1)); // past from + 14 days
    await f.slot(profile.id, at(-5)); // past
    expect(await idsOf()).toEqual([soon.id]);
    expect(await idsOf(lesson.startTime.toISOString())).toEqual([nextWeek.id, edge.id]);
    // A from in the past is now: nothing already started, and still 14 days.
    expect(await idsOf(new Date(now - 30 * 24 * HOUR).toISOString())).toEqual([soon.id]);
    expect(await idsOf('2020-01-01T00:00:00+03:00')).toEqual([soon.id]);
    for (const bad of ['tomorrow', '2030-13-01T00:00:00Z', '1735689600000'])
      expect((await t.app.inject({ url: url(bad) })).statusCode, bad).toBe(422);
  });

  it('an empty list for a teacher without slots, 404 for an unknown or unlisted teacher, 422 for a bad id', async () => {
    const { profile } = await f.teacher();
    const empty = await t.app.inject({ url: `/api/teachers/teachers/${profile.id}/available-time-slots` });
    expect(empty.json()).toEqual([]);
    const suspended = await f.teacher({ status: 'suspended' });
    for (const id of [999_999, suspended.profile.id]) {
      expect((await t.app.inject({ url: `/api/teachers/teachers/${id}/available-time-slots` })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/teachers/teachers/x/available-time-slots' })).statusCode).toBe(422);
  });
});
