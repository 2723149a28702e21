import { ApiRequestError } from '../http/client.ts';
import { errorCode, fieldErrorCodes, isNetworkError, serverMessage } from '../lib/api-errors.ts';

/**
 * The codes of the money calls (booking, top-up, purchase, payment look-up) that have their own
 * text under `errors.*` of the payment namespace (STYLE habit 5: errors are codes).
 */
const KNOWN_CODES = new Set([
  // 422 field codes
  'insufficientBalance',
  'belowMinimum',
  'idempotencyKeyReused',
  'ownSlot',
  'inPast',
  'packageUnavailable',
  'tooSmall',
  'tooBig',
  // `code` of other answers
  'slotUnavailable',
  'gatewayError',
  'idempotencyKeyInUse',
  'paymentMismatch',
  'priceChanged',
  'teacherUnavailable',
  'tooManyPendingPayments',
  'tooManyRequests',
  'unauthorized',
  'forbidden',
  'notFound',
  'serviceUnavailable',
]);

/** The payment-namespace key of a money call's failure (`errors.insufficientBalance`), or null. */
export function moneyErrorKey(error: unknown): string | null {
  for (const code of Object.values(fieldErrorCodes(error))) {
    if (KNOWN_CODES.has(code)) return `errors.${code}`;
  }
  const code = errorCode(error);
  if (code && KNOWN_CODES.has(code)) return `errors.${code}`;
  if (isNetworkError(error)) return 'errors.network';
  return null;
}

/**
 * The user's text for a money call's failure: the translated code when known, else (spec 8's
 * order) the server's message, the error's own message, then the generic text. Pass `t` of the
 * payment namespace. Toasts cut it to 100 characters (notify.error).
 */
export function moneyErrorText(error: unknown, t: (key: string) => string): string {
  const key = moneyErrorKey(error);
  if (key) return t(key);
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof ApiRequestError) return t('errors.generic');
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return t('errors.generic');
}
