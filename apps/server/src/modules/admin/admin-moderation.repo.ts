import type { ReservationStatus } from '@ustaz/contract';
import { and, count, desc, eq, gte, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { type PageRequest, pageWithTotal } from '../../db/paging.ts';
import { reservations, reviews, searchNotFoundLogs, teacherProfiles, users } from '../../db/schema.ts';
import type { DateBounds } from './admin-date-range.ts';

/** SQL of the admin moderation pages: reservations, reviews (hidden ones too) and missed searches. */

const student = alias(users, 'student');
const teacherUser = alias(users, 'teacher_user');

/** Case-insensitive "contains" without LIKE wildcards to escape. */
function contains(text: SQL, needle: string): SQL {
  return sql`strpos(lower(${text}), lower(${needle})) > 0`;
}

/** The teacher's user id and both parties' names, as a reservation or a review row shows them. */
const partyColumns = {
  teacherUserId: teacherUser.id,
  teacherFirstName: teacherUser.firstName,
  teacherLastName: teacherUser.lastName,
  studentFirstName: student.firstName,
  studentLastName: student.lastName,
};

// Reservations -----------------------------------------------------------------------------------

const reservationColumns = { reservation: reservations, ...partyColumns, studentEmail: student.email };

/** Joins the teacher (profile and user) and the student of a reservation or a review row. */
function withParties<Query extends PgSelect>(query: Query, row: typeof reservations | typeof reviews) {
  return query
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, row.teacherId))
    .innerJoin(teacherUser, eq(teacherUser.id, teacherProfiles.userId))
    .innerJoin(student, eq(student.id, row.studentId));
}

function reservationsQuery(db: Executor) {
  return withParties(db.select(reservationColumns).from(reservations).$dynamic(), reservations);
}

export type AdminReservationRow = NonNullable<Awaited<ReturnType<typeof findAdminReservation>>>;

export type ReservationFilter = DateBounds & {
  status?: ReservationStatus | undefined;
  /** The student's or the teacher's user id. */
  userId?: number | undefined;
};

/** Reservations, latest start first, one page, with both people. */
export async function listAdminReservations(db: Executor, filter: ReservationFilter, page: PageRequest) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(reservations.status, filter.status));
  if (filter.userId) {
    const either = or(eq(reservations.studentId, filter.userId), eq(teacherProfiles.userId, filter.userId));
    if (either) where.push(either);
  }
  if (filter.from) where.push(gte(reservations.startTime, filter.from));
  if (filter.before) where.push(lt(reservations.startTime, filter.before));
  const condition = and(...where);
  return pageWithTotal(
    reservationsQuery(db)
      .where(condition)
      .orderBy(sql`${reservations.startTime} desc nulls last`, desc(reservations.id))
      .$dynamic(),
    db
      .select({ n: count() })
      .from(reservations)
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
      .where(condition),
    page,
  );
}

export async function findAdminReservation(db: Executor, id: number) {
  const [row] = await reservationsQuery(db).where(eq(reservations.id, id));
  return row;
}

// Reviews ----------------------------------------------------------------------------------------

const reviewColumns = { review: reviews, ...partyColumns };

function reviewsQuery(db: Executor) {
  return withParties(db.select(reviewColumns).from(reviews).$dynamic(), reviews);
}

export type ReviewFilter = {
  hidden?: boolean | undefined;
  /** The teacher profile id. */
  teacherId?: number | undefined;
  maxRating?: number | undefined;
  /** Any part of the comment or of either person's name. */
  search?: string | undefined;
};

