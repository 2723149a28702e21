import { ERROR_TOAST_MAX_LENGTH } from '@ustaz/contract/constants';
import { ApiRequestError } from '../http/client.ts';

/**
 * Reading a failed call: its field codes, code, server message, spec 8's message order. Part of
 * the one error translator (`error-text.ts`, which re-exports these); a file of its own so that
 * the app shell's first bundle takes these few lines without the translator's per-screen tables.
 */

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

function field(value: unknown, key: string): string | undefined {
  if (value && typeof value === 'object' && key in value) {
    const found = (value as Record<string, unknown>)[key];
    if (typeof found === 'string' && found.trim()) return found;
  }
  return undefined;
}

/** Spec 8, "message extraction order": response message, response error, error message, string, fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) {
    const fromBody = field(error.body, 'message') ?? field(error.body, 'error');
    if (fromBody) return fromBody;
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}

export function truncate(text: string, max = ERROR_TOAST_MAX_LENGTH): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
