import { type Language, type ReservationScope, toPage } from '@ustaz/contract';
import { findProfileIdOfUser } from '../teachers/teachers.service.ts';
import { toReservation } from './booking.presenter.ts';
import type { BookingContext } from './booking-context.ts';
import { bookedLessonsSince, listReservations } from './reservations.repo.ts';

/** One page of the user's reservations (as student and as teacher) in `scope`. */
export async function listOf(
  { db }: BookingContext,
  userId: number,
  scope: ReservationScope,
  page: number,
  limit: number,
  language: Language | undefined,
  now: Date,
) {
  const teacherProfileId = (await findProfileIdOfUser(db, userId)) ?? null;
  const { rows, total } = await listReservations(db, { userId, teacherProfileId }, scope, page, limit, now);
  return toPage(
    rows.map((view) => toReservation(view, userId, now, language)),
    total,
    { page, limit },
  );
}

/** The user's booked lessons (as student and as teacher) ending after `since`, soonest first: the calendar feed. */
export async function lessonsSince({ db }: BookingContext, userId: number, since: Date, limit: number, now: Date) {
  const teacherProfileId = (await findProfileIdOfUser(db, userId)) ?? null;
  const views = await bookedLessonsSince(db, { userId, teacherProfileId }, since, limit);
  return views.map((view) => toReservation(view, userId, now));
}
