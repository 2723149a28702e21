import { AVAILABLE_SLOTS_DAYS, type TimeSlot } from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { timeSlots } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { toTimeSlot } from './time-slot.presenter.ts';
import { findOpenSlots, insertSlots } from './time-slots.repo.ts';

type Deps = {
  db: Db;
  isListedTeacher: (id: number) => Promise<boolean>;
  /** The server's clock (TEST_CLOCK_OFFSET_SECONDS): which slots are still ahead. */
  clock?: Clock;
};

export function createTimeSlotsService({ db, isListedTeacher, clock = () => new Date() }: Deps) {
  return {
    /**
     * A listed teacher's open slots that start in the AVAILABLE_SLOTS_DAYS days after `from` (now
     * when it is absent or past), earliest first; a teacher who is suspended, unapproved or deleted
     * has none to offer (404), whatever slots they opened.
     */
    async available(teacherId: number, from?: Date, now = clock()): Promise<TimeSlot[]> {
      if (!(await isListedTeacher(teacherId))) throw new HttpError(404, 'notFound', 'Teacher not found');
      const start = from && from > now ? from : now;
      const until = new Date(start.getTime() + AVAILABLE_SLOTS_DAYS * 24 * 60 * 60 * 1000);
      return (await findOpenSlots(db, teacherId, start, until)).map(toTimeSlot);
    },

    /** Adds slots (seed, tests, later the teacher's calendar); overlaps are refused by the database. */
    create: (executor: Executor, values: (typeof timeSlots.$inferInsert)[], options?: { skipOverlaps?: boolean }) =>
      insertSlots(executor, values, options),
  };
}

export type TimeSlotsService = ReturnType<typeof createTimeSlotsService>;
