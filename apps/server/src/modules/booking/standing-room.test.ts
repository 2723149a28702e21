import { STANDING } from '@ustaz/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, liveReservations, walletOf } from '../../test/money.ts';
import { useTestApp } from '../../test/test-app.ts';

/*
 * The cross-account room of unpaid series lessons at one teacher (ADR 037). Each account may hold
 * STANDING.maxUnpaidLessons unpaid weekly lessons; several fresh accounts of one person must not
 * hold one teacher's whole term together. Through the real HTTP API on the real database; on
 * PostgreSQL the race runs in parallel transactions.
 */
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const ROOM = STANDING.newcomerUnpaidPerTeacher;
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
const query = (text: string, values: unknown[] = []) => rawQueryOf(ctx.database.db)(text, values);
const hourFrom = (hours: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR);

afterAll(async () => {
  await expectLedgerConsistent(ctx.database.db);
});

/** `weeks` weekly one-hour slots of the teacher from `hours` ahead (over 48 h: none is charged at once); the slots' ids. */
async function weeklySlots(teacher: TestTeacher, hours: number, weeks: number): Promise<number[]> {
  const first = hourFrom(hours);
  const ids: number[] = [];
  for (let week = 0; week < weeks; week += 1)
    ids.push((await f.slot(teacher.profile.id, new Date(first.getTime() + week * WEEK), { priceFils: 10_000 })).id);
  return ids;
}

/** A fresh account whose wallet covers a first lesson (a series is not free to make). */
async function freshStudent(): Promise<TestUser> {
  const student = await f.student();
  await fundWallet(ctx.database.db, student.user.id, 10_000);
  return student;
}

const create = (user: TestUser, timeSlotId: number, weeks: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/standing-bookings',
    headers: user.headers,
    payload: { timeSlotId, weeks, paymentMethod: 'balance' },
  });
