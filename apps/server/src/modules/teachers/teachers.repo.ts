import { MIN_PRICE_PER_HOUR_FILS, ROLE, type TEACHER_SORT_FIELDS } from '@ustaz/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { type Db, type Executor, rawQueryOf } from '../../db/client.ts';
import { reviewPublishedSql } from '../../db/review-publication.ts';
import {
  reservations,
  subjects,
  type TeacherProfileRow,
  teacherProfiles,
  teacherSubjects,
  timeSlots,
  users,
} from '../../db/schema.ts';
import { type TeacherProfileFields, teacherProfileColumns } from '../../db/teacher-columns.ts';
import { containsPattern } from '../../db/text-search.ts';
import type { NameSpellings } from '../../http/language.ts';

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

/** A teacher as cards and pages show it (without the search text). */
export type TeacherListRow = TeacherProfileFields & {
  id: number;
  userId: number;
  photoFileId: string | null;
} & NameSpellings;

/** A listed teacher: an approved profile whose user is an active teacher (role 2). */
const listed = and(eq(users.roleId, ROLE.teacher), eq(users.status, 'active'), isNotNull(teacherProfiles.approvedAt));

/** The columns a teacher card or page needs (not the search text). */
const teacherColumns = {
  id: teacherProfiles.id,
  userId: teacherProfiles.userId,
  ...teacherProfileColumns,
  firstName: users.firstName,
  lastName: users.lastName,
  firstNameAr: users.firstNameAr,
  lastNameAr: users.lastNameAr,
  firstNameEn: users.firstNameEn,
  lastNameEn: users.lastNameEn,
  photoFileId: users.photoFileId,
};

export type TeacherSubjectRow = { teacherId: number; id: number; nameAr: string; nameEn: string };

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
  const parts = [`u.role_id = ${ROLE.teacher}`, `u.status = 'active'`, 'tp.approved_at is not null'];
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

/**
 * One page of listed teachers that match, with their subjects (one query: the subjects come from
 * a subquery evaluated for the page's rows only), in the given order, ties by id.
 */
export async function searchTeacherPage(
  db: Db,
  filter: TeacherFilter,
  sort: TeacherSort,
  page: { limit: number; offset: number },
): Promise<(TeacherListRow & { subjects: Omit<TeacherSubjectRow, 'teacherId'>[] })[]> {
  const { values, param } = parameters();
  const where = searchWhere(filter, param);
  // The same direction for the tie-break lets one index serve both keys.
  const direction = sort.direction === 'asc' ? 'asc' : 'desc';
  const text = `select tp.id, tp.user_id as "userId", tp.bio_ar as "bioAr", tp.bio_en as "bioEn",
      tp.major_ar as "majorAr", tp.major_en as "majorEn", tp.experience_years as "experienceYears",
      tp.hourly_rate_fils as "hourlyRateFils", tp.video_url as "videoUrl",
      tp.average_rating::float8 as "averageRating", tp.rating_count as "ratingCount",
      tp.bookings_count as "bookingsCount", u.first_name as "firstName", u.last_name as "lastName",
      u.first_name_ar as "firstNameAr", u.last_name_ar as "lastNameAr", u.first_name_en as "firstNameEn",
      u.last_name_en as "lastNameEn", u.photo_file_id::text as "photoFileId",
      coalesce((select json_agg(json_build_object('id', s.id, 'nameAr', s.name_ar, 'nameEn', s.name_en)
          order by s.sort_order, s.id)
        from teacher_subjects ts join subjects s on s.id = ts.subject_id where ts.teacher_id = tp.id), '[]'::json)
        as subjects
    from teacher_profiles tp join users u on u.id = tp.user_id
    where ${where}
    order by ${SORT_COLUMNS[sort.by]} ${direction}, tp.id ${direction}
    limit ${param(page.limit)} offset ${param(page.offset)}`;
  const { rows } = await rawQueryOf(db)<TeacherListRow & { subjects: Omit<TeacherSubjectRow, 'teacherId'>[] }>(
    text,
    values,
  );
  return rows;
}

/**
 * How many listed teachers match, counted exactly up to `exactUpTo`; above it the planner's
 * estimate of the same query (never below `exactUpTo + 1`), flagged. Counting a broad search's
 * every match (thousands of rows joined, LIKE over long text, a semi-join over a day's slots) was
 * most of its database time; counting stops at the first `exactUpTo + 1` rows.
 */
