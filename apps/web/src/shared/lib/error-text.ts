import type { ErrorCode, ValidationCode } from '@ustaz/contract';
import { ApiRequestError } from '../http/client.ts';
import type { Translate } from '../i18n/translate.ts';

/**
 * The one way a failed call becomes words (STYLE habit 5: errors are codes). The server answers
 * with a code from the contract's closed sets (`ERROR_CODES` for a whole answer, `VALIDATION_CODES`
 * per field of a 422); each namespace keeps its texts under a prefix, and a table (`ErrorTexts`) says
 * which codes it has a text for. Each feature holds its own tables in `<name>-error-texts.ts` beside
 * the code that shows them (`features/auth/auth-error-texts.ts`), so a route's chunk carries only
 * its tables; `error-text.test.ts` finds every such file and holds its lists to the locale files.
 * `errorText` walks one order: a wait (429), the network, a field's code, the answer's code, the
 * server's own message, a thrown error's own message, the screen's fallback.
 */

// Reading a failed call ---------------------------------------------------------------------------

export { errorMessage, truncate } from './error-readers.ts';

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

// Translating -------------------------------------------------------------------------------------

/** i18next's `t` of the namespace the texts live in (any namespace: the keys come from data). */
export type { Translate };

/** Codes that have a text at `${prefix}${code}`. */
export type CodeTexts<Code extends string> = { prefix: string; known: readonly Code[] };

/** Where one namespace keeps the texts of failed calls. Every key is of that namespace. */
export type ErrorTexts = {
  /** The namespace, for the test that holds `known` to the locale files. */
  ns: string;
  /** Answer codes (`slotUnavailable`). */
  codes?: CodeTexts<ErrorCode>;
  /** Field codes of a 422 (`insufficientBalance`); without it a 422's fields are not read. */
  fields?: CodeTexts<ValidationCode>;
  /** A 422 whose field codes have no text: this key, given the first field's name as `field`. */
  invalidField?: string;
  /** Any 429 reads as `text`, or `wait` (given `seconds`) when the server said how long to wait. */
  tooManyRequests?: { text: string; wait: string };
  /** The server was not reached. */
  network?: string;
  /** The server's own message before the fallback: on any answer, or on refusals (under 500) only. */
  serverMessage?: 'any' | 'refusals';
  /** The own message of a thrown error that is not an answer (or a thrown string). */
  ownMessage?: boolean;
  /** Everything else (a screen may pass its own); `common:errors.generic` when neither says. */
  fallback?: string;
};

function known<Code extends string>(texts: CodeTexts<Code> | undefined, code: string | null | undefined) {
  return code && texts && (texts.known as readonly string[]).includes(code) ? (code as Code) : null;
}

function knownFieldCode(error: unknown, texts: ErrorTexts): ValidationCode | null {
  if (!texts.fields) return null;
  for (const code of Object.values(fieldErrorCodes(error))) {
    const found = known(texts.fields, code);
    if (found) return found;
  }
  return null;
}

/** The first field code of a 422 that `texts` translates, else the answer's code if it does. */
export function translatedCode(error: unknown, texts: ErrorTexts): ErrorCode | ValidationCode | null {
  return knownFieldCode(error, texts) ?? known(texts.codes, errorCode(error));
}

/**
 * The text of a failed call in `t`'s language, in the order above. `fallback` (a key, or the text
 * another namespace gives) replaces the namespace's own.
 */
export function errorText(
  error: unknown,
  t: Translate,
  texts: ErrorTexts,
  fallback: string | (() => string) = texts.fallback ?? 'common:errors.generic',
): string {
  if (texts.tooManyRequests && error instanceof ApiRequestError && error.status === 429) {
    return error.retryAfterSeconds
      ? t(texts.tooManyRequests.wait, { seconds: error.retryAfterSeconds })
      : t(texts.tooManyRequests.text);
  }
  if (texts.network && isNetworkError(error)) return t(texts.network);
  const fieldCode = knownFieldCode(error, texts);
  if (fieldCode && texts.fields) return t(`${texts.fields.prefix}${fieldCode}`);
  const firstField = Object.keys(fieldErrorCodes(error))[0];
  if (firstField !== undefined && texts.invalidField) return t(texts.invalidField, { field: firstField });
  const code = known(texts.codes, errorCode(error));
  if (code && texts.codes) return t(`${texts.codes.prefix}${code}`);
  const message = serverMessage(error);
  if (message && texts.serverMessage === 'any') return message;
  if (message && texts.serverMessage === 'refusals' && error instanceof ApiRequestError && error.status < 500) {
    return message;
  }
  if (texts.ownMessage && !(error instanceof ApiRequestError)) {
    if (error instanceof Error && error.message) return error.message;
    if (typeof error === 'string' && error.trim()) return error;
  }
  return typeof fallback === 'function' ? fallback() : t(fallback);
}

/** The key of a field code in `texts`: `${prefix}${code}` when translated, else `${prefix}invalid`. */
export function fieldErrorKey(texts: ErrorTexts & { fields: CodeTexts<ValidationCode> }): (code: string) => string {
  return (code) => `${texts.fields.prefix}${known(texts.fields, code) ?? 'invalid'}`;
}

/**
 * The text of a form field's code, from the form's own schema or from the server (`errors.<code>`
 * of the admin namespace), else `errors.invalid`.
 */
export function fieldErrorText(code: string | undefined, t: Translate): string | undefined {
  if (!code) return undefined;
  return t(`errors.${code}`, { defaultValue: t('errors.invalid') });
}
