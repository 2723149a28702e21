import { useQuery } from '@tanstack/react-query';
import type { Reservation, ReviewState } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { getReviewStates, REVIEW_STATES_QUERY_KEY } from '../../shared/reviews/reviews-due.ts';
import { RatingStars } from '../../shared/teachers/rating-stars.tsx';

export type ReviewAboutMe = NonNullable<ReviewState['aboutMe']>;

/**
 * What the other side wrote about the viewer on each completed lesson listed, once published
 * (double-blind: the server answers null before): one request for the page (issue 30 item 8).
 */
export function useReviewsAboutMe(reservations: Reservation[]): Map<number, ReviewAboutMe> {
  const ids = reservations.filter((reservation) => reservation.status === 'completed').map((r) => r.id);
  const states = useQuery({
    queryKey: [...REVIEW_STATES_QUERY_KEY, ids.join(',')],
    queryFn: ({ signal }) => getReviewStates(ids, signal),
    enabled: ids.length > 0,
  });
  return new Map((states.data ?? []).flatMap((state) => (state.aboutMe ? [[state.reservationId, state.aboutMe]] : [])));
}

/** "What Sara wrote about you": their stars and comment, on the reservation card. */
export function ReviewAboutMeLine({ review, name }: { review: ReviewAboutMe; name: string }) {
  const { t } = useTranslation('reservations');
  return (
    <figure className="rounded-xl bg-slate-50 p-3 text-sm" data-testid="review-about-me">
      <figcaption className="flex flex-wrap items-center gap-2 font-semibold text-slate-700">
        {t('card.aboutMe', { name: `\u2068${name}\u2069` })}
        <RatingStars rating={review.rating} />
      </figcaption>
      {review.comment ? (
        <blockquote className="mt-1 wrap-anywhere text-slate-700" dir="auto">
          {review.comment}
        </blockquote>
      ) : null}
    </figure>
  );
}