/** Reviews in both directions, hidden ones included, newest first. */
export async function listAdminReviews(db: Executor, filter: ReviewFilter, page: PageRequest) {
  const where: SQL[] = [];
  if (filter.hidden === true) where.push(isNotNull(reviews.hiddenAt));
  if (filter.hidden === false) where.push(isNull(reviews.hiddenAt));
  if (filter.teacherId) where.push(eq(reviews.teacherId, filter.teacherId));
  if (filter.maxRating) where.push(lte(reviews.rating, filter.maxRating));
  if (filter.search) {
    const search = or(
      contains(sql`${reviews.comment}`, filter.search),
      contains(sql`${student.firstName} || ' ' || ${student.lastName}`, filter.search),
      contains(sql`${teacherUser.firstName} || ' ' || ${teacherUser.lastName}`, filter.search),
    );
    if (search) where.push(search);
  }
  const condition = and(...where);
  return pageWithTotal(
    reviewsQuery(db).where(condition).orderBy(desc(reviews.createdAt), desc(reviews.id)).$dynamic(),
    db
      .select({ n: count() })
      .from(reviews)
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, reviews.teacherId))
      .innerJoin(teacherUser, eq(teacherUser.id, teacherProfiles.userId))
      .innerJoin(student, eq(student.id, reviews.studentId))
      .where(condition),
    page,
  );
}

export type AdminReviewRow = Awaited<ReturnType<typeof listAdminReviews>>['rows'][number];

export async function findAdminReview(db: Executor, id: number): Promise<AdminReviewRow | undefined> {
  const [row] = await reviewsQuery(db).where(eq(reviews.id, id));
  return row;
}

/** Which teacher a review is about and in which direction (undefined: no such review). */
export async function reviewTarget(db: Executor, id: number) {
  const [row] = await db
    .select({ teacherId: reviews.teacherId, type: reviews.type })
    .from(reviews)
    .where(eq(reviews.id, id));
  return row;
}

/** The review row, locked for the rest of the transaction. */
export async function lockReview(db: Executor, id: number) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

export async function setReviewHidden(
  db: Executor,
  id: number,
  hidden: { at: Date; reason: string } | null,
): Promise<void> {
  await db
    .update(reviews)
    .set({ hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null })
    .where(eq(reviews.id, id));
}

/** A teacher profile's rating figures. */
export async function teacherRating(db: Executor, profileId: number) {
  const [row] = await db
    .select({ averageRating: teacherProfiles.averageRating, ratingCount: teacherProfiles.ratingCount })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, profileId));
  return row ?? { averageRating: 0, ratingCount: 0 };
}

// Searches that found nothing --------------------------------------------------------------------

/** Missed searches since a moment, grouped by type and normalised text, most requested first. */
export async function notFoundTerms(
  db: Executor,
  filter: { since: Date; searchType?: 'subject' | 'teacher' | undefined },
  page: PageRequest,
) {
  const where = and(
    gte(searchNotFoundLogs.createdAt, filter.since),
    ...(filter.searchType ? [eq(searchNotFoundLogs.searchType, filter.searchType)] : []),
  );
  const times = count();
  const lastSearchedAt = sql<Date>`max(${searchNotFoundLogs.createdAt})`.mapWith(searchNotFoundLogs.createdAt);
  const grouped = db
    .select({
      searchType: searchNotFoundLogs.searchType,
      normalized: searchNotFoundLogs.normalized,
      count: times,
      users: sql<number>`count(distinct ${searchNotFoundLogs.userId})`.mapWith(Number),
      keywords: sql<string>`(array_agg(${searchNotFoundLogs.keywords} order by ${searchNotFoundLogs.createdAt} desc, ${searchNotFoundLogs.id} desc))[1]`,
      lastSearchedAt,
    })
    .from(searchNotFoundLogs)
    .where(where)
    .groupBy(searchNotFoundLogs.searchType, searchNotFoundLogs.normalized);
  return pageWithTotal(
    grouped.orderBy(desc(times), desc(lastSearchedAt), searchNotFoundLogs.normalized).$dynamic(),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(searchNotFoundLogs)
        .where(where)
        .groupBy(searchNotFoundLogs.searchType, searchNotFoundLogs.normalized)
        .as('groups'),
    ),
    page,
  );
}
