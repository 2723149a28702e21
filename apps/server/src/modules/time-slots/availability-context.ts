import type { Db } from '../../db/client.ts';

export type TeacherOf = (
  userId: number,
) => Promise<{ id: number; hourlyRateFils: number; trialPriceFils: number | null; timeZone: string } | undefined>;

/** What the calendar's operations share: the database and how a user's teacher profile is found. */
export type AvailabilityContext = { db: Db; teacherOf: TeacherOf };
