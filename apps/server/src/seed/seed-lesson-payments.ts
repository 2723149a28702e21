import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { lessonAttendance, reservations, teacherProfiles, users } from '../db/schema.ts';
import { payTeacher } from '../modules/booking/lesson-completion.service.ts';
import { postTransfer, systemAccountId, userAccountId } from '../modules/ledger/ledger.service.ts';
import { createSubjectsService } from '../modules/subjects/subjects.service.ts';
import { createTeachersService } from '../modules/teachers/teachers.service.ts';
import { postSeedWalletBooking } from './seed-wallet-booking.ts';

/** Demo accounts only: the seed never pays for (or touches) a lesson of anyone else. */
const DEMO_ADDRESS = '%@ustaz.example';
const MINUTE_MS = 60_000;

const studentUser = alias(users, 'seed_student');
const teacherUser = alias(users, 'seed_teacher');

/**
 * The demo's past lessons paid and attended the way the product records them (issue 29): a review
 * counts toward a rating only for a lesson paid at least the minimum and attended by both, so each
 * completed demo lesson without a payment gets one, once:
 * - the student's wallet gets the lesson's price from a demo top-up (`seed:lesson-topup:<id>`, from
 *   the gateway account, like `seedMoney`'s) and pays it into escrow (`booking:bk_seed_<slot>`), as a
 *   wallet booking does;
 * - both parties were in the room from the start to the end;
 * - the lesson is verified and its earning released (`complete:<id>`, the fee to revenue), as the
 *   sweeper does 24 hours after the end.
 * Databases seeded before issue 29 are repaired the same way on the next start. Idempotent.
 */
export async function paySeededLessons(db: Db, { platformFeePercent }: { platformFeePercent: number }) {
  const unpaid = await db
    .select({ reservation: reservations, teacherUserId: teacherProfiles.userId })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .innerJoin(studentUser, eq(studentUser.id, reservations.studentId))
    .innerJoin(teacherUser, eq(teacherUser.id, teacherProfiles.userId))
    .where(
      and(
        eq(reservations.status, 'completed'),
        eq(reservations.cashFils, 0),
        eq(reservations.hoursValueFils, 0),
        isNull(reservations.paymentId),
        isNull(reservations.bookingGroup),
        sql`${reservations.priceFils} > 0`,
        like(studentUser.email, DEMO_ADDRESS),
        like(teacherUser.email, DEMO_ADDRESS),
      ),
    )
    .orderBy(reservations.id);
  if (unpaid.length === 0) return { lessons: 0 };
  const teachersService = createTeachersService(db, createSubjectsService(db));
  await db.transaction(async (tx) => {
    const gateway = await systemAccountId(tx, 'gateway');
    for (const { reservation: row, teacherUserId } of unpaid) {
      const price = row.priceFils;
      const start = row.startTime ?? row.createdAt;
      const end = row.endTime ?? new Date(start.getTime() + 60 * MINUTE_MS);
      const wallet = await userAccountId(tx, 'wallet', row.studentId);
      await postTransfer(tx, {
        key: `seed:lesson-topup:${row.id}`,
        kind: 'top_up',
        memo: 'demo top-up',
        legs: [
          { accountId: gateway, amountFils: -price },
          { accountId: wallet, amountFils: price },
        ],
      });
      const group = await postSeedWalletBooking(tx, { id: row.timeSlotId, priceFils: price }, row.studentId);
      const completedAt = row.completedAt ?? new Date(end.getTime() + 5 * MINUTE_MS);
      await tx
        .update(reservations)
        .set({
          paidWith: 'wallet',
          cashFils: price,
          bookingGroup: group,
          completedAt,
          verifiedLesson: true,
          earningReleasedAt: new Date(end.getTime() + 24 * 60 * MINUTE_MS),
        })
        .where(eq(reservations.id, row.id));
      await tx.insert(lessonAttendance).values([
        { reservationId: row.id, userId: teacherUserId, role: 'teacher', joinedAt: start, leftAt: end },
        { reservationId: row.id, userId: row.studentId, role: 'student', joinedAt: start, leftAt: end },
      ]);
      await payTeacher(tx, { ...row, cashFils: price, teacherUserId }, price, platformFeePercent);
    }
    const teacherIds = [...new Set(unpaid.map((lesson) => lesson.reservation.teacherId))];
    await teachersService.refreshAggregates(tx, teacherIds);
  });
  return { lessons: unpaid.length };
}
