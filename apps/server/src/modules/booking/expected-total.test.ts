import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reservations, timeSlots } from '../../db/schema.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../../test/money.ts';
import { bookRequest, bookWithBalance } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/*
 * Issue 29: `expectedTotal` is required on both booking routes, so bait and switch (a slot repriced
 * between the student's look and the booking) is closed to every client, not only the web app.
 */

const HOUR = 3600_000;
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });
let offset = 200;

async function slot(teacherId: number, priceFils = 6_000) {
  offset += 3;
  return f.slot(teacherId, new Date(Date.now() + offset * HOUR), { priceFils });
}

describe('expectedTotal is required', () => {
  it('POST /booking/single and /booking/multiple without it: 422 expectedTotal required, nothing held or charged', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    await fundWallet(t.database.db, student.user.id, 50_000);
    const a = await slot(teacher.profile.id);
    const b = await slot(teacher.profile.id);
    for (const paymentMethod of ['balance', 'payzah'] as const) {
      const single = await bookRequest(t.app, student.headers, { timeSlotId: a.id, paymentMethod });
      expect(single.statusCode, paymentMethod).toBe(422);
      expect(single.json()).toEqual({ status: 422, errors: { expectedTotal: 'required' } });
      const multiple = await bookRequest(
        t.app,
        student.headers,
        { timeSlotIds: [a.id, b.id], paymentMethod },
        'multiple',
      );
      expect(multiple.json()).toEqual({ status: 422, errors: { expectedTotal: 'required' } });
    }
    expect(await walletOf(t.database.db, student.user.id)).toBe(50_000);
    for (const s of [a, b]) {
      const [row] = await t.database.db.select().from(timeSlots).where(eq(timeSlots.id, s.id));
      expect(row?.status).toBe('open');
    }
    expect(await t.database.db.select().from(reservations).where(eq(reservations.studentId, student.user.id))).toEqual(
      [],
    );
  });

  it('a null or malformed expectedTotal is refused too; the right one books', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    await fundWallet(t.database.db, student.user.id, 50_000);
    const s = await slot(teacher.profile.id);
    const nul = await bookRequest(t.app, student.headers, {
      timeSlotId: s.id,
      paymentMethod: 'balance',
      expectedTotal: null,
    });
    expect(nul.json()).toEqual({ status: 422, errors: { expectedTotal: 'required' } });
    const grouped = await bookRequest(t.app, student.headers, {
      timeSlotId: s.id,
      paymentMethod: 'balance',
      expectedTotal: '6٬0',
    });
    expect(grouped.json()).toEqual({ status: 422, errors: { expectedTotal: 'invalid' } });
    await bookWithBalance(t.app, student.headers, s);
    expect(await walletOf(t.database.db, student.user.id)).toBe(44_000);
    await expectLedgerConsistent(t.database.db);
  });
});
