import {
  BOOKING,
  HOME,
  kwdToFils,
  type Language,
  type OwnTeacherProfile,
  PROFILE_COMPLETENESS_ITEMS,
  PROFILE_COMPLETENESS_SLOT_DAYS,
  type ProfileCompletenessItem,
  RELIABILITY_MIN_LESSONS,
  RELIABILITY_REPLY_DAYS,
  TEACHER_SEARCH_EXACT_TOTAL_MAX,
  type TeacherCompleteness,
  type TeacherDetail,
  type TeacherProfile,
  type TeacherReliability,
  type teacherProfilePatchSchema,
  type teacherSearchQuerySchema,
  teacherSearchResponseSchema,
  toPage,
} from '@ustaz/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { storableText } from '../../db/storable-text.ts';
import { searchWords } from '../../db/text-search.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { fixLessonLinksBeforeProfileChange } from '../lessons/lessons.service.ts';
import type { SubjectSearchSources, SubjectsService } from '../subjects/subjects.service.ts';
import { createCountCache } from './count-cache.ts';
import { createSearchCache } from './search-cache.ts';
import { teacherSearchText } from './search-text.ts';
import { toTeacherProfile } from './teacher.presenter.ts';
import {
  completenessFacts,
  countTeachers,
  findListedTeacher,
  findProfile,
  findProfileIdOfUser,
  findTeacherOfUser,
  insertProfiles,
  insertTeacherSubjects,
  isListedTeacher,
  lockProfile,
  profileIdsTeaching,
  type ReliabilityFacts,
  refreshAllAggregates,
  refreshMaturedRatings,
  refreshRating,
  reliabilityFacts,
  replaceTeacherSubjects,
  repriceOpenSlots,
  searchSourcesOf,
  searchTeacherPage,
  setApproval,
  subjectsOfTeachers,
  type TeacherFilter,
  type TeacherListRow,
  type TeacherSort,
  teachersOfStudent,
  updateProfile,
} from './teachers.repo.ts';

/**
 * For the disputes module (ADR 011): a lesson refunded in full after completion stops counting, so the
 * teacher's rating is refreshed in its transaction (profile lock first, as the reviews do).
 */
export { lockProfile as lockTeacherAggregates, refreshRating as refreshTeacherRating } from './teachers.repo.ts';

/** Kuwait keeps UTC+3 all year (no daylight saving): the calendar day of `availableOn`. */
export const KUWAIT_UTC_OFFSET = '+03:00';
/** The highest hourly rate a teacher may set (1,000 KWD); keeps fils well inside an int. */
export const MAX_HOURLY_RATE_FILS = kwdToFils(BOOKING.maxPricePerHourKwd);
export const PREVIOUSLY_INTERACTED_LIMIT = 50;

const DAY_MS = 24 * 60 * 60 * 1000;
const INT_MAX = 2_147_483_647;

type SearchQuery = z.output<typeof teacherSearchQuerySchema>;
type ProfilePatch = z.output<typeof teacherProfilePatchSchema>;

export type NewTeacherProfile = {
  userId: number;
  firstName: string;
  lastName: string;
  bioAr?: string;
  bioEn?: string;
  majorAr?: string;
  majorEn?: string;
  experienceYears?: number;
  hourlyRateFils?: number;
  videoUrl?: string | null;
  /** With their synonyms (a subject row has them) so that the search finds the teacher by those too. */
  subjects?: ({ id: number } & SubjectSearchSources)[];
  /** Null: waits for an admin's approval (not listed). Default: approved now. */
  approvedAt?: Date | null;
};

/** The stored profile fields an owner or an admin may change. */
export type ProfileChanges = Omit<Parameters<typeof updateProfile>[2], 'searchText'>;

/** The open-slot window of a Kuwait calendar day that is still ahead, or null when it is over. */
export function futurePartOfDay(day: string, now = new Date()): { from: Date; to: Date } | null {
  const start = new Date(`${day}T00:00:00${KUWAIT_UTC_OFFSET}`);
  if (Number.isNaN(start.getTime())) return null;
  const end = new Date(start.getTime() + DAY_MS);
  if (end <= now) return null;
  return { from: start > now ? start : now, to: end };
}

