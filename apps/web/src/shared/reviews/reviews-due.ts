import { useQuery } from '@tanstack/react-query';
import type { Reservation, ReservationsResponse, ReviewState } from '@ustaz/contract';
import { apiRequest } from '../http/client.ts';

/** How many of the newest past lessons the review prompts look at (a review is due within 14 days). */
export const REVIEW_PROMPTS_LIMIT = 20;

/**
 * Below the reservations lists' key (`['reservations']`, features/reservations/api): a cancellation
 * or a completed lesson that refreshes the lists refreshes this too.
 */
const RECENT_PAST_KEY = ['reservations', 'to-review'] as const;

/** The review states below this key; a sent review may refresh them. */
export const REVIEW_STATES_QUERY_KEY = ['reviews', 'mine'] as const;

/** GET /api/v1/reservations?scope=past: the newest past lessons, for the review prompts. */
function getRecentPast(signal?: AbortSignal): Promise<ReservationsResponse> {
  return apiRequest('/api/v1/reservations', (contract) => contract.reservationsResponseSchema, {
    query: { scope: 'past', page: 1, limit: REVIEW_PROMPTS_LIMIT },
    signal,
  });
}

/** GET /api/reviews/mine?reservationIds=: the caller's review state for each of their reservations listed. */
export function getReviewStates(reservationIds: number[], signal?: AbortSignal): Promise<ReviewState[]> {
  return apiRequest('/api/reviews/mine', (contract) => contract.reviewStatesResponseSchema, {
    query: { reservationIds: reservationIds.join(',') },
    signal,
  });
}

export type ReviewDue = { reservation: Reservation; deadline: string | null };

/**
 * The completed lessons (of the newest past ones) the signed-in user has not reviewed and still
 * may, newest first: what the review prompts ask about (issue 16).
 */
export function useReviewsDue(): { due: ReviewDue[]; isPending: boolean } {
  const past = useQuery({ queryKey: RECENT_PAST_KEY, queryFn: ({ signal }) => getRecentPast(signal) });
  const completed = (past.data?.data ?? []).filter((reservation) => reservation.status === 'completed');
  const ids = completed.map((reservation) => reservation.id);
  const states = useQuery({
    queryKey: [...REVIEW_STATES_QUERY_KEY, ids.join(',')],
    queryFn: ({ signal }) => getReviewStates(ids, signal),
    enabled: ids.length > 0,
  });
  const due = completed.flatMap((reservation) => {
    const state = states.data?.find((item) => item.reservationId === reservation.id);
    return state?.canReview ? [{ reservation, deadline: state.reviewDeadline }] : [];
  });
  return { due, isPending: past.isPending || (ids.length > 0 && states.isPending) };
}
