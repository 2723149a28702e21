import type { BookingMultipleBody, BookingResponse, BookingSingleBody, GatewayProvider } from '@ustaz/contract';
import type { Language, PaymentMethod } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';

export type BookingRequestBody = {
  slotIds: number[];
  paymentMethod: PaymentMethod;
  note: string;
  language: Language;
  /** The total the student saw (KWD). */
  expectedTotal: string;
  /** With `balance`: top up the wallet's shortfall through this gateway, then book (ADR 026). */
  topUpWith?: GatewayProvider;
};

/** The call for the chosen slots: one slot books with /single, several with /multiple (spec 7). */
export function bookingCall(request: BookingRequestBody): {
  path: string;
  body: BookingSingleBody | BookingMultipleBody;
} {
  const [only] = request.slotIds;
  const terms = {
    paymentMethod: request.paymentMethod,
    note: request.note,
    language: request.language,
    expectedTotal: request.expectedTotal,
    ...(request.topUpWith ? { topUpWith: request.topUpWith } : {}),
  };
  if (request.slotIds.length === 1 && only !== undefined) {
    return { path: '/api/v1/booking/single', body: { timeSlotId: only, ...terms } };
  }
  return { path: '/api/v1/booking/multiple', body: { timeSlotIds: request.slotIds, ...terms } };
}

/**
 * POST /api/v1/booking/single or /multiple with an Idempotency-Key (the same key for a retry of the
 * same attempt). 422 `errors.balance` insufficientBalance, `errors.paymentMethod` belowMinimum;
 * 409 slotUnavailable, priceChanged (the slots no longer cost `expectedTotal`: nothing held or charged),
 * teacherUnavailable, teacherSlotsHeld; 429 tooManyPendingPayments, tooManyRequests; 502 gatewayError.
 */
export function createBooking(request: BookingRequestBody, idempotencyKey: string): Promise<BookingResponse> {
  const { path, body } = bookingCall(request);
  return apiRequest(path, (contract) => contract.bookingResponseSchema, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
