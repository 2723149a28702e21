import { type Language, TEACHER_SEARCH_EXACT_TOTAL_MAX } from '@ustaz/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import { createCountCache } from './count-cache.ts';
import { createProfiles } from './create-profiles.ts';
import { patchProfile } from './patch-profile.ts';
import { applyChanges, reindex, reindexTeachersOf, reindexUser } from './profile-changes.ts';
import { completeness } from './profile-completeness.ts';
import { createSearchCache } from './search-cache.ts';
import { listedCards, ownProfile, previouslyInteracted, profile, teacherOfUser } from './teacher-pages.ts';
import { isListedTeacher, setApproval } from './teacher-profile.repo.ts';
import { lockProfile, refreshAllAggregates, refreshMaturedRatings, refreshRating } from './teacher-ratings.repo.ts';
import { type SearchQuery, search, searchBody } from './teacher-search.ts';
import type { TeachersContext } from './teachers-context.ts';

export type { NewTeacherProfile } from './create-profiles.ts';
export { MAX_HOURLY_RATE_FILS, validVideoUrl } from './patch-profile.ts';
export type { ProfileChanges } from './profile-changes.ts';
/**
 * For the disputes module (ADR 011): a lesson refunded in full after completion stops counting, so the
 * teacher's rating is refreshed in its transaction (profile lock first, as the reviews do).
 */
export { lockProfile as lockTeacherAggregates, refreshRating as refreshTeacherRating } from './teacher-ratings.repo.ts';

type ProfilePatch = Parameters<typeof patchProfile>[3];

type Options = {
  /**
   * How long a search total, and a whole search answer, may be reused when no change is notified
   * (0: count and search every time); see count-cache.ts and search-cache.ts.
   */
  countCacheMs?: number;
  /** Totals up to this are exact; above it the planner's estimate, flagged `totalIsEstimate`. */
  exactTotalUpTo?: number;
  /** Registers the listener of committed changes to what searches answer (`Database.onCatalogueChange`). */
  onCatalogueChange?: (listener: () => void) => () => void;
  /** The server's clock: a profile link change fixes the links of lessons whose room has opened by it. */
  clock?: () => Date;
};

export function createTeachersService(
  db: Db,
  subjectsService: SubjectsService,
  {
    countCacheMs = 0,
    exactTotalUpTo = TEACHER_SEARCH_EXACT_TOTAL_MAX,
    onCatalogueChange,
    clock = () => new Date(),
  }: Options = {},
) {
  const counts = createCountCache<{ total: number; estimate: boolean }>(countCacheMs);
  const answers = createSearchCache(countCacheMs);
  /** Drops the reused totals and answers (a change committed, here or in another process). */
  function forgetSearches() {
    counts.clear();
    answers.clear();
  }
  onCatalogueChange?.(forgetSearches);
  const ctx: TeachersContext = { db, subjectsService, clock, exactTotalUpTo, counts, answers, forgetSearches };

  return {
    search: (query: SearchQuery, language: Language) => search(ctx, query, language),

    /**
     * The search's answer as its JSON body (checked against the contract's response schema once,
     * when it is made), reused from the search cache while nothing it depends on changed.
     */
    searchBody: (query: SearchQuery, language: Language) => searchBody(ctx, query, language),

    /** The teacher page: a listed teacher's profile and reliability figures. */
    profile: (id: number, language: Language, now?: Date) => profile(ctx, id, language, now),

    /** The signed-in teacher's own profile (also before it is listed) with their settings; 404 for others. */
    ownProfile: (userId: number, language: Language) => ownProfile(ctx, userId, language),

    /** The owner (the teacher whose user owns the profile) edits it; bio and major in the request language. */
    patchProfile: (userId: number, id: number, patch: ProfilePatch, language: Language, now?: Date) =>
      patchProfile(ctx, userId, id, patch, language, now),

    /** The signed-in teacher's completeness meter: what the profile has and what it lacks; 404 for others. */
    completeness: (userId: number, now?: Date) => completeness(ctx, userId, now),

    previouslyInteracted: (studentId: number, language: Language) => previouslyInteracted(ctx, studentId, language),

    isListed: (id: number) => isListedTeacher(db, id),

    /** The cards of the listed teachers among `ids`, in their order (unknown, unlisted or suspended left out). */
    listedCards: (ids: number[], language: Language) => listedCards(ctx, ids, language),

    /** The teacher profile of a user (id, hourly rate and time zone), if the user teaches. */
    teacherOfUser: (userId: number) => teacherOfUser(ctx, userId),

    /** Adds profiles with their subjects and search text (seed, tests, later the admin); users with one are skipped. */
    createProfiles,

    /** Takes the profile's aggregate lock: call first in a transaction that will `refreshRating`. */
    lockAggregates: (executor: Executor, id: number) => lockProfile(executor, id),

    /** Recomputes averageRating and ratingCount from the reviews (under `lockAggregates`). */
    refreshRating: (executor: Executor, id: number, now?: Date) => refreshRating(executor, id, now),

    /**
     * Double-blind (ADR 015): brings the stored ratings up to date with the reviews that became
     * published by time since the last refresh. Idempotent; the money sweeper runs it.
     */
    async refreshMaturedRatings(now: Date): Promise<void> {
      await refreshMaturedRatings(db, now);
      forgetSearches();
    },

    /**
     * Drops the reused search totals and answers: call after committing a change to what searches
     * match (the database's notification does it too, in every process; this makes it certain here).
     */
    forgetCounts: forgetSearches,

    /** Recomputes rating and bookings aggregates of several profiles from their rows (seed data). */
    refreshAggregates: (executor: Executor, ids: number[]) => refreshAllAggregates(executor, ids),

    reindex: (id: number, executor: Executor = db) => reindex(executor, id),
    /** Profile fields and subjects changed at once, search text rewritten (call `forgetCounts` after commit). */
    applyChanges,
    /** Approves a profile (listed from now on) or takes the approval back; answers whether it changed. */
    setApproval: (executor: Executor, id: number, approved: boolean) => setApproval(executor, id, approved),
    /** After a subject's names or synonyms change: every profile that teaches it gets its search text rewritten. */
    reindexTeachersOf,
    /** After a user's name changes: their teacher profile's search text follows. */
    reindexUser: (userId: number) => reindexUser(ctx, userId),
  };
}

export type TeachersService = ReturnType<typeof createTeachersService>;

/** For the other modules, in their executor (ADR 011): the booking checks the teacher is listed. */
export { findProfileIdOfUser, isListedTeacher } from './teacher-profile.repo.ts';
