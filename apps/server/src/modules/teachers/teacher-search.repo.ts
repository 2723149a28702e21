import type { TEACHER_SORT_FIELDS } from '@ustaz/contract';
import { type Db, rawQueryOf } from '../../db/client.ts';
import { containsPattern } from '../../db/text-search.ts';
import type { TeacherListRow, TeacherSubjectRow } from './teacher-profile.repo.ts';

export type TeacherFilter = {
  /** Normalised words, each of which must appear in the teacher's search text. */
  words: string[];
  minExperience?: number;
  maxRateFils?: number;
  minRating?: number;
  /** Has an open slot starting in [from, to). */
  openSlotBetween?: { from: Date; to: Date };
  /** Teaches at least one subject with one of these ids or whose names contain one of these word lists. */
  subjects?: { ids: number[]; names: string[][] };
};

export type TeacherSort = { by: (typeof TEACHER_SORT_FIELDS)[number]; direction: 'asc' | 'desc' };

const SORT_COLUMNS: Record<TeacherSort['by'], string> = {
  averageRating: 'tp.average_rating',
  experience: 'tp.experience_years',
  hourlyRate: 'tp.hourly_rate_fils',
  bookingsCount: 'tp.bookings_count',
  createdAt: 'tp.created_at',
};

/** Positional parameters: `param(value)` adds a value and answers its placeholder (`$3`). */
function parameters() {
  const values: unknown[] = [];
  return {
    values,
    param(value: unknown) {
      values.push(value);
      return `$${values.length}`;
    },
  };
}

/**
 * The WHERE clause of a search in plain SQL, every value a parameter. Teacher search is the
 * hottest read of the site, so it skips the query builder (ARCHITECTURE.md "Budgets").
 */
function searchWhere(filter: TeacherFilter, param: (value: unknown) => string): string {
  // `listed`: approved, and the user an active teacher (kept by the database, migration 0036).
  const parts = ['tp.listed'];
  for (const word of filter.words) parts.push(`tp.search_text like ${param(containsPattern(word))}`);
  if (filter.minExperience !== undefined) parts.push(`tp.experience_years >= ${param(filter.minExperience)}`);
  if (filter.maxRateFils !== undefined) parts.push(`tp.hourly_rate_fils <= ${param(filter.maxRateFils)}`);
  if (filter.minRating !== undefined) parts.push(`tp.average_rating >= ${param(filter.minRating)}`);
  if (filter.openSlotBetween) {
    const from = param(filter.openSlotBetween.from.toISOString());
    const to = param(filter.openSlotBetween.to.toISOString());
    parts.push(
      `exists (select 1 from time_slots s where s.teacher_id = tp.id and s.status = 'open' ` +
        `and s.start_time >= ${from}::timestamptz and s.start_time < ${to}::timestamptz)`,
    );
  }
  if (filter.subjects) {
    const { ids, names } = filter.subjects;
    const byId = ids.length > 0 ? [`ts.subject_id = any(${param(ids)}::int[])`] : [];
    const byName = names.map(
      (words) => `(${words.map((word) => `s.search_text like ${param(containsPattern(word))}`).join(' and ')})`,
    );
    const matches = [...byId, ...byName];
    parts.push(
      matches.length === 0
        ? 'false'
        : byName.length === 0
          ? `exists (select 1 from teacher_subjects ts where ts.teacher_id = tp.id and ${matches.join(' or ')})`
          : `exists (select 1 from teacher_subjects ts join subjects s on s.id = ts.subject_id ` +
            `where ts.teacher_id = tp.id and (${matches.join(' or ')}))`,
    );
  }
  return parts.join(' and ');
}

type SearchRow = TeacherListRow & { subjects: Omit<TeacherSubjectRow, 'teacherId'>[] };

/**
 * One page of listed teachers that match, with their subjects (one query: the subjects come from
 * a subquery evaluated for the page's rows only), in the given order, ties by id.
 *
 * With `countUpTo`, the same statement also counts the matches, stopping at `countUpTo + 1`, but
 * only when the page is full, or empty past the first page: a partial page tells its total by
 * itself. The count is an uncorrelated subquery inside a CASE, which PostgreSQL runs only when
 * that branch is taken. One statement instead of two: one round trip, one parse and plan.
 * `counted` is null when nothing was counted.
 */
