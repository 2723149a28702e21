import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { standingBookings, teacherProfiles, timeSlots, users } from '../db/schema.ts';
import { findUserByEmail } from '../modules/auth/auth.repo.ts';
import { createStandingService } from '../modules/booking/standing.service.ts';
import { createTimeSlotsService } from '../modules/time-slots/time-slots.service.ts';
import { kuwaitDay, kuwaitTime } from './seed-discovery.ts';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** The demo student's standing weekly series (issue 32, ADR 034), with a teacher they have not met. */
export const STANDING_STUDENT = 'student@ustaz.example';
export const STANDING_TEACHER = 'teacher7@ustaz.example';
export const STANDING_WEEKS = 6;
/** 14:00 Kuwait time, Sunday to Thursday: the discovery slots start at 16:00 on those days, trials at 15:00. */
const STANDING_HOUR = 14;
/** The first lesson at least this many days ahead: past the 48 h charge time, so the seed charges nothing. */
const FIRST_AFTER_DAYS = 3;

/**
 * A weekly series of the demo student (the profile's "Weekly lessons"): the teacher's slots at
 * 14:00 Kuwait time on one weekday for STANDING_WEEKS weeks, booked through the standing service
 * as a student books them. Its first lesson is 3 days ahead or more, so every lesson waits pending
 * for its charge 48 h before (the money sweeper charges it then, hours first, then the wallet) and
 * the seed leaves the demo balance as it was. Idempotent: a series of the student with that
 * teacher (any status) means it is done.
 */
export async function seedStanding(db: Db, now = Date.now()): Promise<{ series: number; lessons: number }> {
  const student = await findUserByEmail(db, STANDING_STUDENT);
  const [teacher] = await db
    .select({ id: teacherProfiles.id, hourlyRateFils: teacherProfiles.hourlyRateFils })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(eq(users.email, STANDING_TEACHER));
  if (!student || !teacher) return { series: 0, lessons: 0 };
  const [done] = await db
    .select({ id: standingBookings.id })
    .from(standingBookings)
    .where(and(eq(standingBookings.studentId, student.id), eq(standingBookings.teacherId, teacher.id)))
    .limit(1);
  if (done) return { series: 0, lessons: 0 };

  let days = FIRST_AFTER_DAYS;
  // Sunday (0) to Thursday (4), in Kuwait.
  while (kuwaitTime(kuwaitDay(now, days), 12).getUTCDay() > 4) days += 1;
  const first = kuwaitTime(kuwaitDay(now, days), STANDING_HOUR);
  const starts = Array.from({ length: STANDING_WEEKS }, (_, week) => new Date(first.getTime() + week * WEEK_MS));
  const slotsService = createTimeSlotsService({ db, isListedTeacher: async () => true });
  await slotsService.create(
    db,
    starts.map((start) => ({
      teacherId: teacher.id,
      startTime: start,
      endTime: new Date(start.getTime() + HOUR_MS),
      priceFils: teacher.hourlyRateFils,
    })),
    { skipOverlaps: true },
  );
  const [slot] = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.teacherId, teacher.id), eq(timeSlots.startTime, first), eq(timeSlots.status, 'open')));
  if (!slot) return { series: 0, lessons: 0 };
  const standing = createStandingService({ db, clock: () => new Date(now), mail: { publicUrl: '' } });
  const series = await standing.create(
    student.id,
    { timeSlotId: slot.id, weeks: STANDING_WEEKS, paymentMethod: 'balance' },
    student.language,
    new Date(now),
  );
  return { series: 1, lessons: series.lessons.length };
}
