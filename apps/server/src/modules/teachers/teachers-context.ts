import type { Db } from '../../db/client.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import type { CountCache } from './count-cache.ts';
import type { SearchCache } from './search-cache.ts';

/** What the teachers service's operations share, built once by `createTeachersService`. */
export type TeachersContext = {
  db: Db;
  subjectsService: SubjectsService;
  /** The server's clock: a profile link change fixes the links of lessons whose room has opened by it. */
  clock: () => Date;
  /** Totals up to this are exact; above it the planner's estimate, flagged `totalIsEstimate`. */
  exactTotalUpTo: number;
  counts: CountCache<{ total: number; estimate: boolean }>;
  answers: SearchCache;
  /** Drops the reused totals and answers (a change committed, here or in another process). */
  forgetSearches: () => void;
};

export const DAY_MS = 24 * 60 * 60 * 1000;
