import { ERROR_TOAST_MAX_LENGTH } from '@ustaz/contract/constants';
import { ApiRequestError } from '../http/client.ts';

/**
 * Spec 8's message of a failed call and the toast's length cap: the two readers the app shell's
 * first bundle needs. Part of the one error translator (`error-text.ts` re-exports them and holds
 * the rest); a file of its own so that the first bundle does not take the translator's tables.
 */

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
