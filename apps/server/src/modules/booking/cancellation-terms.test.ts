import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.ts';
import { createFactories, type TestTeacher, type TestUser } from '../../test/factories.ts';
import { createTestApp, latestMailTo } from '../../test/helpers.ts';
import { fundWallet } from '../../test/money.ts';
import { bookRequest, bookWithBalance, finishAtSandbox, totalOf } from '../../test/requests.ts';

/*
 * Issue 30 item 4: one rule (contract `cancellationTerms`) makes every text about a lesson's
 * cancellation. Under 24 hours no notice or mail promises free cancellation until a time already
 * past; over 24 hours they name the deadline the sheet showed.
 */

const HOUR = 3600_000;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let f: ReturnType<typeof createFactories>;
let teacher: TestTeacher;
let offset = 0;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimitMax: 1_000_000 });
  f = createFactories(ctx.database);
  teacher = await f.teacher({ firstName: 'Mona', lastName: 'Al-Sabah' });
});
afterAll(async () => {
  await ctx.close();
});

async function slotIn(hours: number) {
  offset += 1;
  return f.slot(teacher.profile.id, new Date(Date.now() + hours * HOUR + offset * 60_000), {
    priceFils: 5_000,
    hours: 1,
  });
}

async function confirmedNotice(student: TestUser) {
  const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, student.user.id));
  const notice = rows.find((row) => row.type === 'booking.confirmed');
  expect(notice).toBeDefined();
  return notice?.data as Record<string, unknown>;
}

/** Under 24 hours: the notice names no deadline, and the mail says `says`, never `never`. */
async function expectNoFreeCancellation(student: TestUser, mailText: { says: string; never: string }) {
  const data = await confirmedNotice(student);
  expect(data).toMatchObject({ cancellable: false });
  expect(data.cancelDeadline).toBeUndefined();
  const mail = await latestMailTo(ctx.database, student.user.email);
  expect(mail?.text).toContain(mailText.says);
  expect(mail?.text).not.toContain(mailText.never);
  return data;
}

describe('the confirmation notice and mail follow the cancellation rule', () => {
  it('under 24 hours (balance, Arabic): no deadline in the notice, the mail says it cannot be cancelled', async () => {
    const student = await f.student({ language: 'ar' });
    await fundWallet(ctx.database.db, student.user.id, 5_000);
    const s = await slotIn(5);
    const booked = await bookWithBalance(ctx.app, student.headers, s);
    expect(booked.json().reservations[0].canCancel).toBe(false);
    const data = await expectNoFreeCancellation(student, {
      says: 'يبدأ الدرس بعد أقل من ٢٤ ساعة، فلا يمكن إلغاؤه.',
      never: 'يمكنك إلغاء الحجز',
    });
    expect(data).toMatchObject({ startTime: s.startTime.toISOString() });
  });

  it('under 24 hours (gateway, English): the notice sent when the payment goes through promises nothing', async () => {
    const student = await f.student({ language: 'en' });
    const s = await slotIn(3);
    const booked = await bookRequest(ctx.app, student.headers, {
      timeSlotId: s.id,
      paymentMethod: 'payzah',
      expectedTotal: totalOf(s),
      language: 'en',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await finishAtSandbox(ctx.app, booked.json().paymentLink, 'pay');
    await expectNoFreeCancellation(student, {
      says: 'The lesson starts in less than 24 hours, so it cannot be cancelled.',
      never: 'You can cancel for a full refund',
    });
  });

  it('over 24 hours: the notice and the mail name the deadline, 24 hours before the start', async () => {
    const student = await f.student({ language: 'en' });
    await fundWallet(ctx.database.db, student.user.id, 5_000);
    const s = await slotIn(50);
    const booked = await bookWithBalance(ctx.app, student.headers, s);
    const deadline = new Date(s.startTime.getTime() - 24 * HOUR);
    expect(booked.json().reservations[0]).toMatchObject({ canCancel: true, cancelDeadline: deadline.toISOString() });
    const data = await confirmedNotice(student);
    expect(data).toMatchObject({ cancelDeadline: deadline.toISOString() });
    expect(data.cancellable).toBeUndefined();
    const mail = await latestMailTo(ctx.database, student.user.email);
    const kuwait = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kuwait', dateStyle: 'full', timeStyle: 'short' });
    expect(mail?.text).toContain(`You can cancel for a full refund until ${kuwait.format(deadline)}`);
  });
});
