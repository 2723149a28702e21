import { cancellationTerms, filsToKwd, type Language, type Reservation, rescheduleTerms } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import { nameIn } from '../../http/language.ts';
import { filePath } from '../auth/user.presenter.ts';
import { type ReservationView, reservationViews } from './reservations.repo.ts';

export const minutesOf = (slot: { startTime: Date; endTime: Date }) =>
  Math.round((slot.endTime.getTime() - slot.startTime.getTime()) / 60_000);
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** How a balance booking was paid: hours (and their value) first, the rest from the wallet. */
export const breakdownOf = (split: { minutes: number; hoursValueFils: number; cashFils: number }) => ({
  subscriptionHours: hoursOf(split.minutes),
  subscriptionValue: filsToKwd(split.hoursValueFils),
  wallet: filsToKwd(split.cashFils),
});

/** The gateways a reservation can be paid with (`paid_with`). */
export const GATEWAYS: readonly string[] = ['payzah', 'deema'];

/**
 * What was paid for a reservation, by source (issue 30), or null when nothing was: a gateway
 * payment still awaited, or one that never paid for it (failed, expired, credited to the wallet).
 */
function paidByOf(view: ReservationView): Reservation['paidBy'] {
  const r = view.reservation;
  const gateway = GATEWAYS.includes(r.paidWith);
  // Confirmed or completed: it was paid. Cancelled: a gateway lesson only if its payment paid for it.
  if (r.status === 'pending' || (r.status === 'cancelled' && gateway && view.gatewayPaid !== true)) return null;
  return {
    subscriptionHours: hoursOf(r.subscriptionMinutes),
    subscriptionValue: filsToKwd(r.hoursValueFils),
    // A gateway lesson moved to a dearer slot paid the difference from the wallet (`wallet_fils`).
    wallet: filsToKwd(gateway ? r.walletFils : r.cashFils),
    gateway: filsToKwd(gateway ? r.cashFils - r.walletFils : 0),
  };
}

/**
 * A reservation as `viewerId` sees it; the people's names in `language` where they have a spelling
 * for it (ADR 020), as written when no language is given.
 */
export function toReservation(view: ReservationView, viewerId: number, now: Date, language?: Language): Reservation {
  const r = view.reservation;
  const start = r.startTime ?? now;
  const end = r.endTime ?? now;
  // The one cancellation rule (contract `cancellationTerms`): a student's window closes 24 h before.
  const terms = cancellationTerms(start, now);
  const isTeacher = view.teacherUser.id === viewerId;
  const live = r.status === 'pending' || r.status === 'confirmed';
  const canCancel =
    live && end > now && (isTeacher || r.status === 'pending' || terms.cancellable || (r.freeCancel && start > now));
  // The one reschedule rule (contract `rescheduleTerms`): a student moves a confirmed lesson until 12 h before.
  const move = rescheduleTerms(start, now);
  const isStudent = view.student.id === viewerId;
  const person = (p: ReservationView['teacherUser']) => ({
    id: p.id,
    ...(language ? nameIn(language, p) : { firstName: p.firstName, lastName: p.lastName }),
    photoUrl: p.photoFileId ? filePath(p.photoFileId) : null,
  });
  return {
    id: r.id,
    status: r.status,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    price: filsToKwd(r.priceFils),
    hours: hoursOf(minutesOf({ startTime: start, endTime: end })),
    note: r.note,
    paidWith: r.paidWith,
    paidBy: paidByOf(view),
    teacher: { ...person(view.teacherUser), teacherProfileId: r.teacherId, timeZone: view.teacherTimeZone },
    student: { ...person(view.student), timeZone: view.student.timeZone },
    canCancel,
    cancelDeadline: terms.deadline,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    cancelledBy: r.cancelledBy ?? null,
    cancelReason: r.cancelReason ?? null,
    paymentId: r.paymentId,
    // Only the student who pays sees when the held slots are released and the gateway page to
    // continue on; nobody once the payment is settled (the repo keeps only pending ones) or lapsed.
    payment:
      view.pendingPayment && view.pendingPayment.userId === viewerId && view.pendingPayment.expiresAt > now
        ? { url: view.pendingPayment.redirectUrl, expiresAt: view.pendingPayment.expiresAt.toISOString() }
        : null,
    dispute: view.dispute,
    kind: r.kind,
    revision: r.revision,
    rescheduledAt: r.rescheduledAt?.toISOString() ?? null,
    canReschedule: isStudent && r.status === 'confirmed' && move.movable,
    rescheduleDeadline: move.deadline,
    proposal: view.proposal ?? null,
    freeCancel: r.freeCancel,
    standingBookingId: r.standingBookingId,
    chargeAt: r.chargeAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The reservations with these ids as `viewerId` sees them (read with `executor`, after commit), names in `language`. */
export async function reservationsAsSeenBy(
  executor: Executor,
  ids: number[],
  viewerId: number,
  now: Date,
  language?: Language,
) {
  return (await reservationViews(executor, ids)).map((view) => toReservation(view, viewerId, now, language));
}