/** Subject values of a search: digits are ids, anything else a name matched after normalising. */
export function splitSubjectValues(values: string[]): { ids: number[]; names: string[][] } {
  const ids: number[] = [];
  const names: string[][] = [];
  for (const value of values) {
    if (/^\d{1,10}$/.test(value)) {
      const id = Number(value);
      if (id >= 1 && id <= INT_MAX) ids.push(id);
    } else {
      const words = searchWords(value);
      if (words.length > 0) names.push(words);
    }
  }
  return { ids, names };
}

type TeacherSearchResponse = z.output<typeof teacherSearchResponseSchema>;

/** The search cache's key: everything the answer depends on, in one order (the query as parsed). */
export function searchKey(query: SearchQuery, language: Language): string {
  return JSON.stringify([
    language,
    // A text with no words (punctuation) finds nobody, unlike no text: the two keys differ.
    query.search ? searchWords(query.search) : null,
    query.minExperience ?? null,
    query.maxHourlyRate ?? null,
    query.minRating ?? null,
    query.availableOn ?? null,
    query.page,
    query.limit,
    query.sortBy ?? null,
    query.sortOrder?.toLowerCase() ?? null,
    query.mostFamous ?? null,
    query.mostBooked ?? null,
    query.subjects,
  ]);
}

function sortOf(query: SearchQuery): TeacherSort {
  if (query.mostBooked) return { by: 'bookingsCount', direction: 'desc' };
  if (query.mostFamous) return { by: 'averageRating', direction: 'desc' };
  const direction = query.sortOrder?.toLowerCase() === 'asc' ? 'asc' : 'desc';
  return { by: query.sortBy ?? 'averageRating', direction };
}

/** A reservation's cancel_reason when the teacher did not come (the lessons module writes it). */
const TEACHER_NO_SHOW = 'teacherNoShow';

/** The figures the teacher page shows, from the counts; null below RELIABILITY_MIN_LESSONS lessons taught. */
export function toReliability(facts: ReliabilityFacts): TeacherReliability | null {
  if (facts.lessonsTaught < RELIABILITY_MIN_LESSONS) return null;
  return {
    lessonsTaught: facts.lessonsTaught,
    attendanceRate: facts.lessonsDue === 0 ? 1 : facts.lessonsTaught / facts.lessonsDue,
    medianFirstReplyMinutes: facts.medianReplyMinutes === null ? null : Math.round(facts.medianReplyMinutes),
    repeatStudentShare: facts.students === 0 ? 0 : facts.repeatStudents / facts.students,
  };
}

