import { PROBLEM_WINDOW_AFTER_END_MS, type Reservation, TEACHER_NO_SHOW_REASON } from '@ustaz/contract';

/**
 * What a lesson's card says about a problem with it (issue 16):
 * - `noShow`: the system cancelled it because the teacher did not come (refunded in full);
 * - `canReport`: a party may report one, from the start until 24 h after the end;
 * - `open` / `refunded` / `released`: the reported problem, under review or decided;
 * - null: nothing to say.
 */
export type LessonProblemState = 'noShow' | 'canReport' | 'open' | 'refunded' | 'released' | null;

export function lessonProblemState(reservation: Reservation, now: Date): LessonProblemState {
  if (reservation.status === 'cancelled') {
    return reservation.cancelReason === TEACHER_NO_SHOW_REASON ? 'noShow' : null;
  }
  if (reservation.dispute) return reservation.dispute.status;
  if (reservation.status === 'pending') return null;
  const at = now.getTime();
  const start = Date.parse(reservation.startTime);
  const closes = Date.parse(reservation.endTime) + PROBLEM_WINDOW_AFTER_END_MS;
  return at >= start && at <= closes ? 'canReport' : null;
}
