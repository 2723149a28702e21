import { describe, expect, it } from 'vitest';
import { expectLedgerConsistent, fundWallet } from '../../test/money.ts';
import { bookRequest, bookWithBalance, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

const HOUR = 3600_000;

/**
 * TEST_CLOCK_OFFSET_SECONDS moves the whole server's time, not only the lesson room's: which slots
 * a teacher page lists, what can be booked, and which reservations are upcoming or past follow
 * the server's clock, so a demo with a shifted clock is consistent (issue 16).
 */
describe('booking and slots follow the server clock', () => {
  // The server's clock runs 3 hours ahead of the wall clock.
  const { t, f } = useTestApp({ rateLimitMax: 1_000_000, clockOffsetSeconds: 3 * 3600 });

  it('a slot 1-2 hours ahead by the wall clock is past by the server clock: not listed, not bookable, its lesson is past', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    await fundWallet(t.database.db, student.user.id, 50_000);
    const soon = new Date(Math.ceil((Date.now() + HOUR) / HOUR) * HOUR);
    const passed = await f.slot(teacher.profile.id, soon, { priceFils: 5_000 });
    const ahead = await f.slot(teacher.profile.id, new Date(soon.getTime() + 30 * HOUR), { priceFils: 5_000 });

    const listed = await t.app.inject({ url: `/api/teachers/teachers/${teacher.profile.id}/available-time-slots` });
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = (listed.json() as { id: number }[]).map((slot) => slot.id);
    expect(ids).toEqual([ahead.id]);

    const refused = await bookRequest(t.app, student.headers, {
      timeSlotId: passed.id,
      paymentMethod: 'balance',
      expectedTotal: totalOf(passed),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('slotUnavailable');

    // A lesson that ends 1-2 hours ahead by the wall clock is already over by the server's.
    const lesson = await f.lessonBetween(student, teacher, 'confirmed', { start: new Date(soon.getTime() - HOUR) });
    await bookWithBalance(t.app, student.headers, ahead);
    const scope = async (name: string) => {
      const res = await t.app.inject({ url: `/api/v1/reservations?scope=${name}`, headers: student.headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).map((item) => item.id);
    };
    expect(await scope('past')).toContain(lesson.id);
    expect(await scope('upcoming')).not.toContain(lesson.id);
    expect((await scope('upcoming')).length).toBe(1);
    await expectLedgerConsistent(t.database.db);
  });
});
