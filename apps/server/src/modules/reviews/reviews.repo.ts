import { type Language, textLanguage } from '@ustaz/contract';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hasBookedTeacher } from '../../db/booked-teacher.ts';
import type { Executor } from '../../db/client.ts';
import { nameColumns } from '../../db/name-columns.ts';
import { reviewPublishedSql } from '../../db/review-publication.ts';
import { insertedRow } from '../../db/rows.ts';
import { conversations, type ReviewRow, reservations, reviews, teacherProfiles, users } from '../../db/schema.ts';

const teacherUser = alias(users, 'teacher_user');
const studentUser = alias(users, 'student_user');

/** Double-blind publication (ADR 015): see `reviewPublishedSql`. */
export const publishedSql = reviewPublishedSql;

const reviewColumns = {
  id: reviews.id,
  type: reviews.type,
  rating: reviews.rating,
  comment: reviews.comment,
  teacherId: reviews.teacherId,
  studentId: reviews.studentId,
  createdAt: reviews.createdAt,
  replyText: reviews.replyText,
  repliedAt: reviews.repliedAt,
  teacherUserId: teacherUser.id,
  teacherFirstName: teacherUser.firstName,
  teacherLastName: teacherUser.lastName,
  teacherPhotoFileId: teacherUser.photoFileId,
  studentFirstName: studentUser.firstName,
  studentLastName: studentUser.lastName,
  studentPhotoFileId: studentUser.photoFileId,
  teacherNames: nameColumns(teacherUser),
  studentNames: nameColumns(studentUser),
  subject: lessonSubjectSql(),
  /** The review's lesson was paid and attended by both (issue 29): only then is it a "verified lesson". */
  verifiedLesson: sql<boolean>`exists (select 1 from reservations counted
    where counted.id = ${reviews.reservationId} and counted.verified_lesson)`,
};

/** A subject in both languages; the presenter picks the request's. */
export type SubjectNames = { id: number; nameAr: string; nameEn: string };

/**
 * The lesson's subject. Bookings record none (a teacher's slot is for any of their subjects), so it
 * is the teacher's first subject by the subjects' order, null when they teach none.
 */
function lessonSubjectSql(): SQL<SubjectNames | null> {
  return sql<SubjectNames | null>`(select json_build_object('id', s.id, 'nameAr', s.name_ar, 'nameEn', s.name_en)
    from teacher_subjects ts join subjects s on s.id = ts.subject_id
    where ts.teacher_id = ${reviews.teacherId} order by s.sort_order, s.id limit 1)`;
}

/** Who is reading: unpublished reviews are shown to their author only. */
export type ReviewReader = { userId: number | null; now: Date };

function authorIs(userId: number): SQL {
  return sql`(case when ${reviews.type} = 'student_to_teacher' then ${reviews.studentId} else ${teacherUser.id} end) = ${userId}`;
}

/** Public review lists: hidden (abusive) reviews are never shown, unpublished ones to their author only. */
async function selectReviews(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  reader: ReviewReader,
  first: SQL[] = [],
) {
  const published = publishedSql(reader.now);
  const visible = reader.userId === null ? published : or(published, authorIs(reader.userId));
  return db
    .select({ ...reviewColumns, published })
    .from(reviews)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reviews.teacherId))
    .innerJoin(teacherUser, eq(teacherUser.id, teacherProfiles.userId))
    .innerJoin(studentUser, eq(studentUser.id, reviews.studentId))
    .where(and(where, isNull(reviews.hiddenAt), visible))
    .orderBy(...first, desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export type ReviewListRow = Awaited<ReturnType<typeof selectReviews>>[number];

/** Reviews written in `language` (the stored `reviews.language`) before the others. */
const inLanguageFirst = (language: Language) => [desc(sql`(${reviews.language} = ${language})`)];

/**
 * The newest published reviews of a kind, those written in `language` first (the home page shows
 * the page's language's voices), then the others, each newest first.
 */
export function latestReviews(db: Executor, type: ReviewRow['type'], limit: number, now: Date, language: Language) {
  return selectReviews(db, eq(reviews.type, type), limit, { userId: null, now }, inLanguageFirst(language));
}

/**
 * A teacher's reviews by students, those written in `language` (the request's) first, then the
 * others, each newest first (issue 30 item 6): an order that is the same for every page.
 */
export function reviewsOfTeacher(
  db: Executor,
  teacherId: number,
  limit: number,
  reader: ReviewReader,
  language: Language,
) {
  const where = and(eq(reviews.teacherId, teacherId), eq(reviews.type, 'student_to_teacher'));
  return selectReviews(db, where, limit, reader, inLanguageFirst(language));
}

export function reviewsOfStudent(db: Executor, studentId: number, limit: number, reader: ReviewReader) {
  const where = and(eq(reviews.studentId, studentId), eq(reviews.type, 'teacher_to_student'));
  return selectReviews(db, where, limit, reader);
}

export async function findReview(db: Executor, id: number, reader: ReviewReader): Promise<ReviewListRow | undefined> {
  const [row] = await selectReviews(db, eq(reviews.id, id), 1, reader);
  return row;
}

/** A reservation with the user id of its teacher: who may review whom. */
export async function findReservationParties(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: reservations.id,
      status: reservations.status,
      studentId: reservations.studentId,
      teacherId: reservations.teacherId,
      teacherUserId: teacherProfiles.userId,
      endTime: reservations.endTime,
      completedAt: reservations.completedAt,
    })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(eq(reservations.id, id))
    .limit(1);
  return row;
}

