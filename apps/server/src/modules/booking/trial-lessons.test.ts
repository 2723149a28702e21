import { ownTeacherProfileSchema, TRIAL_MINUTES, teacherProfileSchema } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { reservations, timeSlots } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../../test/money.ts';
import { bookRequest, cancelRequest, nextAddress, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { lockSlots } from './booking.repo.ts';
import { reserveSlots } from './slot-taking.ts';

/** Trial lessons (issue 32, ADR 035): the teacher's trial price, trial slots, one trial per student and teacher. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });
let db: Db;

beforeAll(() => {
  db = t.database.db;
});
afterAll(() => expectLedgerConsistent(db));

let offset = 60;
/** A whole hour ahead, a new one each call, so slots never overlap. */
function nextStart(): Date {
  offset += 3;
  return new Date(Math.ceil(Date.now() / HOUR) * HOUR + offset * HOUR);
}

function send(user: TestUser, method: 'POST' | 'PATCH', url: string, payload: object) {
  return t.app.inject({ method, url, headers: user.headers, payload, remoteAddress: nextAddress() });
}

const setTrialPrice = (teacher: TestTeacher, trialPrice: string | null) =>
  send(teacher, 'PATCH', `/api/teachers/profiles/${teacher.profile.id}`, { trialPrice });

function addSlot(teacher: TestTeacher, minutes: number, extra: Record<string, unknown> = {}) {
  const start = nextStart();
  return send(teacher, 'POST', '/api/v1/availability/slots', {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + minutes * MINUTE).toISOString(),
    ...extra,
  });
}

