import type { AdminReservation, AdminReview, NotFoundTerm } from '@ustaz/contract';
import { filsToKwd } from '@ustaz/contract';
import type { AdminReservationRow, AdminReviewRow, notFoundTerms } from './admin-moderation.repo.ts';
import { fullName } from './admin-money.presenter.ts';

type NotFoundRow = Awaited<ReturnType<typeof notFoundTerms>>['rows'][number];

export function toAdminReservation(row: AdminReservationRow): AdminReservation {
  const r = row.reservation;
  return {
    id: r.id,
    status: r.status,
    startTime: (r.startTime ?? r.createdAt).toISOString(),
    endTime: (r.endTime ?? r.createdAt).toISOString(),
    price: filsToKwd(r.priceFils),
    paidWith: r.paidWith,
    student: { id: r.studentId, name: fullName(row.studentFirstName, row.studentLastName), email: row.studentEmail },
    teacher: {
      id: row.teacherUserId,
      profileId: r.teacherId,
      name: fullName(row.teacherFirstName, row.teacherLastName),
    },
    paymentId: r.paymentId,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    cancelledBy: r.cancelledBy ?? null,
    cancelReason: r.cancelReason,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toAdminReview(row: AdminReviewRow): AdminReview {
  const r = row.review;
  return {
    id: r.id,
    type: r.type,
    rating: r.rating,
    comment: r.comment,
    reservationId: r.reservationId,
    teacher: {
      profileId: r.teacherId,
      userId: row.teacherUserId,
      name: fullName(row.teacherFirstName, row.teacherLastName),
    },
    student: { id: r.studentId, name: fullName(row.studentFirstName, row.studentLastName) },
    hidden: r.hiddenAt !== null,
    hiddenAt: r.hiddenAt?.toISOString() ?? null,
    hiddenReason: r.hiddenReason,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toNotFoundTerm(row: NotFoundRow): NotFoundTerm {
  return {
    keywords: row.keywords,
    normalized: row.normalized,
    searchType: row.searchType,
    count: row.count,
    users: row.users,
    lastSearchedAt: new Date(row.lastSearchedAt).toISOString(),
  };
}
