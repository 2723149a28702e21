import { ROLE } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teacherProfiles, timeSlots } from '../../db/schema.ts';
import { newStudentApplies } from '../../test/applications.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../../test/money.ts';
import { bookRequest, nextAddress } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/*
 * Issue 29: a slot and an hourly rate cost at least BOOKING.minPricePerHourKwd (0.500 KWD an hour;
 * a slot of d minutes at least 0.500 * d / 60, rounded up to a fils). Below it: 422 `tooSmall`, and
 * nothing changes. Before, a 0.000 slot was accepted and a second account with an empty wallet booked it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });
let offset = 100;

/** A whole hour ahead, a new one each call, so slots never overlap. */
function nextStart(): Date {
  offset += 5;
  return new Date(Math.ceil(Date.now() / HOUR) * HOUR + offset * HOUR);
}

function send(user: TestUser, method: 'POST' | 'PATCH', url: string, payload: object) {
  return t.app.inject({ method, url, headers: user.headers, payload, remoteAddress: nextAddress() });
}

function createSlot(teacher: TestTeacher, minutes: number, price?: string) {
  const start = nextStart();
  return send(teacher, 'POST', '/api/v1/availability/slots', {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + minutes * MINUTE).toISOString(),
    ...(price === undefined ? {} : { price }),
  });
}

async function slotCount(teacher: TestTeacher) {
  return (await t.database.db.select().from(timeSlots).where(eq(timeSlots.teacherId, teacher.profile.id))).length;
}

/** The hourly rate on a teacher's profile: `teacher`'s, or the profile of the user `{ userId }`. */
async function rateOf(teacher: TestTeacher | { userId: number }) {
  const which =
    'userId' in teacher ? eq(teacherProfiles.userId, teacher.userId) : eq(teacherProfiles.id, teacher.profile.id);
  const [row] = await t.database.db.select().from(teacherProfiles).where(which);
  return row?.hourlyRateFils;
}