/**
 * Whether a teacher (by user id) knows a student: a reservation of any state, or a conversation
 * (issue 16: teachers see a student's reviews on the conversation and booking views).
 */
export async function teacherKnowsStudent(db: Executor, teacherUserId: number, studentId: number): Promise<boolean> {
  if (await hasBookedTeacher(db, studentId, teacherUserId)) return true;
  const chats = await db.$count(
    conversations,
    and(eq(conversations.teacherId, teacherUserId), eq(conversations.studentId, studentId)),
  );
  return chats > 0;
}

/** A review to insert; its language follows from its comment (`textLanguage`), on every write alike. */
export type NewReview = Omit<typeof reviews.$inferInsert, 'language'>;

const withLanguage = (values: NewReview) => ({ ...values, language: textLanguage(values.comment ?? '') });

export async function insertReview(db: Executor, values: NewReview): Promise<ReviewRow> {
  return insertedRow(
    db.insert(reviews).values(withLanguage(values)).returning(),
    'insert into reviews returned no row',
  );
}

export async function insertReviews(db: Executor, values: NewReview[]): Promise<ReviewRow[]> {
  if (values.length === 0) return [];
  return db.insert(reviews).values(values.map(withLanguage)).onConflictDoNothing().returning();
}

/**
 * The reservations among `ids` that `userId` is a party of, with their side and whether that
 * side's review is written (for the review prompt).
 */
export async function reviewStatesOf(db: Executor, userId: number, ids: number[], now: Date) {
  if (ids.length === 0) return [];
  const side = sql<
    ReviewRow['type']
  >`case when ${reservations.studentId} = ${userId} then 'student_to_teacher' else 'teacher_to_student' end`;
  return db
    .select({
      reservationId: reservations.id,
      status: reservations.status,
      endTime: reservations.endTime,
      completedAt: reservations.completedAt,
      written: sql<boolean>`exists (select 1 from reviews mine where mine.reservation_id = ${reservations.id} and mine.type = ${side})`,
      // What the other side wrote about the caller, once published (double-blind: never before).
      aboutMe: sql<{
        rating: number;
        comment: string | null;
      } | null>`(select json_build_object('rating', reviews.rating,
        'comment', reviews.comment) from reviews where reviews.reservation_id = ${reservations.id}
        and reviews.type <> ${side} and reviews.hidden_at is null and ${reviewPublishedSql(now)})`,
    })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(
      and(inArray(reservations.id, ids), or(eq(reservations.studentId, userId), eq(teacherProfiles.userId, userId))),
    )
    .orderBy(reservations.id);
}

/** Sets a review's one reply; false when it already has one (also under concurrency). */
export async function setReply(db: Executor, id: number, text: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ replyText: text, repliedAt: now })
    .where(and(eq(reviews.id, id), isNull(reviews.replyText)))
    .returning({ id: reviews.id });
  return rows.length === 1;
}
