import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../shared/http/client.ts';
import { errorCode, isNetworkError, serverMessage } from '../../shared/lib/api-errors.ts';

/** Error codes of whole answers (not of one field) that the `auth` namespace translates. */
const TRANSLATED_CODES = new Set(['tooManyRequests', 'registrationDisabled', 'accountSuspended', 'emailNotConfirmed']);

/** Field codes of 422 answers that the `auth` namespace translates (`fieldErrors.<code>`). */
const TRANSLATED_FIELD_CODES = new Set([
  'notFound',
  'incorrectPassword',
  'emailNotConfirmed',
  'accountSuspended',
  'emailAlreadyExists',
  'invalidHash',
  'hashExpired',
  'readOnly',
  'required',
  'invalid',
  'tooShort',
  'tooLong',
]);

/** The key of a field code from the server: its own message when there is one, else "not valid". */
export function fieldErrorKey(code: string): string {
  return TRANSLATED_FIELD_CODES.has(code) ? `fieldErrors.${code}` : 'fieldErrors.invalid';
}

/**
 * The text of a failed call (spec 8): a translated code when the server sent a known one, the
 * server's own message for other refusals, a network note when the server was not reached, and
 * otherwise the screen's fallback ("Login failed", "Registration failed"...).
 */
export function authErrorText(error: unknown, t: TFunction, fallbackKey: string): string {
  if (error instanceof ApiRequestError && error.status === 429) {
    return error.retryAfterSeconds
      ? t('errors.tooManyRequestsWait', { seconds: error.retryAfterSeconds })
      : t('errors.tooManyRequests');
  }
  if (isNetworkError(error)) return t('errors.network');
  const code = errorCode(error);
  if (code && TRANSLATED_CODES.has(code)) return t(`errors.${code}`);
  const message = serverMessage(error);
  if (message && error instanceof ApiRequestError && error.status < 500) return message;
  return t(fallbackKey);
}