describe('a slot costs at least 0.500 KWD an hour', () => {
  it('a 0.000 slot (and 0, 0.001, 0.499 for an hour) is 422 price tooSmall, and no slot is made', async () => {
    const teacher = await f.teacher();
    for (const price of ['0.000', '0', '0.001', '0.499', '٠٫٤٩٩']) {
      const res = await createSlot(teacher, 60, price);
      expect(res.statusCode, price).toBe(422);
      expect(res.json(), price).toEqual({ status: 422, errors: { price: 'tooSmall' } });
    }
    expect(await slotCount(teacher)).toBe(0);
    const hour = await createSlot(teacher, 60, '0.500');
    expect(hour.statusCode, hour.body).toBe(200);
    expect(hour.json().price).toBe('0.500');
  });

  it('per hour of its length, rounded up to a fils: 30 min from 0.250, 50 min from 0.417', async () => {
    const teacher = await f.teacher();
    expect((await createSlot(teacher, 30, '0.249')).json()).toEqual({ status: 422, errors: { price: 'tooSmall' } });
    expect((await createSlot(teacher, 30, '0.250')).statusCode).toBe(200);
    expect((await createSlot(teacher, 50, '0.416')).json()).toEqual({ status: 422, errors: { price: 'tooSmall' } });
    expect((await createSlot(teacher, 50, '0.417')).statusCode).toBe(200);
  });

  it('a price typed as 1٬5 is refused (invalid), not read as 15', async () => {
    const teacher = await f.teacher();
    const res = await createSlot(teacher, 60, '1٬5');
    expect(res.json()).toEqual({ status: 422, errors: { price: 'invalid' } });
    expect((await createSlot(teacher, 120, '1٬500')).json().price).toBe('1500.000');
  });

  it('editing a slot to 0.000 is refused and keeps its price', async () => {
    const teacher = await f.teacher();
    const created = await createSlot(teacher, 60, '8');
    const res = await send(teacher, 'PATCH', `/api/v1/availability/slots/${created.json().id}`, { price: '0.000' });
    expect(res.json()).toEqual({ status: 422, errors: { price: 'tooSmall' } });
    const [row] = await t.database.db.select().from(timeSlots).where(eq(timeSlots.id, created.json().id));
    expect(row?.priceFils).toBe(8_000);
  });

  it('a weekly series at 0.000 is refused and makes no slot', async () => {
    const teacher = await f.teacher();
    const from = new Date(Date.now() + 10 * 24 * HOUR).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 20 * 24 * HOUR).toISOString().slice(0, 10);
    const res = await send(teacher, 'POST', '/api/v1/availability/recurring', {
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      startTime: '16:00',
      endTime: '18:00',
      lessonMinutes: 60,
      fromDate: from,
      toDate: to,
      price: '0.000',
    });
    expect(res.json()).toEqual({ status: 422, errors: { price: 'tooSmall' } });
    expect(await slotCount(teacher)).toBe(0);
  });

  it('a teacher whose rate predates the minimum (0) cannot open a slot at that rate; at the minimum rate, 25 minutes cost 0.209', async () => {
    const legacy = await f.teacher({ profile: { hourlyRateFils: 0 } });
    expect((await createSlot(legacy, 60)).json()).toEqual({ status: 422, errors: { price: 'tooSmall' } });
    expect(await slotCount(legacy)).toBe(0);
    const cheapest = await f.teacher({ profile: { hourlyRateFils: 500 } });
    const res = await createSlot(cheapest, 25);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().price).toBe('0.209');
  });

  it('a slot priced 0.000 before the minimum cannot be booked: 409, an empty wallet stays empty', async () => {
    const teacher = await f.teacher();
    const free = await f.slot(teacher.profile.id, nextStart(), { priceFils: 0 });
    const student = await f.student();
    const res = await bookRequest(t.app, student.headers, {
      timeSlotId: free.id,
      paymentMethod: 'balance',
      expectedTotal: '0.000',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('slotUnavailable');
    const [row] = await t.database.db.select().from(timeSlots).where(eq(timeSlots.id, free.id));
    expect(row?.status).toBe('open');
    expect(await walletOf(t.database.db, student.user.id)).toBe(0);
    await fundWallet(t.database.db, student.user.id, 1_000);
    const priced = await f.slot(teacher.profile.id, nextStart(), { priceFils: 500 });
    const paid = await bookRequest(t.app, student.headers, {
      timeSlotId: priced.id,
      paymentMethod: 'balance',
      expectedTotal: '0.500',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await expectLedgerConsistent(t.database.db);
  });
});

describe('an hourly rate is at least 0.500 KWD', () => {
  it('the teacher: 0.000 and 0.499 are 422 hourlyRate tooSmall and the rate stays; 0.500 is taken', async () => {
    const teacher = await f.teacher();
    const url = `/api/teachers/profiles/${teacher.profile.id}`;
    for (const hourlyRate of ['0.000', '0', '0.499', '٠٫٤٩٩']) {
      const res = await send(teacher, 'PATCH', url, { hourlyRate });
      expect(res.json(), hourlyRate).toEqual({ status: 422, errors: { hourlyRate: 'tooSmall' } });
    }
    expect(await rateOf(teacher)).toBe(10_000);
    const ok = await send(teacher, 'PATCH', url, { hourlyRate: '0.500' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await rateOf(teacher)).toBe(500);
  });

  it('the admin editor and a promotion: 0.000 is tooSmall; a promotion without a rate starts at 0.500', async () => {
    const admin = await f.user({ roleId: ROLE.admin });
    const teacher = await f.teacher();
    const edit = await send(admin, 'PATCH', `/api/v1/admin/teachers/${teacher.profile.id}`, { hourlyRate: '0.000' });
    expect(edit.json()).toEqual({ status: 422, errors: { hourlyRate: 'tooSmall' } });
    expect(await rateOf(teacher)).toBe(10_000);

    const student = await f.student();
    const zero = await send(admin, 'POST', `/api/v1/admin/users/${student.user.id}/promote`, { hourlyRate: '0' });
    expect(zero.json()).toEqual({ status: 422, errors: { hourlyRate: 'tooSmall' } });
    const promoted = await send(admin, 'POST', `/api/v1/admin/users/${student.user.id}/promote`, {});
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await rateOf({ userId: student.user.id })).toBe(500);
  });

  it('an application at 0.499 KWD an hour is tooSmall', async () => {
    const res = await newStudentApplies(t, f, { hourlyRate: '0.499' });
    expect(res.json()).toEqual({ status: 422, errors: { hourlyRate: 'tooSmall' } });
  });
});
