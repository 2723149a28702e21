import type { Reservation } from '@ustaz/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReviewDue, useReviewsDue } from '../../shared/reviews/reviews-due.ts';
import type { ReservationViewer } from './reservation-card.tsx';
import { ReviewPrompt } from './review-prompt.tsx';

/**
 * Above the tabs: a review prompt for each completed lesson (of the newest past ones) the
 * viewer has not reviewed and still may (issue 16). Nothing when there is none.
 */
export function ReviewsToWrite({ viewerUserId, timeZone }: { viewerUserId: number | null; timeZone: string }) {
  const { t } = useTranslation('reservations');
  const { due: dueNow } = useReviewsDue();
  // A prompt once shown stays for this visit, so its "thanks" outlives the refreshed states.
  const shown = useRef(new Map<number, ReviewDue>());
  for (const item of dueNow) shown.current.set(item.reservation.id, item);
  const due = [...shown.current.values()];
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
