import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { type ReviewRow, reservations, reviews, teacherProfiles, users } from '../../db/schema.ts';

const teacherUser = alias(users, 'teacher_user');
const studentUser = alias(users, 'student_user');

const reviewColumns = {
  id: reviews.id,
  type: reviews.type,
  rating: reviews.rating,
  comment: reviews.comment,
  teacherId: reviews.teacherId,
  studentId: reviews.studentId,
  createdAt: reviews.createdAt,
  teacherFirstName: teacherUser.firstName,
  teacherLastName: teacherUser.lastName,
  teacherPhotoFileId: teacherUser.photoFileId,
  studentFirstName: studentUser.firstName,
  studentLastName: studentUser.lastName,
  studentPhotoFileId: studentUser.photoFileId,
};

/** Public review lists: hidden (abusive) reviews are never shown. */
async function selectReviews(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reviews.teacherId))
    .innerJoin(teacherUser, eq(teacherUser.id, teacherProfiles.userId))
    .innerJoin(studentUser, eq(studentUser.id, reviews.studentId))
    .where(and(where, isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export type ReviewListRow = Awaited<ReturnType<typeof selectReviews>>[number];

export function latestReviews(db: Executor, type: ReviewRow['type'], limit: number) {
  return selectReviews(db, eq(reviews.type, type), limit);
}

export function reviewsOfTeacher(db: Executor, teacherId: number, limit: number) {
  return selectReviews(db, and(eq(reviews.teacherId, teacherId), eq(reviews.type, 'student_to_teacher')), limit);
}

export function reviewsOfStudent(db: Executor, studentId: number, limit: number) {
  return selectReviews(db, and(eq(reviews.studentId, studentId), eq(reviews.type, 'teacher_to_student')), limit);
}

export async function findReview(db: Executor, id: number): Promise<ReviewListRow | undefined> {
  const [row] = await selectReviews(db, eq(reviews.id, id), 1);
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

/** Whether a teacher (by user id) has any reservation with a student. */
export async function teacherKnowsStudent(db: Executor, teacherUserId: number, studentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(and(eq(teacherProfiles.userId, teacherUserId), eq(reservations.studentId, studentId)))
    .limit(1);
  return row !== undefined;
}

export async function insertReview(db: Executor, values: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error('insert into reviews returned no row');
  return row;
}

export async function insertReviews(db: Executor, values: (typeof reviews.$inferInsert)[]): Promise<ReviewRow[]> {
  if (values.length === 0) return [];
  return db.insert(reviews).values(values).onConflictDoNothing().returning();
}
