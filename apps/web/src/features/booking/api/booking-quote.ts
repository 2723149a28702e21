import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingQuoteResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** Below the balance key: whatever moves money (invalidating ['balance']) asks for a new quote too. */
export function bookingQuoteKey(slotIds: readonly number[]) {
  return ['balance', 'booking-quote', [...slotIds]] as const;
}

/**
 * POST /api/v1/booking/quote: what booking these slots with the balance costs now, split into
 * subscription hours (at their package's price) and wallet, with each slot's cancellation deadline.
 * 409 slotUnavailable / teacherUnavailable, 422 ownSlot, as booking answers. Nothing is held.
 */
export function getBookingQuote(slotIds: readonly number[], signal?: AbortSignal): Promise<BookingQuoteResponse> {
  return apiRequest('/api/v1/booking/quote', (contract) => contract.bookingQuoteResponseSchema, {
    method: 'POST',
    body: { timeSlotIds: [...slotIds] },
    signal,
  });
}

/** The quote of the chosen slots; a refusal (taken slot, unlisted teacher) is not retried. */
export function useBookingQuote(slotIds: readonly number[]) {
  return useQuery({
    queryKey: bookingQuoteKey(slotIds),
    queryFn: ({ signal }) => getBookingQuote(slotIds, signal),
    enabled: slotIds.length > 0,
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
