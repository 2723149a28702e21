import { TRIAL_MINUTES } from '@ustaz/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { teacherProfiles, users } from '../db/schema.ts';
import { createTimeSlotsService } from '../modules/time-slots/time-slots.service.ts';
import { kuwaitDay, kuwaitTime } from './seed-discovery.ts';

/**
 * Trial lessons in the demo (issue 32, ADR 035): three discovery teachers offer a 30-minute trial
 * at their own price, with a few open trial slots in the coming two weeks at 15:00 Kuwait time (their
 * other slots start at 9, 10, 11 or from 16:00, so none overlaps). Idempotent: a price set is kept,
 * slots already there are skipped.
 */
export const TRIAL_TEACHERS = [
  { email: 'teacher4@ustaz.example', trialPriceFils: 1_500 },
  { email: 'teacher5@ustaz.example', trialPriceFils: 2_000 },
  { email: 'teacher6@ustaz.example', trialPriceFils: 2_500 },
] as const;
const TRIAL_DAYS = [1, 2, 4, 6, 8, 11, 13];
const TRIAL_HOUR = 15;

export async function seedTrials(db: Db, now = Date.now()): Promise<{ teachers: number; slots: number }> {
  const rows = await db
    .select({ id: teacherProfiles.id, email: users.email, trialPriceFils: teacherProfiles.trialPriceFils })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(
      inArray(
        users.email,
        TRIAL_TEACHERS.map((teacher) => teacher.email),
      ),
    );
  const slots = [];
  for (const row of rows) {
    const wanted = TRIAL_TEACHERS.find((teacher) => teacher.email === row.email);
    if (!wanted) continue;
    const priceFils = row.trialPriceFils ?? wanted.trialPriceFils;
    if (row.trialPriceFils === null) {
      await db
        .update(teacherProfiles)
        .set({ trialPriceFils: priceFils })
        .where(and(eq(teacherProfiles.id, row.id), isNull(teacherProfiles.trialPriceFils)));
    }
    for (const days of TRIAL_DAYS) {
      const start = kuwaitTime(kuwaitDay(now, days), TRIAL_HOUR);
      if (start.getTime() <= now) continue;
      const end = new Date(start.getTime() + TRIAL_MINUTES * 60_000);
      slots.push({ teacherId: row.id, startTime: start, endTime: end, priceFils, kind: 'trial' as const });
    }
  }
  const slotsService = createTimeSlotsService({ db, isListedTeacher: async () => true });
  const created = await slotsService.create(db, slots, { skipOverlaps: true });
  return { teachers: rows.length, slots: created.length };
}
