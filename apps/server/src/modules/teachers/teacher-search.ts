import {
  HOME,
  kwdToFils,
  type Language,
  type teacherSearchQuerySchema,
  teacherSearchResponseSchema,
  toPage,
} from '@ustaz/contract';
import type { z } from 'zod';
import { searchWords } from '../../db/text-search.ts';
import { toTeacherProfile } from './teacher.presenter.ts';
import { estimateTeachers, searchTeacherPage, type TeacherFilter, type TeacherSort } from './teacher-search.repo.ts';
import { DAY_MS, type TeachersContext } from './teachers-context.ts';

/** A promise settled from outside: the total a page's own statement counts, handed to the count cache. */
function deferred<Value>() {
  let resolve: (value: Value) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<Value>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Nobody may wait for it (a partial page, the cache off): a rejection is the page's own error.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** Kuwait keeps UTC+3 all year (no daylight saving): the calendar day of `availableOn`. */
export const KUWAIT_UTC_OFFSET = '+03:00';

const INT_MAX = 2_147_483_647;

export type SearchQuery = z.output<typeof teacherSearchQuerySchema>;
type TeacherSearchResponse = z.output<typeof teacherSearchResponseSchema>;

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

export async function search(
  ctx: TeachersContext,
  query: SearchQuery,
  language: Language,
): Promise<TeacherSearchResponse> {
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
  const limit = query.limit;
  const key = JSON.stringify({ ...filter, openSlotBetween: query.availableOn });
  // A recent total is reused (SEARCH_COUNT_CACHE_SECONDS); when there is none, the page's own
  // statement counts too (and only when the page is full: a partial page tells its total).
  const ours = deferred<{ total: number; estimate: boolean }>();
  let counting = false;
  const reused = ctx.counts.get(key, () => {
    counting = true;
    return ours.promise;
  });
  let rows: Awaited<ReturnType<typeof searchTeacherPage>>['rows'];
  try {
    const found = await searchTeacherPage(
      ctx.db,
      filter,
      sortOf(query),
      { limit, offset },
      counting ? ctx.exactTotalUpTo : undefined,
    );
    rows = found.rows;
    if (counting) {
      const counted = found.counted ?? offset + rows.length;
      ours.resolve(
        counted <= ctx.exactTotalUpTo
          ? { total: counted, estimate: false }
          : { total: await estimateTeachers(ctx.db, filter, ctx.exactTotalUpTo + 1), estimate: true },
      );
    }
  } catch (error) {
    ours.reject(error);
    throw error;
  }
  const partial = rows.length < limit && (rows.length > 0 || offset === 0);
  const counted = partial ? { total: offset + rows.length, estimate: false } : await reused;
  // A recent count may lag behind the rows just read.
  const total = rows.length > 0 ? Math.max(counted.total, offset + rows.length) : counted.total;
  const page = toPage(
    rows.map((row) => toTeacherProfile(row, row.subjects, language)),
    total,
    query,
  );
  return counted.estimate ? { ...page, totalIsEstimate: true } : page;
}

/**
 * The search's answer as its JSON body (checked against the contract's response schema once,
 * when it is made), reused from the search cache while nothing it depends on changed.
 */
export async function searchBody(ctx: TeachersContext, query: SearchQuery, language: Language): Promise<string> {
  const key = searchKey(query, language);
  return ctx.answers.get(key, async () =>
    JSON.stringify(teacherSearchResponseSchema.parse(await search(ctx, query, language))),
  );
}