export async function countTeachers(
  db: Db,
  filter: TeacherFilter,
  exactUpTo: number,
): Promise<{ total: number; estimate: boolean }> {
  const { values, param } = parameters();
  const from = `from teacher_profiles tp join users u on u.id = tp.user_id where ${searchWhere(filter, param)}`;
  const capped = `select count(*)::int as total from (select 1 ${from} limit ${param(exactUpTo + 1)}) matches`;
  const { rows } = await rawQueryOf(db)<{ total: number }>(capped, values);
  const total = rows[0]?.total ?? 0;
  if (total <= exactUpTo) return { total, estimate: false };
  const plan = await rawQueryOf(db)<{ 'QUERY PLAN': unknown }>(
    `explain (format json) select 1 ${from}`,
    values.slice(0, -1),
  );
  const planned = Number(
    (plan.rows[0]?.['QUERY PLAN'] as [{ Plan?: { 'Plan Rows'?: number } }] | undefined)?.[0]?.Plan?.['Plan Rows'],
  );
  return { total: Math.max(exactUpTo + 1, Number.isFinite(planned) ? Math.round(planned) : 0), estimate: true };
}

/** Teacher profiles with their users, in the columns of {@link TeacherListRow}: the caller adds the filter. */
function selectTeachers(db: Executor) {
  return db
    .select(teacherColumns)
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .$dynamic();
}

export async function findListedTeacher(db: Executor, id: number): Promise<TeacherListRow | undefined> {
  const [row] = await selectTeachers(db)
    .where(and(eq(teacherProfiles.id, id), listed))
    .limit(1);
  return row;
}

/** A user's own teacher profile, listed or not. */
export async function findTeacherOfUser(db: Executor, userId: number): Promise<TeacherListRow | undefined> {
  const [row] = await selectTeachers(db).where(eq(teacherProfiles.userId, userId)).limit(1);
  return row;
}

export async function isListedTeacher(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(and(eq(teacherProfiles.id, id), listed))
    .limit(1);
  return row !== undefined;
}

/** Listed teachers a student has reservations with, the latest reservation first. */
export async function teachersOfStudent(db: Executor, studentId: number, limit: number): Promise<TeacherListRow[]> {
  const latest = db
    .select({ teacherId: reservations.teacherId, lastAt: max(reservations.createdAt).as('last_at') })
    .from(reservations)
    .where(eq(reservations.studentId, studentId))
    .groupBy(reservations.teacherId)
    .as('latest');
  return selectTeachers(db)
    .innerJoin(latest, eq(latest.teacherId, teacherProfiles.id))
    .where(listed)
    .orderBy(desc(latest.lastAt), desc(teacherProfiles.id))
    .limit(limit);
}

/** The subjects of several teachers in one query, in subject order. */
export async function subjectsOfTeachers(db: Executor, teacherIds: number[]): Promise<TeacherSubjectRow[]> {
  if (teacherIds.length === 0) return [];
  return db
    .select({
      teacherId: teacherSubjects.teacherId,
      id: subjects.id,
      nameAr: subjects.nameAr,
      nameEn: subjects.nameEn,
    })
    .from(teacherSubjects)
    .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
    .where(inArray(teacherSubjects.teacherId, teacherIds))
    .orderBy(asc(subjects.sortOrder), asc(subjects.id));
}

export async function findProfile(db: Executor, id: number): Promise<TeacherProfileRow | undefined> {
  const [row] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.id, id)).limit(1);
  return row;
}

/**
 * Locks a profile row until the transaction ends, so aggregates recomputed under it count every
 * committed row. `no key update` does not conflict with the key-share locks that inserting rows
 * referencing the profile takes, so concurrent writers queue here instead of deadlocking.
 */
export async function findProfileIdOfUser(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.userId, userId))
    .limit(1);
  return row?.id;
}

export async function lockProfile(db: Executor, id: number) {
  await db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, id))
    .for('no key update');
}

/** Inserts profiles; a user that has one already is skipped (seeding is idempotent). */
export async function insertProfiles(
  db: Executor,
  values: (typeof teacherProfiles.$inferInsert)[],
): Promise<TeacherProfileRow[]> {
  if (values.length === 0) return [];
  return db.insert(teacherProfiles).values(values).onConflictDoNothing().returning();
}

export async function insertTeacherSubjects(db: Executor, values: { teacherId: number; subjectId: number }[]) {
  if (values.length === 0) return;
  await db.insert(teacherSubjects).values(values).onConflictDoNothing();
}

export async function replaceTeacherSubjects(db: Executor, teacherId: number, subjectIds: number[]) {
  await db.delete(teacherSubjects).where(eq(teacherSubjects.teacherId, teacherId));
  await insertTeacherSubjects(
    db,
    subjectIds.map((subjectId) => ({ teacherId, subjectId })),
  );
}