const stop = (user: TestUser, id: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/standing-bookings/${id}/stop`, headers: user.headers });

const numberOf = async (text: string, values: unknown[]) =>
  Number(((await query(text, values)).rows[0] as { n: number | string }).n);
/** The unpaid series lessons at the teacher (every student). */
const unpaidAt = (teacher: TestTeacher) =>
  numberOf(
    `select count(*)::int as n from reservations
      where teacher_id = $1 and status = 'pending' and standing_booking_id is not null and charge_at is not null`,
    [teacher.profile.id],
  );
const seriesOf = (student: TestUser) =>
  numberOf('select count(*)::int as n from standing_bookings where student_id = $1', [student.user.id]);
const reservationsOf = (student: TestUser) =>
  numberOf('select count(*)::int as n from reservations where student_id = $1', [student.user.id]);

/** A refusal wrote nothing: no series, no reservation, the slots open and unbooked, the wallet untouched. */
async function expectNothingWritten(student: TestUser, slotIds: number[]) {
  expect(await seriesOf(student)).toBe(0);
  expect(await reservationsOf(student)).toBe(0);
  for (const id of slotIds) {
    expect(await liveReservations(ctx.database.db, id)).toBe(0);
    expect(
      ((await query('select status from time_slots where id = $1', [id])).rows[0] as { status: string }).status,
    ).toBe('open');
  }
  expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
}

describe('the newcomer room of unpaid weekly lessons at one teacher (ADR 037)', () => {
  it('two fresh accounts fill it, a third is refused with nothing written; a student the teacher taught still books, and is not counted', async () => {
    expect(ROOM).toBe(2 * STANDING.maxUnpaidLessons);
    const teacher = await f.teacher();
    const weeks = STANDING.maxWeeks;
    // Two accounts of "one person", each within its own cap, hold 12 + 12 unpaid weeks.
    const first = await freshStudent();
    const second = await freshStudent();
    const made: number[] = [];
    for (const [student, hours] of [
      [first, 72],
      [second, 74],
    ] as const) {
      const answer = await create(student, (await weeklySlots(teacher, hours, weeks))[0] ?? 0, weeks);
      expect(answer.statusCode, answer.body).toBe(201);
      made.push((answer.json() as { id: number }).id);
    }
    expect(await unpaidAt(teacher)).toBe(ROOM);

    // A third fresh account: even four weeks do not fit. 409, nothing written.
    const third = await freshStudent();
    const thirdSlots = await weeklySlots(teacher, 76, STANDING.minWeeks);
    const refused = await create(third, thirdSlots[0] ?? 0, STANDING.minWeeks);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, code: 'standingTeacherFull' });
    await expectNothingWritten(third, thirdSlots);
    expect(await unpaidAt(teacher)).toBe(ROOM);

    // The room is the teacher's: the same account still books another teacher's weeks.
    const other = await f.teacher();
    const elsewhere = await create(third, (await weeklySlots(other, 76, STANDING.minWeeks))[0] ?? 0, STANDING.minWeeks);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(await stop(third, (elsewhere.json() as { id: number }).id)).toMatchObject({ statusCode: 200 });

    // A student who had a verified lesson with this teacher is not limited by the room ...
    const loyal = await freshStudent();
    await f.reservation({ studentId: loyal.user.id, teacherId: teacher.profile.id, status: 'completed' });
    const loyalAnswer = await create(loyal, (await weeklySlots(teacher, 78, weeks))[0] ?? 0, weeks);
    expect(loyalAnswer.statusCode, loyalAnswer.body).toBe(201);
    expect(await unpaidAt(teacher)).toBe(ROOM + weeks);

    // ... nor counted in it: with the second account's series stopped, the third's twelve weeks fit
    // exactly (12 + 12 newcomer lessons, the loyal student's 12 beside them), and then nothing more.
    expect(await stop(second, made[1] ?? 0)).toMatchObject({ statusCode: 200 });
    const fits = await create(third, (await weeklySlots(teacher, 80, weeks))[0] ?? 0, weeks);
    expect(fits.statusCode, fits.body).toBe(201);
    const fourth = await freshStudent();
    const fourthSlots = await weeklySlots(teacher, 82, STANDING.minWeeks);
    const full = await create(fourth, fourthSlots[0] ?? 0, STANDING.minWeeks);
    expect(full.json()).toMatchObject({ status: 409, code: 'standingTeacherFull' });
    await expectNothingWritten(fourth, fourthSlots);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a student whose only lesson with the teacher was not verified (unpaid) is still a newcomer', async () => {
    const teacher = await f.teacher();
    const holder = await freshStudent();
    const held = await create(holder, (await weeklySlots(teacher, 72, ROOM / 2))[0] ?? 0, ROOM / 2);
    expect(held.statusCode, held.body).toBe(201);
    const holder2 = await freshStudent();
    const held2 = await create(holder2, (await weeklySlots(teacher, 74, ROOM / 2))[0] ?? 0, ROOM / 2);
    expect(held2.statusCode, held2.body).toBe(201);
    const student = await freshStudent();
    await f.reservation({
      studentId: student.user.id,
      teacherId: teacher.profile.id,
      status: 'completed',
      paid: false,
    });
    const slots = await weeklySlots(teacher, 76, STANDING.minWeeks);
    const answer = await create(student, slots[0] ?? 0, STANDING.minWeeks);
    expect(answer.json()).toMatchObject({ status: 409, code: 'standingTeacherFull' });
    expect(await seriesOf(student)).toBe(0);
    for (const id of slots) expect(await liveReservations(ctx.database.db, id)).toBe(0);
  });

  it.each([1, 2, 3])(
    'two fresh accounts race for the last four lessons of the room: exactly one wins (round %i)',
    async () => {
      const teacher = await f.teacher();
      // 12 + 8 held: four lessons of room left.
      for (const [hours, weeks] of [
        [72, STANDING.maxUnpaidLessons],
        [74, ROOM - STANDING.maxUnpaidLessons - 4],
      ] as const) {
        const answer = await create(await freshStudent(), (await weeklySlots(teacher, hours, weeks))[0] ?? 0, weeks);
        expect(answer.statusCode, answer.body).toBe(201);
      }
      expect(await unpaidAt(teacher)).toBe(ROOM - 4);
      const racers = [await freshStudent(), await freshStudent()];
      const slots = [await weeklySlots(teacher, 76, 4), await weeklySlots(teacher, 78, 4)];
      const answers = await Promise.all(racers.map((student, i) => create(student, slots[i]?.[0] ?? 0, 4)));
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([201, 409]);
      const loser = answers.findIndex((answer) => answer.statusCode === 409);
      expect(answers[loser]?.json()).toMatchObject({ code: 'standingTeacherFull' });
      await expectNothingWritten(racers[loser] as TestUser, slots[loser] ?? []);
      expect(await unpaidAt(teacher)).toBe(ROOM);
      await expectLedgerConsistent(ctx.database.db);
    },
  );
});
