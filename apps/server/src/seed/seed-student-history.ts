import { filsToKwd } from '@ustaz/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import {
  ledgerTransfers,
  lessonAttendance,
  notifications,
  reservations,
  subscriptionPackages,
  teacherProfiles,
  timeSlots,
} from '../db/schema.ts';
import { findUserByEmail } from '../modules/auth/auth.repo.ts';
import { chargeBalance, paidPart, spendSplitHours } from '../modules/booking/balance-charge.ts';
import { setSlotsBooked } from '../modules/booking/booking.repo.ts';
import { createCancellationService } from '../modules/booking/booking-cancellation.service.ts';
import { splitPayment } from '../modules/booking/hours-split.ts';
import {
  completeLesson,
  createLessonCompletion,
  releaseEarning,
} from '../modules/booking/lesson-completion.service.ts';
import { reserveSlots, takeSlots } from '../modules/booking/slot-taking.ts';
import { postTransfer, systemAccountId, userAccountId, userBalance } from '../modules/ledger/ledger.service.ts';
import { createSubjectsService } from '../modules/subjects/subjects.service.ts';
import { insertSubscription, settleSubscription } from '../modules/subscriptions/subscriptions.repo.ts';
import { createTeachersService } from '../modules/teachers/teachers.service.ts';
import { createTimeSlotsService } from '../modules/time-slots/time-slots.service.ts';
import { kuwaitDay, kuwaitTime } from './seed-discovery.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Whose lessons these are, and with whom (11.500 KWD an hour: more than a Starter hour is worth, 9.000). */
export const HISTORY_STUDENT = 'student@ustaz.example';
export const HISTORY_TEACHER = 'teacher5@ustaz.example';

type Slot = typeof timeSlots.$inferSelect;

/**
 * The demo student's lessons paid both ways, and what happens to them (issue 30 items 9 and 10): a
 * Starter package (5 hours) bought from the wallet 16 days ago, then with the teacher above, each
 * booked from the balance, so each is "1 hour of subscription + 2.500 KWD from the wallet":
 * - a lesson 9 days ago, attended by both, completed and its earning released;
 * - a lesson yesterday the teacher never joined: cancelled by the no-show sweep, refunded in full;
 * - a lesson in a few days, cancelled by the student yesterday: refunded to both sources.
 * All through the booking's own steps (slots taken, the balance charged, hours spent) and the
 * sweep's and cancellation's own services, at the times they happened; each notice is dated when
 * it was sent. A demo top-up first pays for the package and what the wallet finally spends, so the
 * demo wallet ends where it was. Once per database (keyed by that top-up).
 */
export async function seedStudentHistory(
  db: Db,
  { platformFeePercent, now = Date.now() }: { platformFeePercent: number; now?: number },
): Promise<{ lessons: number }> {
  const student = await findUserByEmail(db, HISTORY_STUDENT);
  const teacherUser = await findUserByEmail(db, HISTORY_TEACHER);
  if (!student || !teacherUser) return { lessons: 0 };
  const topUpKey = `seed:history-topup:${student.id}`;
  const [done] = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.key, topUpKey));
  if (done) return { lessons: 0 };
  const [profile] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, teacherUser.id));
  const [starter] = await db
    .select()
    .from(subscriptionPackages)
    .where(and(eq(subscriptionPackages.hours, 5), eq(subscriptionPackages.type, 'standard')))
    .orderBy(asc(subscriptionPackages.sortOrder))
    .limit(1);
  if (!profile || !starter) return { lessons: 0 };
  const teachers = createTeachersService(db, createSubjectsService(db));
  const slots = createTimeSlotsService({ db, isListedTeacher: teachers.isListed });
  const at = (days: number, hour: number) => kuwaitTime(kuwaitDay(now, days), hour);
  const price = profile.hourlyRateFils;
  // What the wallet pays of one lesson once an hour of the package has paid its part.
  const cash = splitPayment(
    [{ minutes: 60, priceFils: price }],
    [{ id: 0, remainingMinutes: starter.hours * 60, remainingValueFils: starter.priceFils }],
  ).cashFils;
  const bought = new Date(now - 16 * DAY_MS);
  const taughtStart = at(-9, 13);
  const noShowStart = at(-1, 13);
  const cancelledAt = new Date(now - DAY_MS);

  const { taught, noShow, cancelled } = await db.transaction(async (tx) => {
    // The package and the one lesson's money the wallet keeps paying; the two refunded lessons are
    // paid from what it holds (topped up too when it holds less), so a demo wallet ends where it was.
    const wallet = await userBalance(tx, 'wallet', student.id);
    const topUp = starter.priceFils + cash + Math.max(0, 2 * cash - wallet);
    await postTransfer(tx, {
      key: topUpKey,
      kind: 'top_up',
      memo: 'demo top-up',
      legs: [
        { accountId: await systemAccountId(tx, 'gateway'), amountFils: -topUp },
        { accountId: await userAccountId(tx, 'wallet', student.id), amountFils: topUp },
      ],
    });
    await buyFromWallet(tx, student.id, starter, bought);
    const [taughtSlot, noShowSlot] = await slots.create(
      tx,
      [taughtStart, noShowStart].map((start) => ({
        teacherId: profile.id,
        startTime: start,
        endTime: new Date(start.getTime() + HOUR_MS),
        priceFils: price,
      })),
      { skipOverlaps: true },
    );
    const later = await openLessonSlotAfter(tx, profile.id, now + 3 * DAY_MS);
    if (!taughtSlot || !noShowSlot || !later) throw new Error('the demo history lessons have no free time');
    const taughtId = await book(tx, student.id, taughtSlot, new Date(taughtStart.getTime() - 3 * DAY_MS));
    const noShowId = await book(tx, student.id, noShowSlot, new Date(now - 4 * DAY_MS));
    const cancelledId = await book(tx, student.id, later, new Date(now - 2 * DAY_MS));
    // Both were in the room from the start to the end; the sweep completes it, and a day later pays the teacher.
    const end = new Date(taughtStart.getTime() + HOUR_MS);
    await tx.insert(lessonAttendance).values(
      [
        { userId: teacherUser.id, role: 'teacher' as const },
        { userId: student.id, role: 'student' as const },
      ].map((who) => ({ ...who, reservationId: taughtId, joinedAt: taughtStart, leftAt: end })),
    );
    const completedAt = new Date(end.getTime() + MINUTE_MS);
    await completeLesson(tx, taughtId, completedAt);
    await releaseEarning(tx, taughtId, new Date(end.getTime() + DAY_MS), platformFeePercent);
    await datedNotices(tx, taughtId, completedAt);
    return { taught: taughtId, noShow: noShowId, cancelled: cancelledId };
  });

  // The sweep 16 minutes after the start finds the teacher never came (lesson-completion.service).
  const swept = new Date(noShowStart.getTime() + 16 * MINUTE_MS);
  await createLessonCompletion({ db, platformFeePercent }).lessonOutcomes(swept);
  await createCancellationService({ db }).cancel(student.id, cancelled, '', cancelledAt);
  await db.transaction(async (tx) => {
    await datedNotices(tx, noShow, swept);
    await datedNotices(tx, cancelled, cancelledAt);
    await teachers.refreshAggregates(tx, [profile.id]);
  });
  return { lessons: [taught, noShow, cancelled].length };
}

