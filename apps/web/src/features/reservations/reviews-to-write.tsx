import type { Reservation } from '@ustaz/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecentPastReservations } from './api/reservations.ts';
import { useReviewStates } from './api/reviews.ts';
import type { ReservationViewer } from './reservation-card.tsx';
import { ReviewPrompt } from './review-prompt.tsx';

/**
 * Above the tabs: a review prompt for each completed lesson (of the newest past ones) the
 * viewer has not reviewed and still may (issue 16). Nothing when there is none.
 */
export function ReviewsToWrite({ viewerUserId, timeZone }: { viewerUserId: number | null; timeZone: string }) {
  const { t } = useTranslation('reservations');
  const past = useRecentPastReservations();
  const completed = useMemo(
    () => (past.data?.data ?? []).filter((reservation) => reservation.status === 'completed'),
    [past.data],
  );
  const states = useReviewStates(completed.map((reservation) => reservation.id));
  const due = completed.flatMap((reservation) => {
    const state = states.data?.find((item) => item.reservationId === reservation.id);
    return state?.canReview ? [{ reservation, deadline: state.reviewDeadline }] : [];
  });
  if (due.length === 0) return null;
  const viewerOf = (reservation: Reservation): ReservationViewer =>
    reservation.teacher.id === viewerUserId ? 'teacher' : 'student';
  return (
    <section aria-labelledby="reviews-to-write-title" className="flex flex-col gap-3" data-testid="reviews-to-write">
      <h2 id="reviews-to-write-title" className="text-lg font-bold text-slate-900">
        {t('review.sectionTitle')}
      </h2>
      <ul className="flex flex-col gap-4">
        {due.map(({ reservation, deadline }) => (
          <li key={reservation.id}>
            <ReviewPrompt
              reservation={reservation}
              viewer={viewerOf(reservation)}
              deadline={deadline}
              timeZone={timeZone}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
