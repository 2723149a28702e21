import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/**
 * Payment: the money calls (booking, top-up, purchase, payment look-up); spec 8's order ends with
 * the server's message, the error's own, then the generic text.
 */
const payment = {
  ns: 'payment',
  fields: {
    prefix: 'errors.',
    known: [
      'insufficientBalance',
      'belowMinimum',
      'idempotencyKeyReused',
      'ownSlot',
      'inPast',
      'packageUnavailable',
      'tooSmall',
      'tooBig',
      'notFound',
    ],
  },
  codes: {
    prefix: 'errors.',
    known: [
      'slotUnavailable',
      'gatewayError',
      'idempotencyKeyInUse',
      'paymentMismatch',
      'priceChanged',
      'teacherUnavailable',
      'trialAlreadyTaken',
      'trialNotOffered',
      'tooManyPendingPayments',
      'teacherSlotsHeld',
      'tooManyRequests',
      'unauthorized',
      'forbidden',
      'notFound',
      'serviceUnavailable',
    ],
  },
  network: 'errors.network',
  serverMessage: 'any',
  ownMessage: true,
  fallback: 'errors.generic',
} as const satisfies ErrorTexts;

/** The booking feature's texts of failed money calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { payment } as const satisfies Record<string, ErrorTexts>;