async function trialSlot(teacher: TestTeacher): Promise<{ id: number; price: string; kind: string }> {
  const res = await addSlot(teacher, TRIAL_MINUTES, { kind: 'trial' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function trialTeacher(price = '2.500') {
  const teacher = await f.teacher({ profile: { hourlyRateFils: 10_000 } });
  expect((await setTrialPrice(teacher, price)).statusCode).toBe(200);
  return teacher;
}

async function fundedStudent(fils = 50_000) {
  const student = await f.student();
  await fundWallet(db, student.user.id, fils);
  return student;
}

const bookOne = (student: TestUser, slot: { id: number; price: string }, paymentMethod = 'balance') =>
  bookRequest(t.app, student.headers, { timeSlotId: slot.id, paymentMethod, expectedTotal: totalOf(slot) });

const slotStatus = async (id: number) =>
  (await db.select({ status: timeSlots.status }).from(timeSlots).where(eq(timeSlots.id, id)))[0]?.status;

const trialsOf = (studentId: number) =>
  db
    .select({
      id: reservations.id,
      kind: reservations.kind,
      status: reservations.status,
      price: reservations.priceFils,
    })
    .from(reservations)
    .where(eq(reservations.studentId, studentId));

describe('the trial price on the teacher profile', () => {
  it('is null by default, set and read back in the own and the public profile, and removed with null', async () => {
    const teacher = await f.teacher();
    const me = await t.app.inject({ url: '/api/teachers/profiles/me', headers: teacher.headers });
    expect(ownTeacherProfileSchema.parse(me.json()).trialPrice).toBeNull();
    const set = await setTrialPrice(teacher, '1.5');
    expect(set.statusCode, set.body).toBe(200);
    expect(ownTeacherProfileSchema.parse(set.json()).trialPrice).toBe('1.500');
    const page = await t.app.inject({ url: `/api/teachers/profiles/${teacher.profile.id}` });
    expect(teacherProfileSchema.parse(page.json()).trialPrice).toBe('1.500');
    expect((await setTrialPrice(teacher, null)).json().trialPrice).toBeNull();
  });

  it('below 0.250 KWD is 422 tooSmall, above half the highest hourly rate tooBig; Arabic-Indic digits are read', async () => {
    const teacher = await f.teacher();
    for (const price of ['0.249', '0', '٠٫٢٤٩']) {
      const res = await setTrialPrice(teacher, price);
      expect(res.statusCode, price).toBe(422);
      expect(res.json().errors, price).toEqual({ trialPrice: 'tooSmall' });
    }
    const big = await setTrialPrice(teacher, '500.001');
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual({ trialPrice: 'tooBig' });
    const arabic = await setTrialPrice(teacher, '٠٫٢٥٠');
    expect(arabic.statusCode, arabic.body).toBe(200);
    expect(arabic.json().trialPrice).toBe('0.250');
  });
});

describe('trial slots', () => {
  it('a trial slot is 30 minutes at the trial price (a price sent is ignored) and says kind trial, own and public', async () => {
    const teacher = await trialTeacher('2.500');
    const res = await addSlot(teacher, TRIAL_MINUTES, { kind: 'trial', price: '9.000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'trial', price: '2.500' });
    const lesson = await addSlot(teacher, 60);
    expect(lesson.json()).toMatchObject({ kind: 'lesson', price: '10.000' });
    const own = await t.app.inject({ url: '/api/v1/availability/slots', headers: teacher.headers });
    expect(own.json().map((slot: { kind: string }) => slot.kind)).toEqual(['trial', 'lesson']);
    const open = await t.app.inject({ url: `/api/teachers/teachers/${teacher.profile.id}/available-time-slots` });
    expect(open.json().map((slot: { id: number; kind: string }) => [slot.id, slot.kind])).toEqual([
      [res.json().id, 'trial'],
      [lesson.json().id, 'lesson'],
    ]);
  });

  it('a trial slot of another length is 422 endTime invalid, also when moved; nothing is made', async () => {
    const teacher = await trialTeacher();
    for (const minutes of [60, 45, 15]) {
      const res = await addSlot(teacher, minutes, { kind: 'trial' });
      expect(res.statusCode, String(minutes)).toBe(422);
      expect(res.json().errors).toEqual({ endTime: 'invalid' });
    }
    const slot = await trialSlot(teacher);
    const start = nextStart();
    const moved = await send(teacher, 'PATCH', `/api/v1/availability/slots/${slot.id}`, {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ endTime: 'invalid' });
    const own = await t.app.inject({ url: '/api/v1/availability/slots', headers: teacher.headers });
    expect(own.json()).toHaveLength(1);
  });

  it('a teacher with no trial price cannot add one: 409 trialNotOffered', async () => {
    const teacher = await f.teacher();
    const res = await addSlot(teacher, TRIAL_MINUTES, { kind: 'trial' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('trialNotOffered');
  });

  it('a new trial price reprices the open future trial slots (not lessons, not booked ones) at once', async () => {
    const teacher = await trialTeacher('2.000');
    const open = await trialSlot(teacher);
    const booked = await trialSlot(teacher);
    const lesson = (await addSlot(teacher, 60)).json();
    const student = await fundedStudent();
    expect((await bookOne(student, booked)).statusCode).toBe(200);
    expect((await setTrialPrice(teacher, '3.250')).statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/v1/availability/slots', headers: teacher.headers });
    const prices = Object.fromEntries(list.json().map((slot: { id: number; price: string }) => [slot.id, slot.price]));
    expect(prices).toEqual({ [open.id]: '3.250', [booked.id]: '2.000', [lesson.id]: '10.000' });
  });

  it('when the teacher withdraws the trial, its slots are neither listed nor bookable (409 trialNotOffered)', async () => {
    const teacher = await trialTeacher();
    const slot = await trialSlot(teacher);
    expect((await setTrialPrice(teacher, null)).statusCode).toBe(200);
    const open = await t.app.inject({ url: `/api/teachers/teachers/${teacher.profile.id}/available-time-slots` });
    expect(open.json()).toEqual([]);
    const student = await fundedStudent();
    const res = await bookOne(student, slot);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('trialNotOffered');
    expect(await walletOf(db, student.user.id)).toBe(50_000);
    expect(await slotStatus(slot.id)).toBe('open');
  });
});

describe('booking a trial: one per student and teacher', () => {
  it('books as kind trial at the trial price; a second trial with that teacher is 409, allowed again once cancelled', async () => {
    const teacher = await trialTeacher('2.500');
    const first = await trialSlot(teacher);
    const second = await trialSlot(teacher);
    const student = await fundedStudent();
    const booked = await bookOne(student, first);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().reservations[0]).toMatchObject({ kind: 'trial', price: '2.500' });
    expect(await walletOf(db, student.user.id)).toBe(47_500);

    const again = await bookOne(student, second);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('trialAlreadyTaken');
    expect(await walletOf(db, student.user.id)).toBe(47_500);
    expect(await slotStatus(second.id)).toBe('open');
    // A gateway booking is refused the same way, before anything is held.
    const gateway = await bookOne(student, second, 'payzah');
    expect(gateway.statusCode).toBe(409);
    expect(gateway.json().code).toBe('trialAlreadyTaken');
    expect(await slotStatus(second.id)).toBe('open');
    // Another student may take it, and this student may still book the teacher's ordinary lessons.
    const lesson = (await addSlot(teacher, 60)).json();
    expect((await bookOne(student, lesson)).statusCode).toBe(200);

    const cancelled = await cancelRequest(t.app, student.headers, booked.json().reservations[0].id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const retry = await bookOne(student, second);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await trialsOf(student.user.id)).filter((row) => row.kind === 'trial').map((row) => row.status)).toEqual([
      'cancelled',
      'confirmed',
    ]);
  });

  it('two trial slots of one teacher in one booking are refused, nothing charged; trials of two teachers are fine', async () => {
    const teacher = await trialTeacher('1.000');
    const a = await trialSlot(teacher);
    const b = await trialSlot(teacher);
    const student = await fundedStudent();
    const res = await bookRequest(
      t.app,
      student.headers,
      { timeSlotIds: [a.id, b.id], paymentMethod: 'balance', expectedTotal: totalOf(a, b) },
      'multiple',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('trialAlreadyTaken');
    expect(await walletOf(db, student.user.id)).toBe(50_000);
    expect(await trialsOf(student.user.id)).toEqual([]);

    const other = await trialSlot(await trialTeacher('1.250'));
    const both = await bookRequest(
      t.app,
      student.headers,
      { timeSlotIds: [a.id, other.id], paymentMethod: 'balance', expectedTotal: totalOf(a, other) },
      'multiple',
    );
    expect(both.statusCode, both.body).toBe(200);
    expect(await walletOf(db, student.user.id)).toBe(50_000 - 2_250);
  });

  it('a race of two trial bookings of two trial slots of one teacher by one student: exactly one wins', async () => {
    const teacher = await trialTeacher('2.000');
    const slots = [await trialSlot(teacher), await trialSlot(teacher)];
    const student = await fundedStudent();
    const answers = await Promise.all(slots.map((slot) => bookOne(student, slot)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().code).toBe('trialAlreadyTaken');
    expect(await walletOf(db, student.user.id)).toBe(48_000);
    expect((await trialsOf(student.user.id)).filter((row) => row.status !== 'cancelled')).toHaveLength(1);
  });

  it('past the check, the unique index refuses a second live trial and it reads 409 trialAlreadyTaken', async () => {
    const teacher = await trialTeacher('2.000');
    const [first, second] = [await trialSlot(teacher), await trialSlot(teacher)];
    const student = await fundedStudent();
    expect((await bookOne(student, first)).statusCode).toBe(200);
    const attempt = db.transaction(async (tx) => {
      const locked = await lockSlots(tx, [second.id]);
      await reserveSlots(tx, locked, { studentId: student.user.id, status: 'pending', note: '' }, (slot) => ({
        paidWith: 'wallet',
        cashFils: slot.priceFils,
      }));
    });
    const error = await attempt.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe('trialAlreadyTaken');
    expect((await trialsOf(student.user.id)).map((row) => row.status)).toEqual(['confirmed']);
  });
});
