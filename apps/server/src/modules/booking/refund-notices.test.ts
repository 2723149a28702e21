import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.ts';
import type { TestUser } from '../../test/factories.ts';
import { attend, fundWallet } from '../../test/money.ts';
import { bookRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/*
 * Issue 30 items 9 and 10: what a refund tells each reader. A no-show notice addresses its reader
 * (the student got the refund; the teacher reads which student did).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });
let offset = 0;

const noticesOf = async (user: TestUser, type: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, user.user.id))).filter(
    (row) => row.type === type,
  );

describe('a teacher no-show notice addresses its reader (item 9)', () => {
  it('the student’s copy names the teacher, the teacher’s names the student; each with the start', async () => {
    const teacher = await f.teacher({ firstName: 'Mona', lastName: 'Al-Sabah' });
    const student = await f.student({ firstName: 'Fahad', lastName: 'Al-Ali' });
    await fundWallet(t.database.db, student.user.id, 8_000);
    offset += 3;
    const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + (48 + offset) * HOUR);
    const slot = await f.slot(teacher.profile.id, start, { priceFils: 8_000 });
    const booked = await bookRequest(t.app, student.headers, {
      timeSlotId: slot.id,
      paymentMethod: 'balance',
      expectedTotal: totalOf(slot),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const id: number = booked.json().reservations[0].id;
    await attend(t.database.db, id, 'student');
    await t.app.money.booking.lessonOutcomes(new Date(start.getTime() + 16 * MINUTE));

    const [toStudent] = await noticesOf(student, 'lesson.teacherNoShow');
    expect(toStudent?.data).toEqual({
      reservationId: id,
      startTime: start.toISOString(),
      teacherName: 'Mona Al-Sabah',
    });
    const [toTeacher] = await noticesOf(teacher, 'lesson.teacherNoShow');
    expect(toTeacher?.data).toEqual({ reservationId: id, startTime: start.toISOString(), studentName: 'Fahad Al-Ali' });
  });
});
