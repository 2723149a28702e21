import type {
  AdminCancelReservationResponse,
  AdminReservationsResponse,
  AdminReviewResponse,
  AdminReviewsResponse,
  adminReservationsQuerySchema,
  adminReviewsQuerySchema,
  NotFoundTermsResponse,
  notFoundTermsQuerySchema,
} from '@ustaz/contract';
import { toPage } from '@ustaz/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { BookingService } from '../booking/booking.service.ts';
import type { TeachersService } from '../teachers/teachers.service.ts';
import { dateBounds } from './admin-date-range.ts';
import { toAdminReservation, toAdminReview, toNotFoundTerm } from './admin-moderation.presenter.ts';
import {
  findAdminReservation,
  findAdminReview,
  listAdminReservations,
  listAdminReviews,
  lockReview,
  notFoundTerms,
  reviewTarget,
  setReviewHidden,
  teacherRating,
} from './admin-moderation.repo.ts';
import { insertAudit } from './audit.repo.ts';

const DAY_MS = 24 * 3600_000;

type Deps = { db: Db; booking: BookingService; teachers: TeachersService };
type ReservationsQuery = z.output<typeof adminReservationsQuerySchema>;
type ReviewsQuery = z.output<typeof adminReviewsQuerySchema>;
type NotFoundQuery = z.output<typeof notFoundTermsQuerySchema>;

/**
 * The admin's moderation pages: reservations (and cancelling one), reviews (hiding an abusive one
 * and bringing it back) and what people searched for without finding it. Every write commits
 * with its audit row.
 */
export function createAdminModerationService({ db, booking, teachers }: Deps) {
  return {
    async reservations(query: ReservationsQuery): Promise<AdminReservationsResponse> {
      const { rows, total } = await listAdminReservations(
        db,
        { ...dateBounds(query), status: query.status, userId: query.userId },
        query,
      );
      return toPage(rows.map(toAdminReservation), total, query);
    },

    /** Cancels a live reservation that has not ended, refunds it in full and tells both people. */
    async cancelReservation(
      adminId: number,
      reservationId: number,
      reason: string,
      now = new Date(),
    ): Promise<AdminCancelReservationResponse> {
      const refund = await db.transaction(async (tx) => {
        const cancelled = await booking.cancelAsAdmin(tx, adminId, reservationId, reason, now);
        await insertAudit(tx, {
          actorUserId: adminId,
          action: 'reservation.cancel',
          entityType: 'reservation',
          entityId: reservationId,
          reason,
          before: {
            status: cancelled.before.status,
            paidWith: cancelled.before.paidWith,
            studentId: cancelled.before.studentId,
            teacherProfileId: cancelled.before.teacherId,
          },
          after: { status: 'cancelled', cancelledBy: 'admin', refund: cancelled.refund },
        });
        return cancelled.refund;
      });
      const row = await findAdminReservation(db, reservationId);
      if (!row) throw new HttpError(404, 'notFound', 'Reservation not found');
      return { reservation: toAdminReservation(row), refund };
    },

    async reviews(query: ReviewsQuery): Promise<AdminReviewsResponse> {
      const { rows, total } = await listAdminReviews(
        db,
        {
          hidden: query.hidden === undefined ? undefined : query.hidden === 'true',
          teacherId: query.teacherId,
          maxRating: query.maxRating,
          search: query.search,
        },
        query,
      );
      return toPage(rows.map(toAdminReview), total, query);
    },

    /**
     * Hides a review from every public list and from the teacher's rating, or brings it back. The
     * rating is recomputed in the same transaction, under the teacher profile's aggregate lock
     * (taken before the review's, the order a new review takes them in).
     */
    async setHidden(
      adminId: number,
      reviewId: number,
      change: { hide: true; reason: string } | { hide: false; reason?: string | undefined },
      now = new Date(),
    ): Promise<AdminReviewResponse> {
      const target = await reviewTarget(db, reviewId);
      if (!target) throw new HttpError(404, 'notFound', 'Review not found');
      const rated = target.type === 'student_to_teacher';
      const figures = await db.transaction(async (tx) => {
        await teachers.lockAggregates(tx, target.teacherId);
        const review = await lockReview(tx, reviewId);
        if (!review) throw new HttpError(404, 'notFound', 'Review not found');
        if (change.hide === (review.hiddenAt !== null)) {
          throw new HttpError(
            409,
            'conflict',
            change.hide ? 'This review is already hidden' : 'This review is not hidden',
          );
        }
        const before = await teacherRating(tx, target.teacherId);
        await setReviewHidden(tx, reviewId, change.hide ? { at: now, reason: change.reason } : null);
        if (rated) await teachers.refreshRating(tx, target.teacherId);
        const after = await teacherRating(tx, target.teacherId);
        await insertAudit(tx, {
          actorUserId: adminId,
          action: change.hide ? 'review.hide' : 'review.unhide',
          entityType: 'review',
          entityId: reviewId,
          reason: change.reason ?? null,
          before: { hidden: !change.hide, hiddenReason: review.hiddenReason, teacherRating: before },
          after: { hidden: change.hide, hiddenReason: change.hide ? change.reason : null, teacherRating: after },
        });
        return after;
      });
      // The rating filters of the teacher search count differently now.
      if (rated) teachers.forgetCounts();
      const row = await findAdminReview(db, reviewId);
      if (!row) throw new HttpError(404, 'notFound', 'Review not found');
      return { review: toAdminReview(row), teacher: figures };
    },

    async notFoundTerms(query: NotFoundQuery, now = new Date()): Promise<NotFoundTermsResponse> {
      const { rows, total } = await notFoundTerms(
        db,
        { since: new Date(now.getTime() - query.days * DAY_MS), searchType: query.searchType },
        query,
      );
      return toPage(rows.map(toNotFoundTerm), total, query);
    },
  };
}

export type AdminModerationService = ReturnType<typeof createAdminModerationService>;
