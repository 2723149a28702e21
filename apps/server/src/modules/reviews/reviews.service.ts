import {
  type createReviewBodySchema,
  type Language,
  REVIEW_WINDOW_MS,
  type Review,
  type ReviewState,
  ROLE,
} from '@ustaz/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { storableText } from '../../db/storable-text.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import type { TeachersService } from '../teachers/teachers.service.ts';
import { toReview } from './review.presenter.ts';
import {
  findReservationParties,
  findReview,
  insertReview,
  latestReviews,
  reviewStatesOf,
  reviewsOfStudent,
  reviewsOfTeacher,
  setReply,
  teacherKnowsStudent,
} from './reviews.repo.ts';

type Deps = { db: Db; teachers: TeachersService; clock?: Clock };

export function createReviewsService({ db, teachers, clock = () => new Date() }: Deps) {
  return {
    /** The newest reviews students wrote about teachers, the page's language's first (the home page carousel). */
    async latest(limit: number, language: Language, now = clock()): Promise<Review[]> {
      return (await latestReviews(db, 'student_to_teacher', limit, now, language)).map((row) =>
        toReview(row, language),
      );
    },

    /** Published reviews of a teacher, those in `language` first, and the signed-in student's own unpublished one. */
    async forTeacher(
      viewerId: number | null,
      teacherId: number,
      limit: number,
      language: Language,
      now = clock(),
    ): Promise<Review[]> {
      const rows = await reviewsOfTeacher(db, teacherId, limit, { userId: viewerId, now }, language);
      if (rows.length === 0 && !(await teachers.isListed(teacherId))) {
        throw new HttpError(404, 'notFound', 'Teacher not found');
      }
      return rows.map((row) => toReview(row, language));
    },

    /** What teachers wrote about a student: the student, their teachers and admins may read it. */
    async forStudent(
      viewer: AccessClaims,
      studentId: number,
      limit: number,
      language: Language,
      now = clock(),
    ): Promise<Review[]> {
      const allowed =
        viewer.userId === studentId ||
        viewer.roleId === ROLE.admin ||
        (viewer.roleId === ROLE.teacher && (await teacherKnowsStudent(db, viewer.userId, studentId)));
      if (!allowed) throw new HttpError(403, 'forbidden', 'Not allowed to read these reviews');
      const rows = await reviewsOfStudent(db, studentId, limit, { userId: viewer.userId, now });
      return rows.map((row) => toReview(row, language));
    },

    /**
     * The caller's review state for each of `reservationIds` they are a party of (others are left
     * out): their side's review written or not, and whether and until when they may write it.
     */
    async states(userId: number, reservationIds: number[], now = clock()): Promise<ReviewState[]> {
      const rows = await reviewStatesOf(db, userId, reservationIds, now);
      return rows.map((row) => {
        const ended = row.endTime ?? row.completedAt;
        const deadline = row.status === 'completed' && ended ? new Date(ended.getTime() + REVIEW_WINDOW_MS) : null;
        const written = Boolean(row.written);
        return {
          reservationId: row.reservationId,
          mine: written ? 'written' : 'none',
          canReview: !written && deadline !== null && now.getTime() <= deadline.getTime(),
          reviewDeadline: deadline?.toISOString() ?? null,
          aboutMe: row.aboutMe ? { rating: row.aboutMe.rating, comment: row.aboutMe.comment || null } : null,
        };
      });
    },

    /**
     * A participant of a completed reservation reviews the other one, once per reservation and
     * direction. A student's review updates the teacher's rating in the same transaction.
     */
    async create(userId: number, body: z.output<typeof createReviewBodySchema>, language: Language): Promise<Review> {
      const reservation = await findReservationParties(db, body.reservationId);
      if (!reservation) throw new FieldValidationError({ reservationId: 'notFound' });
      const reviewer = body.type === 'student_to_teacher' ? reservation.studentId : reservation.teacherUserId;
      if (reviewer !== userId)
        throw new HttpError(403, 'forbidden', 'Only a participant of the reservation may review it');
      if (reservation.status !== 'completed')
        throw new HttpError(409, 'lessonNotCompleted', 'Only a completed lesson can be reviewed');
      const now = clock();
      const ended = reservation.endTime ?? reservation.completedAt;
      if (ended && now.getTime() > ended.getTime() + REVIEW_WINDOW_MS)
        throw new HttpError(409, 'reviewWindowClosed', 'Reviews are taken within 14 days of the lesson');

      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const rated = body.type === 'student_to_teacher';
          // Either side's review can publish the student's one (double-blind): the rating is refreshed both ways.
          await teachers.lockAggregates(tx, reservation.teacherId);
          const review = await insertReview(tx, {
            reservationId: reservation.id,
            type: body.type,
            rating: body.rating,
            comment: storableText(body.comment),
            teacherId: reservation.teacherId,
            studentId: reservation.studentId,
            // Written now by the server's clock: the 7-day publication compares against that clock.
            createdAt: now,
          });
          await teachers.refreshRating(tx, reservation.teacherId, now);
          await insertNotifications(tx, [
            {
              userId: rated ? reservation.teacherUserId : reservation.studentId,
              type: 'review.new',
              // No rating: the review is blind until published (ADR 015).
              data: { reviewId: review.id, reservationId: reservation.id },
            },
          ]);
          return review.id;
        });
        // The rating filters count differently now.
        teachers.forgetCounts();
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, 'reviewAlreadyExists', 'This reservation is already reviewed');
        throw error;
      }
      const created = await findReview(db, id, { userId, now });
      if (!created) throw new HttpError(404, 'notFound', 'Review not found');
      return toReview(created, language);
    },

    /** The reviewed teacher's one reply to a published review of them (404 while unpublished). */
    async reply(userId: number, reviewId: number, text: string, language: Language): Promise<Review> {
      const now = clock();
      const review = await findReview(db, reviewId, { userId, now });
      if (!review?.published) throw new HttpError(404, 'notFound', 'Review not found');
      if (review.type !== 'student_to_teacher' || review.teacherUserId !== userId)
        throw new HttpError(403, 'forbidden', 'Only the reviewed teacher may reply');
      if (!(await setReply(db, reviewId, storableText(text), now)))
        throw new HttpError(409, 'replyAlreadyExists', 'This review already has a reply');
      const replied = await findReview(db, reviewId, { userId, now });
      if (!replied) throw new HttpError(404, 'notFound', 'Review not found');
      return toReview(replied, language);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
