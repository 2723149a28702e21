import type { StandingBooking, StandingPreviewResponse } from '@ustaz/contract';
import { apiRequest } from '../http/client.ts';

export type StandingBody = { timeSlotId: number; weeks: number; paymentMethod: 'balance' };

/** POST /api/v1/standing-bookings/preview: what a weekly series from this slot would book (nothing held). */
export function previewStanding(body: StandingBody): Promise<StandingPreviewResponse> {
  return apiRequest('/api/v1/standing-bookings/preview', (contract) => contract.standingPreviewResponseSchema, {
    method: 'POST',
    body,
  });
}

/** POST /api/v1/standing-bookings: books the weekly series. */
export function createStanding(body: StandingBody): Promise<StandingBooking> {
  return apiRequest('/api/v1/standing-bookings', (contract) => contract.standingBookingSchema, {
    method: 'POST',
    body,
  });
}