/** A video link must be a web address (http or https). */
export function validVideoUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

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

  async function present(rows: TeacherListRow[], language: Language): Promise<TeacherProfile[]> {
    const subjectRows = await subjectsOfTeachers(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toTeacherProfile(
        row,
        subjectRows.filter((subject) => subject.teacherId === row.id),
        language,
      ),
    );
  }

  async function reindex(executor: Executor, id: number) {
    const sources = await searchSourcesOf(executor, id);
    if (sources) await updateProfile(executor, id, { searchText: teacherSearchText(sources) });
  }

  /** Writes profile fields and (when given) the subject list, then rewrites the search text. */
  async function applyChanges(executor: Executor, id: number, values: ProfileChanges, subjectIds?: number[]) {
    await updateProfile(executor, id, values);
    if (subjectIds) await replaceTeacherSubjects(executor, id, subjectIds);
    await reindex(executor, id);
  }

  /** The signed-in teacher's own profile (also before it is listed) with their settings; 404 for others. */
  async function ownProfile(userId: number, language: Language): Promise<OwnTeacherProfile> {
    const row = await findTeacherOfUser(db, userId);
    const [profile] = row ? await present([row], language) : [];
    const settings = profile ? await findProfile(db, profile.id) : undefined;
    if (!profile || !settings) throw new HttpError(404, 'notFound', 'You have no teacher profile');
    return {
      ...profile,
      timeZone: settings.timeZone,
      bioAr: settings.bioAr,
      bioEn: settings.bioEn,
      meetingLink: settings.meetingLink,
    };
  }

  return {
    async search(query: SearchQuery, language: Language): Promise<TeacherSearchResponse> {
      const empty = { data: [], total: 0, page: query.page, limit: query.limit, totalPages: 0 };
      const filter: TeacherFilter = {
        words: searchWords(query.search),
        minExperience: query.minExperience,
        maxRateFils: query.maxHourlyRate === undefined ? undefined : kwdToFils(query.maxHourlyRate),
        minRating: query.mostFamous ? Math.max(query.minRating ?? 0, HOME.famousMinRating) : query.minRating,
      };
      // Text that is only punctuation or symbols matches no teacher: it is not "no filter".
      if (query.search && filter.words.length === 0) return empty;
      if (query.availableOn) {
        const window = futurePartOfDay(query.availableOn);
        // A day that is over has no open slot ahead: nothing to look up.
        if (!window) return empty;
        filter.openSlotBetween = window;
      }
      if (query.subjects.length > 0) filter.subjects = splitSubjectValues(query.subjects);

      const offset = (query.page - 1) * query.limit;
      const rows = await searchTeacherPage(db, filter, sortOf(query), { limit: query.limit, offset });
      // A partial page tells the total by itself; otherwise count (or reuse a recent count).
      const partial = rows.length < query.limit && (rows.length > 0 || offset === 0);
      const key = JSON.stringify({ ...filter, openSlotBetween: query.availableOn });
      const counted = partial
        ? { total: offset + rows.length, estimate: false }
        : await counts.get(key, () => countTeachers(db, filter, exactTotalUpTo));
      // A recent count may lag behind the rows just read.
      const total = rows.length > 0 ? Math.max(counted.total, offset + rows.length) : counted.total;
      const page = toPage(
        rows.map((row) => toTeacherProfile(row, row.subjects, language)),
        total,
        query,
      );
      return counted.estimate ? { ...page, totalIsEstimate: true } : page;
    },

    /**
     * The search's answer as its JSON body (checked against the contract's response schema once,
     * when it is made), reused from the search cache while nothing it depends on changed.
     */
    async searchBody(query: SearchQuery, language: Language): Promise<string> {
      const key = searchKey(query, language);
      return answers.get(key, async () =>
        JSON.stringify(teacherSearchResponseSchema.parse(await this.search(query, language))),
      );
    },

    /** The teacher page: a listed teacher's profile and reliability figures. */
    async profile(id: number, language: Language, now = new Date()): Promise<TeacherDetail> {
      const row = await findListedTeacher(db, id);
      if (!row) throw new HttpError(404, 'notFound', 'Teacher not found');
      const since = new Date(now.getTime() - RELIABILITY_REPLY_DAYS * DAY_MS);
      const [[profile], facts] = await Promise.all([
        present([row], language),
        reliabilityFacts(db, { profileId: row.id, userId: row.userId }, since, TEACHER_NO_SHOW),
      ]);
      if (!profile) throw new HttpError(404, 'notFound', 'Teacher not found');
      return { ...profile, reliability: toReliability(facts) };
    },

    ownProfile,

    /** The owner (the teacher whose user owns the profile) edits it; bio and major in the request language. */
    async patchProfile(
      userId: number,
      id: number,
      patch: ProfilePatch,
      language: Language,
      now = clock(),
    ): Promise<OwnTeacherProfile> {
      const profile = await findProfile(db, id);
      if (!profile) throw new HttpError(404, 'notFound', 'Teacher not found');
      if (profile.userId !== userId) throw new HttpError(403, 'forbidden', 'Only the teacher may edit this profile');

      const values: ProfileChanges = {};
      if (patch.bio !== undefined) values[language === 'en' ? 'bioEn' : 'bioAr'] = storableText(patch.bio);
      if (patch.bioAr !== undefined) values.bioAr = storableText(patch.bioAr);
      if (patch.bioEn !== undefined) values.bioEn = storableText(patch.bioEn);
      if (patch.major !== undefined) values[language === 'en' ? 'majorEn' : 'majorAr'] = storableText(patch.major);
      if (patch.experienceYears !== undefined) values.experienceYears = patch.experienceYears;
      if (patch.hourlyRate !== undefined) {
        const fils = kwdToFils(patch.hourlyRate);
        if (fils > MAX_HOURLY_RATE_FILS) throw new FieldValidationError({ hourlyRate: 'tooBig' });
        values.hourlyRateFils = fils;
      }
      if (patch.videoUrl !== undefined) {
        const url = storableText(patch.videoUrl ?? '').trim() || null;
        if (url !== null && !validVideoUrl(url)) throw new FieldValidationError({ videoUrl: 'invalid' });
        values.videoUrl = url;
      }
      if (patch.timeZone !== undefined) values.timeZone = patch.timeZone;
      if (patch.meetingLink !== undefined) values.meetingLink = patch.meetingLink;
      const subjectIds = patch.subjectIds === undefined ? undefined : [...new Set(patch.subjectIds)];
      if (subjectIds && (await subjectsService.findByIds(subjectIds)).length !== subjectIds.length) {
        throw new FieldValidationError({ subjectIds: 'notFound' });
      }

      const rateFils = values.hourlyRateFils ?? profile.hourlyRateFils;
      await db.transaction(async (tx) => {
        // Lessons whose room has opened keep the link they had (issue 29): the change is for the others.
        if (values.meetingLink !== undefined && values.meetingLink !== profile.meetingLink)
          await fixLessonLinksBeforeProfileChange(tx, id, profile.meetingLink, now);
        await applyChanges(tx, id, values, subjectIds);
        // A rate change prices new slots only, unless the teacher asks for their open ones too.
        if (patch.applyToOpenSlots) await repriceOpenSlots(tx, id, rateFils, now);
      });
      forgetSearches();
      // The owner's own profile, listed or not (a profile waiting for approval is edited too).
      return ownProfile(userId, language);
    },

    /** The signed-in teacher's completeness meter: what the profile has and what it lacks; 404 for others. */
    async completeness(userId: number, now = new Date()): Promise<TeacherCompleteness> {
      const id = await findProfileIdOfUser(db, userId);
      const profile = id === undefined ? undefined : await findProfile(db, id);
      if (!profile) throw new HttpError(404, 'notFound', 'You have no teacher profile');
      const until = new Date(now.getTime() + PROFILE_COMPLETENESS_SLOT_DAYS * DAY_MS);
      const facts = await completenessFacts(db, profile.id, now, until);
      const done: Record<ProfileCompletenessItem, boolean> = {
        photo: facts.hasPhoto,
        bioAr: profile.bioAr.trim() !== '',
        bioEn: profile.bioEn.trim() !== '',
        video: Boolean(profile.videoUrl),
        subjects: facts.subjects > 0,
        openSlots: facts.openSlots > 0,
      };
      const items = PROFILE_COMPLETENESS_ITEMS.map((item) => ({ item, done: done[item] }));
      return {
        items,
        done: items.filter((item) => item.done).length,
        total: items.length,
        openSlotsAhead: facts.openSlots,
      };
    },

    async previouslyInteracted(studentId: number, language: Language): Promise<TeacherProfile[]> {
      return present(await teachersOfStudent(db, studentId, PREVIOUSLY_INTERACTED_LIMIT), language);
    },

    isListed: (id: number) => isListedTeacher(db, id),

    /** The teacher profile of a user (id, hourly rate and time zone), if the user teaches. */
    async teacherOfUser(userId: number) {
      const id = await findProfileIdOfUser(db, userId);
      const profile = id === undefined ? undefined : await findProfile(db, id);
      return profile
        ? { id: profile.id, hourlyRateFils: profile.hourlyRateFils, timeZone: profile.timeZone }
        : undefined;
    },

    /** Adds profiles with their subjects and search text (seed, tests, later the admin); users with one are skipped. */
    async createProfiles(executor: Executor, profiles: NewTeacherProfile[]) {
      const rows = await insertProfiles(
        executor,
        profiles.map(({ firstName, lastName, subjects = [], ...values }) => ({
          ...values,
          searchText: teacherSearchText({
            firstName,
            lastName,
            bioAr: values.bioAr ?? '',
            bioEn: values.bioEn ?? '',
            majorAr: values.majorAr ?? '',
            majorEn: values.majorEn ?? '',
            subjects,
          }),
        })),
      );
      const byUser = new Map(profiles.map((profile) => [profile.userId, profile]));
      await insertTeacherSubjects(
        executor,
        rows.flatMap((row) =>
          (byUser.get(row.userId)?.subjects ?? []).map((s) => ({ teacherId: row.id, subjectId: s.id })),
        ),
      );
      return rows;
    },

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
    async reindexTeachersOf(executor: Executor, subjectId: number) {
      for (const id of await profileIdsTeaching(executor, subjectId)) await reindex(executor, id);
    },
    /** After a user's name changes: their teacher profile's search text follows. */
    async reindexUser(userId: number) {
      const id = await findProfileIdOfUser(db, userId);
      if (id !== undefined) await reindex(db, id);
    },
  };
}

export type TeachersService = ReturnType<typeof createTeachersService>;

/** For the other modules, in their executor (ADR 011): the booking checks the teacher is listed. */
export { findProfileIdOfUser, isListedTeacher } from './teachers.repo.ts';