export async function updateProfile(
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      TeacherProfileRow,
      | 'bioAr'
      | 'bioEn'
      | 'majorAr'
      | 'majorEn'
      | 'experienceYears'
      | 'hourlyRateFils'
      | 'videoUrl'
      | 'meetingLink'
      | 'timeZone'
      | 'searchText'
    >
  >,
) {
  await db
    .update(teacherProfiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(teacherProfiles.id, id));
}

/** Sets `approved_at` to now (approve) or null (waiting); a profile already in that state is left alone. */
export async function setApproval(db: Executor, id: number, approved: boolean): Promise<boolean> {
  const rows = await db
    .update(teacherProfiles)
    .set({ approvedAt: approved ? sql`now()` : null, updatedAt: sql`now()` })
    .where(
      and(
        eq(teacherProfiles.id, id),
        approved ? isNull(teacherProfiles.approvedAt) : isNotNull(teacherProfiles.approvedAt),
      ),
    )
    .returning({ id: teacherProfiles.id });
  return rows.length === 1;
}

/** The profiles that teach a subject. */
export async function profileIdsTeaching(db: Executor, subjectId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teacherSubjects.teacherId })
    .from(teacherSubjects)
    .where(eq(teacherSubjects.subjectId, subjectId))
    .orderBy(asc(teacherSubjects.teacherId));
  return rows.map((row) => row.id);
}

/** Everything a profile's search text is made of (its subjects with their synonyms). */
export async function searchSourcesOf(db: Executor, id: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      firstNameAr: users.firstNameAr,
      lastNameAr: users.lastNameAr,
      firstNameEn: users.firstNameEn,
      lastNameEn: users.lastNameEn,
      bioAr: teacherProfiles.bioAr,
      bioEn: teacherProfiles.bioEn,
      majorAr: teacherProfiles.majorAr,
      majorEn: teacherProfiles.majorEn,
    })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(eq(teacherProfiles.id, id))
    .limit(1);
  if (!row) return undefined;
  const subjectRows = await db
    .select({
      nameAr: subjects.nameAr,
      nameEn: subjects.nameEn,
      synonymsAr: subjects.synonymsAr,
      synonymsEn: subjects.synonymsEn,
    })
    .from(teacherSubjects)
    .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
    .where(eq(teacherSubjects.teacherId, id))
    .orderBy(asc(subjects.sortOrder), asc(subjects.id));
  return { ...row, subjects: subjectRows };
}

/**
 * What a review of the reviews table needs to count toward a rating: double-blind publication
 * (ADR 015, `reviewPublishedSql`), and a
 * verified lesson (issue 29: paid at least the minimum and attended by both parties).
 */
function publishedReview(now: Date) {
  return sql`${reviewPublishedSql(now)}
  and exists (select 1 from reservations counted where counted.id = reviews.reservation_id and counted.verified_lesson)`;
}

/**
 * Refreshes the rating of every teacher whose stored count no longer matches the published
 * reviews (reviews that became published by time since the last refresh). Idempotent; run by a sweep.
 */
export async function refreshMaturedRatings(db: Executor, now: Date): Promise<void> {
  await db.execute(sql`
    update teacher_profiles tp set average_rating = r.avg, rating_count = r.n, updated_at = now()
    from (select teacher_id, round(avg(rating), 2) as avg, count(*)::int as n from reviews
      where type = 'student_to_teacher' and hidden_at is null and ${publishedReview(now)}
      group by teacher_id) r
    where tp.id = r.teacher_id and tp.rating_count <> r.n`);
}

export async function refreshRating(db: Executor, id: number, now = new Date()) {
  await db.execute(sql`
    update teacher_profiles set
      average_rating = coalesce((select round(avg(rating), 2) from reviews
        where teacher_id = ${id} and type = 'student_to_teacher' and hidden_at is null and ${publishedReview(now)}), 0),
      rating_count = (select count(*) from reviews
        where teacher_id = ${id} and type = 'student_to_teacher' and hidden_at is null and ${publishedReview(now)}),
      updated_at = now()
    where id = ${id}`);
}

/** Recomputes every profile's aggregates from reviews and reservations (seed data). */
export async function refreshAllAggregates(db: Executor, ids: number[], now = new Date()) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update teacher_profiles tp set
      average_rating = coalesce(r.avg, 0), rating_count = coalesce(r.n, 0), bookings_count = coalesce(b.n, 0)
    from teacher_profiles t
      left join (select teacher_id, round(avg(rating), 2) as avg, count(*) as n from reviews
        where type = 'student_to_teacher' and hidden_at is null and ${publishedReview(now)}
        group by teacher_id) r on r.teacher_id = t.id
      left join (select teacher_id, count(*) as n from reservations
        where verified_lesson group by teacher_id) b on b.teacher_id = t.id
    where tp.id = t.id and t.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/**
 * A new hourly rate for the teacher's open slots that have not started: each costs its length at
 * that rate (as a new slot would). Held and booked slots, and slots already started, keep theirs.
 */
