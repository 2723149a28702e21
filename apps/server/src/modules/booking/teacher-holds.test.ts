import { BOOKING, filsToKwd, teacherHoldCap } from '@ustaz/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { payments, reservations, timeSlots } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../../test/money.ts';
import { bookRequest, bookWithBalance } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/*
 * Issue 29 "Trust, second round": calendar blocking. Three or four fresh accounts, each within
 * its own limits (2 payments waiting, 10 held slots), could hold a teacher's whole fortnight by
 * starting gateway payments they never finish. Unpaid holds of all accounts together now cover at
 * most half of a teacher's unbooked future slots (at least 4), and a multi-slot gateway booking
 * holds its slots for 10 minutes instead of 15. Through the real HTTP API on the real database;
 * on PostgreSQL the concurrent case runs in parallel transactions.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });

const db = () => ctx.database.db;

afterAll(async () => {
  await expectLedgerConsistent(db());
});

/** A teacher with `count` open one-hour slots of 12 KWD, a day and more ahead; the slots' ids. */
async function teacherWithSlots(count: number): Promise<{ teacher: TestTeacher; ids: number[] }> {
  const teacher = await f.teacher();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const slot = await f.slot(teacher.profile.id, new Date(Date.now() + (30 + 2 * i) * HOUR), { priceFils: 12_000 });
    ids.push(slot.id);
  }
  return { teacher, ids };
}

function hold(student: TestUser, ids: number[], paymentMethod: 'payzah' | 'deema' = 'payzah') {
  return ids.length === 1
    ? bookRequest(ctx.app, student.headers, { timeSlotId: ids[0], paymentMethod, expectedTotal: '12.000' })
    : bookRequest(
        ctx.app,
        student.headers,
        { timeSlotIds: ids, paymentMethod, expectedTotal: filsToKwd(12_000 * ids.length) },
        'multiple',
      );
}

async function statusesOf(ids: number[]) {
  const rows = await db().select().from(timeSlots).where(inArray(timeSlots.id, ids)).orderBy(asc(timeSlots.id));
  return rows.map((row) => row.status);
}

async function heldCount(ids: number[]) {
  return (await statusesOf(ids)).filter((status) => status === 'held').length;
}

describe('unpaid gateway holds of all accounts together (issue 29)', () => {
  it('the cap: half of the unbooked future slots, at least 4', () => {
    expect(BOOKING).toMatchObject({ teacherHeldSharePercent: 50, teacherHeldFloorSlots: 4 });
    expect([0, 1, 3, 8, 9, 12, 28].map(teacherHoldCap)).toEqual([4, 4, 4, 4, 4, 6, 14]);
  });

  it('four accounts: two hold half of the 12 slots, the third and fourth are refused with 409 teacherSlotsHeld and nothing changes; the rest stays bookable', async () => {
    const { ids } = await teacherWithSlots(12);
    const [a, b, c, d] = [await f.student(), await f.student(), await f.student(), await f.student()];
    const first = await hold(a, ids.slice(0, 3));
    expect(first.statusCode, first.body).toBe(200);
    const second = await hold(b, ids.slice(3, 6), 'deema');
    expect(second.statusCode, second.body).toBe(200);
    expect(await heldCount(ids)).toBe(6);

    // Each within their own limits (no payment waiting, no slot held), yet over the teacher's cap.
    for (const [student, wanted] of [
      [c, ids.slice(6, 7)],
      [d, ids.slice(7, 9)],
    ] as const) {
      const refused = await hold(student, wanted);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ status: 409, code: 'teacherSlotsHeld' });
      expect(await db().select().from(payments).where(eq(payments.userId, student.user.id))).toEqual([]);
      expect(await db().select().from(reservations).where(eq(reservations.studentId, student.user.id))).toEqual([]);
    }
    expect(await statusesOf(ids.slice(6))).toEqual(Array(6).fill('open'));

    // The other half is still anyone's to book and pay for at once.
    await fundWallet(db(), d.user.id, 12_000);
    const paid = await bookRequest(ctx.app, d.headers, {
      timeSlotId: ids[8],
      paymentMethod: 'balance',
      expectedTotal: '12.000',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await walletOf(db(), d.user.id)).toBe(0);

    // Once the first account's holds lapse (10 minutes for three slots), the third may hold one.
    await ctx.app.money.payments.expireDue(new Date(Date.now() + 11 * MINUTE));
    await ctx.app.money.booking.releaseExpiredHolds(new Date(Date.now() + 11 * MINUTE));
    const later = await hold(c, ids.slice(6, 7));
    expect(later.statusCode, later.body).toBe(200);
  });

  it('a small calendar still takes a gateway booking: a teacher with 3 slots can have all 3 held', async () => {
    const { ids } = await teacherWithSlots(3);
    const res = await hold(await f.student(), ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(await heldCount(ids)).toBe(3);
  });

  it('a balance booking is not limited by the holds: it is paid at once', async () => {
    const { teacher, ids } = await teacherWithSlots(4);
    expect((await hold(await f.student(), ids.slice(0, 2))).statusCode).toBe(200);
    expect((await hold(await f.student(), ids.slice(2, 4))).statusCode).toBe(200);
    // All four held now; a fifth slot the teacher opens is booked with the balance at once.
    const payer = await f.student();
    await fundWallet(db(), payer.user.id, 5_000);
    const extra = await f.slot(teacher.profile.id, new Date(Date.now() + 90 * HOUR), { priceFils: 5_000 });
    await bookWithBalance(ctx.app, payer.headers, extra);
  });
});

