import { ApiRequestError } from '../http/client.ts';

function bodyOf(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiRequestError)) return null;
  return error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : null;
}

/**
 * The field codes of a 422 answer (`{ errors: { email: 'notFound' } }`), each the first item
 * when the server sends a list. Empty for any other error.
 */
export function fieldErrorCodes(error: unknown): Record<string, string> {
  const errors = bodyOf(error)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const codes: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    const code = Array.isArray(value) ? value[0] : value;
    if (typeof code === 'string' && code) codes[field] = code;
  }
  return codes;
}

/** The `code` of an error answer (`tooManyRequests`, `registrationDisabled`), if any. */
export function errorCode(error: unknown): string | null {
  const code = bodyOf(error)?.code;
  return typeof code === 'string' && code ? code : null;
}

/** The `message` the server wrote in its answer, if any. */
export function serverMessage(error: unknown): string | null {
  const message = bodyOf(error)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The server could not be reached (fetch rejects with a TypeError). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