export async function searchTeacherPage(
  db: Db,
  filter: TeacherFilter,
  sort: TeacherSort,
  page: { limit: number; offset: number },
  countUpTo?: number,
): Promise<{ rows: SearchRow[]; counted: number | null }> {
  const { values, param } = parameters();
  const where = searchWhere(filter, param);
  // The same direction for the tie-break lets one index serve both keys.
  const direction = sort.direction === 'asc' ? 'asc' : 'desc';
  const limit = param(page.limit);
  const offset = param(page.offset);
  const select = `select tp.id, tp.user_id as "userId", tp.bio_ar as "bioAr", tp.bio_en as "bioEn",
      tp.major_ar as "majorAr", tp.major_en as "majorEn", tp.experience_years as "experienceYears",
      tp.hourly_rate_fils as "hourlyRateFils", tp.trial_price_fils as "trialPriceFils", tp.video_url as "videoUrl",
      tp.average_rating::float8 as "averageRating", tp.rating_count as "ratingCount",
      tp.bookings_count as "bookingsCount", u.first_name as "firstName", u.last_name as "lastName",
      u.first_name_ar as "firstNameAr", u.last_name_ar as "lastNameAr", u.first_name_en as "firstNameEn",
      u.last_name_en as "lastNameEn", u.photo_file_id::text as "photoFileId",
      coalesce((select json_agg(json_build_object('id', s.id, 'nameAr', s.name_ar, 'nameEn', s.name_en)
          order by s.sort_order, s.id)
        from teacher_subjects ts join subjects s on s.id = ts.subject_id where ts.teacher_id = tp.id), '[]'::json)
        as subjects, ${SORT_COLUMNS[sort.by]} as "sortKey"
    from teacher_profiles tp join users u on u.id = tp.user_id
    where ${where}
    order by ${SORT_COLUMNS[sort.by]} ${direction}, tp.id ${direction}
    limit ${limit} offset ${offset}`;
  if (countUpTo === undefined) {
    const { rows } = await rawQueryOf(db)<SearchRow & { sortKey?: unknown }>(select, values);
    return { rows: rows.map(({ sortKey: _, ...row }) => row), counted: null };
  }
  // The WHERE text (and so its parameters) is used twice; the page is a CTE read three times.
  const text = `with page as (${select})
    select page.*, counted.total from (
      select case when (select count(*) from page) < ${limit} and ((select count(*) from page) > 0 or ${offset} = 0)
        then null
        else (select count(*)::int from (select 1 from teacher_profiles tp where ${where} limit ${param(countUpTo + 1)}) matches)
      end as total
    ) counted left join page on true
    order by page."sortKey" ${direction}, page.id ${direction}`;
  const { rows } = await rawQueryOf(db)<SearchRow & { sortKey?: unknown; total: number | null }>(text, values);
  return {
    // An empty page is one row of nulls that carries the total.
    rows: rows.filter((row) => row.id !== null).map(({ sortKey: _, total: __, ...row }) => row),
    counted: rows[0]?.total ?? null,
  };
}

/**
 * The planner's estimate of how many listed teachers match (never below `atLeast`): the total of
 * a search whose count reached its cap. Counting a broad search's every match (thousands of rows,
 * LIKE over long text, a semi-join over a day's slots) was most of its database time.
 */
export async function estimateTeachers(db: Db, filter: TeacherFilter, atLeast: number): Promise<number> {
  const { values, param } = parameters();
  const plan = await rawQueryOf(db)<{ 'QUERY PLAN': unknown }>(
    `explain (format json) select 1 from teacher_profiles tp where ${searchWhere(filter, param)}`,
    values,
  );
  const planned = Number(
    (plan.rows[0]?.['QUERY PLAN'] as [{ Plan?: { 'Plan Rows'?: number } }] | undefined)?.[0]?.Plan?.['Plan Rows'],
  );
  return Math.max(atLeast, Number.isFinite(planned) ? Math.round(planned) : 0);
}
