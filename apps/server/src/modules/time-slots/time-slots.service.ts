import type { TimeSlot } from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { timeSlots } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { toTimeSlot } from './time-slot.presenter.ts';
import { findOpenSlots, insertSlots } from './time-slots.repo.ts';

/** How far ahead a teacher page lists open slots. */
export const AVAILABLE_SLOTS_DAYS = 14;

type Deps = {
  db: Db;
  isListedTeacher: (id: number) => Promise<boolean>;
  /** The server's clock (TEST_CLOCK_OFFSET_SECONDS): which slots are still ahead. */
  clock?: Clock;
};

export function createTimeSlotsService({ db, isListedTeacher, clock = () => new Date() }: Deps) {
  return {
    /**
     * A listed teacher's open slots that start in the next 14 days, earliest first; a teacher who
     * is suspended, unapproved or deleted has none to offer (404), whatever slots they opened.
     */
    async available(teacherId: number, now = clock()): Promise<TimeSlot[]> {
      if (!(await isListedTeacher(teacherId))) throw new HttpError(404, 'notFound', 'Teacher not found');
      const until = new Date(now.getTime() + AVAILABLE_SLOTS_DAYS * 24 * 60 * 60 * 1000);
      return (await findOpenSlots(db, teacherId, now, until)).map(toTimeSlot);
    },

    /** Adds slots (seed, tests, later the teacher's calendar); overlaps are refused by the database. */
    create: (executor: Executor, values: (typeof timeSlots.$inferInsert)[], options?: { skipOverlaps?: boolean }) =>
      insertSlots(executor, values, options),
  };
}

export type TimeSlotsService = ReturnType<typeof createTimeSlotsService>;
