import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lessonAttendance, reservations, teacherProfiles } from '../db/schema.ts';
import { findUserByEmail } from '../modules/auth/auth.repo.ts';
import { completeLesson, releaseEarning } from '../modules/booking/lesson-completion.service.ts';
import { insertReservations } from '../modules/booking/reservations.repo.ts';
import { createSubjectsService } from '../modules/subjects/subjects.service.ts';
import { createTeachersService } from '../modules/teachers/teachers.service.ts';
import { createTimeSlotsService } from '../modules/time-slots/time-slots.service.ts';
import { kuwaitDay, kuwaitTime, SEED_STUDENTS } from './seed-discovery.ts';
import { postSeedWalletBooking } from './seed-wallet-booking.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The teacher whose Earnings page the demo shows (issue 15). */
export const EARNINGS_DEMO_TEACHER = 'teacher@ustaz.example';

/**
 * Seeded students who paid for a lesson with the demo teacher from their wallet, one lesson each
 * (their wallets get the demo top-up first, `seedMoney`). The demo students keep their 50 KWD.
 */
export const EARNINGS_DEMO_PAYERS = SEED_STUDENTS.slice(0, 5).map((s) => s.email);

/**
 * Past lessons of the demo teacher that were paid and taught the way the product does it, so the
 * Earnings page shows real gross, fee and earning figures and an amount to request as a payout:
 * each payer's wallet pays the slot's price into escrow (`booking:<group>`, as a wallet booking),
 * then completion moves it to the teacher's earnings less the platform's fee (`complete:<id>`,
 * `completeLesson`), all in one transaction. Added once: nothing when the demo teacher already
 * has a paid lesson. A time that overlaps one of the teacher's slots is skipped.
 */
export async function seedEarnings(
  db: Db,
  { platformFeePercent, now = Date.now() }: { platformFeePercent: number; now?: number },
): Promise<{ lessons: number }> {
  const teacherUser = await findUserByEmail(db, EARNINGS_DEMO_TEACHER);
  if (!teacherUser) return { lessons: 0 };
  const [profile] = await db
    .select({ id: teacherProfiles.id, hourlyRateFils: teacherProfiles.hourlyRateFils })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.userId, teacherUser.id));
  if (!profile) return { lessons: 0 };
  const [paid] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.teacherId, profile.id), gt(reservations.cashFils, 0)))
    .limit(1);
  if (paid) return { lessons: 0 };
  const payers: { id: number }[] = [];
  for (const email of EARNINGS_DEMO_PAYERS) {
    const user = await findUserByEmail(db, email);
    if (user) payers.push(user);
  }
  const teachersService = createTeachersService(db, createSubjectsService(db));
  const slotsService = createTimeSlotsService({ db, isListedTeacher: teachersService.isListed });

  return db.transaction(async (tx) => {
    // Noon lessons (the discovery seed's past lessons are in the afternoon), every third day back.
    const slots = await slotsService.create(
      tx,
      payers.map((_, k) => {
        const start = kuwaitTime(kuwaitDay(now, -(3 + 3 * k)), 12);
        return {
          teacherId: profile.id,
          startTime: start,
          endTime: new Date(start.getTime() + HOUR_MS),
          priceFils: profile.hourlyRateFils,
          status: 'booked' as const,
        };
      }),
      { skipOverlaps: true },
    );
    let lessons = 0;
    for (const [k, slot] of slots.entries()) {
      const student = payers[k];
      if (!student) continue;
      const group = await postSeedWalletBooking(tx, slot, student.id);
      const [reservation] = await insertReservations(tx, [
        {
          studentId: student.id,
          teacherId: profile.id,
          timeSlotId: slot.id,
          status: 'confirmed',
          bookingGroup: group,
          paidWith: 'wallet',
          cashFils: slot.priceFils,
          createdAt: new Date(slot.startTime.getTime() - 3 * DAY_MS),
        },
      ]);
      if (!reservation) continue;
      // Both were in the room from the start to the end (a lesson both attended: its review counts).
      await tx.insert(lessonAttendance).values([
        {
          reservationId: reservation.id,
          userId: teacherUser.id,
          role: 'teacher',
          joinedAt: slot.startTime,
          leftAt: slot.endTime,
        },
        {
          reservationId: reservation.id,
          userId: student.id,
          role: 'student',
          joinedAt: slot.startTime,
          leftAt: slot.endTime,
        },
      ]);
      // The sweeper completes a lesson after its end time.
      const completedAt = new Date(slot.endTime.getTime() + 5 * 60_000);
      if (
        (await completeLesson(tx, reservation.id, completedAt)) &&
        (await releaseEarning(tx, reservation.id, completedAt, platformFeePercent))
      )
        lessons += 1;
    }
    await teachersService.refreshAggregates(tx, [profile.id]);
    return { lessons };
  });
}