/** The package bought from the wallet at `when`, as a purchase with the balance does (subscriptions.service). */
async function buyFromWallet(tx: Executor, userId: number, pkg: typeof subscriptionPackages.$inferSelect, when: Date) {
  const row = await insertSubscription(tx, {
    userId,
    packageId: pkg.id,
    totalMinutes: pkg.hours * 60,
    remainingMinutes: pkg.hours * 60,
    priceFils: pkg.priceFils,
    status: 'pending',
    paidWith: 'wallet',
    createdAt: when,
  });
  await postTransfer(tx, {
    key: `subscription:${row.id}`,
    kind: 'subscription_purchase',
    subscriptionId: row.id,
    actorUserId: userId,
    legs: [
      { accountId: await userAccountId(tx, 'wallet', userId), amountFils: -pkg.priceFils },
      { accountId: await systemAccountId(tx, 'prepaid'), amountFils: pkg.priceFils },
    ],
  });
  await settleSubscription(tx, row.id, 'active', when);
}

/**
 * The teacher's first open lesson slot starting after `from`: the cancelled lesson's. Never a trial
 * slot (seed-trials.ts adds 30-minute ones at 15:00): booked in the Kuwait evening, when the
 * teacher's next lesson slot came after a trial slot, the "later" lesson was a trial, paid
 * otherwise (the e2e split-paid-history failure of CI stop 41).
 */
export async function openLessonSlotAfter(tx: Executor, teacherId: number, from: number): Promise<Slot | undefined> {
  const [slot] = await tx
    .select()
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.teacherId, teacherId),
        eq(timeSlots.status, 'open'),
        eq(timeSlots.kind, 'lesson'),
        gt(timeSlots.startTime, new Date(from)),
      ),
    )
    .orderBy(asc(timeSlots.startTime))
    .limit(1);
  return slot;
}

/** A booking with the balance at `bookedAt`, by the booking's own steps (booking.service `bookWithBalance`). */
async function book(tx: Executor, studentId: number, slot: Slot, bookedAt: Date): Promise<number> {
  const input = {
    slotIds: [slot.id],
    paymentMethod: 'balance' as const,
    note: '',
    language: 'ar' as const,
    field: 'timeSlotId' as const,
    expectedTotal: filsToKwd(slot.priceFils),
  };
  const taken = await takeSlots(tx, studentId, input, bookedAt);
  const group = `bk_seed_${slot.id}`;
  const split = await chargeBalance(tx, studentId, taken, group, bookedAt);
  await setSlotsBooked(tx, [slot.id]);
  const rows = await reserveSlots(
    tx,
    taken,
    { studentId, status: 'confirmed', note: '', bookingGroup: group },
    (each, index) => paidPart(split, index, each.priceFils),
  );
  await spendSplitHours(tx, split, rows);
  const [row] = rows;
  if (!row) throw new Error('the demo history booking made no reservation');
  await tx.update(reservations).set({ createdAt: bookedAt }).where(eq(reservations.id, row.id));
  return row.id;
}

/** The notices about a lesson dated when they were sent (the seed writes them later than that). */
async function datedNotices(tx: Executor, reservationId: number, sentAt: Date) {
  await tx
    .update(notifications)
    .set({ createdAt: sentAt })
    .where(sql`${notifications.data}->>'reservationId' = ${String(reservationId)}`);
}