describe('the hold of a multi-slot gateway booking is shorter', () => {
  it('two slots or more: 10 minutes; one slot: 15; the payment expires with its hold', async () => {
    const { ids } = await teacherWithSlots(6);
    for (const [wanted, minutes] of [
      [ids.slice(0, 2), BOOKING.multiSlotHoldMinutes],
      [ids.slice(2, 3), BOOKING.holdMinutes],
    ] as const) {
      const before = Date.now();
      const res = await hold(await f.student(), [...wanted]);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const until = Date.parse(body.holdExpiresAt);
      expect(until).toBeGreaterThanOrEqual(before + minutes * MINUTE);
      expect(until).toBeLessThanOrEqual(Date.now() + minutes * MINUTE);
      const [payment] = await db().select().from(payments).where(eq(payments.id, body.paymentId));
      expect(payment?.expiresAt.getTime()).toBe(until);
      const rows = await db()
        .select()
        .from(timeSlots)
        .where(inArray(timeSlots.id, [...wanted]));
      expect(rows.map((row) => row.holdExpiresAt?.getTime())).toEqual(rows.map(() => until));
    }
    expect(BOOKING.multiSlotHoldMinutes).toBe(10);
    expect(BOOKING.holdMinutes).toBe(15);
  });

  it('a multi-slot hold is free again after 10 minutes; a single-slot one is still held then', async () => {
    const { ids } = await teacherWithSlots(6);
    const multi = await hold(await f.student(), ids.slice(0, 2));
    const single = await hold(await f.student(), ids.slice(2, 3));
    expect([multi.statusCode, single.statusCode]).toEqual([200, 200]);
    const at = new Date(Date.now() + 10 * MINUTE + 5_000);
    await ctx.app.money.booking.releaseExpiredHolds(at);
    expect(await statusesOf(ids.slice(0, 3))).toEqual(['open', 'open', 'held']);
  });
});

describe('concurrent gateway bookings never exceed the cap', () => {
  it('four accounts start gateway payments for 3 slots each at once (12 slots, cap 6): exactly two win, 10 rounds', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { ids } = await teacherWithSlots(12);
      const students = [await f.student(), await f.student(), await f.student(), await f.student()];
      const answers = await Promise.all(
        students.map((student, i) => hold(student, ids.slice(3 * i, 3 * i + 3), i % 2 === 0 ? 'payzah' : 'deema')),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([200, 200, 409, 409]);
      for (const answer of answers.filter((x) => x.statusCode === 409)) {
        expect(answer.json().code).toBe('teacherSlotsHeld');
      }
      expect(await heldCount(ids)).toBe(6);
    }
  });

  it('eight accounts, one slot each, on a teacher with 8 slots (cap 4): exactly four holds', async () => {
    const { ids } = await teacherWithSlots(8);
    const students: TestUser[] = [];
    for (let i = 0; i < 8; i += 1) students.push(await f.student());
    const answers = await Promise.all(students.map((student, i) => hold(student, [ids[i] ?? 0])));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    expect(await heldCount(ids)).toBe(4);
    const pending = await db()
      .select()
      .from(payments)
      .where(
        inArray(
          payments.userId,
          students.map((student) => student.user.id),
        ),
      );
    expect(pending).toHaveLength(4);
  });
});