export async function repriceOpenSlots(db: Executor, teacherId: number, hourlyRateFils: number, now: Date) {
  const rows = await db
    .update(timeSlots)
    .set({
      // As defaultSlotPriceFils: the rate times the length, never below the slot minimum for it.
      priceFils: sql`greatest(
        round(${hourlyRateFils}::numeric * extract(epoch from (${timeSlots.endTime} - ${timeSlots.startTime})) / 3600),
        ceil(${MIN_PRICE_PER_HOUR_FILS}::numeric * extract(epoch from (${timeSlots.endTime} - ${timeSlots.startTime})) / 3600)
      )::int`,
    })
    .where(and(eq(timeSlots.teacherId, teacherId), eq(timeSlots.status, 'open'), gt(timeSlots.startTime, now)))
    .returning({ id: timeSlots.id });
  return rows.length;
}

/** What the completeness meter counts of a profile: the owner's photo, subjects and open slots in [from, to). */
export async function completenessFacts(db: Executor, teacherId: number, from: Date, to: Date) {
  const [row] = await db
    .select({
      photoFileId: users.photoFileId,
      subjects: sql<number>`(select count(*) from teacher_subjects ts where ts.teacher_id = ${teacherProfiles.id})::int`,
      openSlots: sql<number>`(select count(*) from time_slots s where s.teacher_id = ${teacherProfiles.id}
        and s.status = 'open' and s.start_time >= ${from.toISOString()}::timestamptz
        and s.start_time < ${to.toISOString()}::timestamptz)::int`,
    })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(eq(teacherProfiles.id, teacherId));
  return { hasPhoto: Boolean(row?.photoFileId), subjects: row?.subjects ?? 0, openSlots: row?.openSlots ?? 0 };
}

/** The counts behind a teacher's reliability figures (issue 16), see {@link reliabilityFacts}. */
export type ReliabilityFacts = {
  lessonsTaught: number;
  lessonsDue: number;
  students: number;
  repeatStudents: number;
  medianReplyMinutes: number | null;
};

/**
 * One query: the teacher's completed lessons, the lessons due (completed, or cancelled because the
 * teacher did not come: `cancel_reason` = `noShowReason`), the students with a completed lesson and
 * those with two or more, and the median minutes from a student's first message to the teacher's
 * first message after it, over conversations the student opened (wrote the first message) since
 * `since`; conversations the teacher has not answered do not count.
 */
export async function reliabilityFacts(
  db: Db,
  teacher: { profileId: number; userId: number },
  since: Date,
  noShowReason: string,
): Promise<ReliabilityFacts> {
  const text = `with due as (
      select student_id, status from reservations
      where teacher_id = $1 and (status = 'completed' or (status = 'cancelled' and cancel_reason = $3))
    ),
    taught as (select student_id, count(*)::int as lessons from due where status = 'completed' group by student_id),
    opened as (
      select distinct on (m.conversation_id) m.conversation_id, m.seq, m.sender_id, m.created_at, c.student_id
      from conversations c join messages m on m.conversation_id = c.id
      where c.teacher_id = $2
      order by m.conversation_id, m.seq
    ),
    replies as (
      select extract(epoch from (
          select min(r.created_at) from messages r
          where r.conversation_id = o.conversation_id and r.sender_id = $2 and r.seq > o.seq
        ) - o.created_at)::float8 / 60 as minutes
      from opened o
      where o.sender_id = o.student_id and o.created_at >= $4
    )
    select
      (select count(*)::int from due where status = 'completed') as "lessonsTaught",
      (select count(*)::int from due) as "lessonsDue",
      (select count(*)::int from taught) as "students",
      (select count(*)::int from taught where lessons >= 2) as "repeatStudents",
      (select percentile_cont(0.5) within group (order by minutes) from replies where minutes is not null)::float8
        as "medianReplyMinutes"`;
  const { rows } = await rawQueryOf(db)<ReliabilityFacts>(text, [
    teacher.profileId,
    teacher.userId,
    noShowReason,
    since.toISOString(),
  ]);
  const row = rows[0];
  return {
    lessonsTaught: row?.lessonsTaught ?? 0,
    lessonsDue: row?.lessonsDue ?? 0,
    students: row?.students ?? 0,
    repeatStudents: row?.repeatStudents ?? 0,
    medianReplyMinutes: row?.medianReplyMinutes == null ? null : Number(row.medianReplyMinutes),
  };
}
