import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** Admin: the first field's code (or "check the field"), else the answer's code, else generic. */
const admin = {
  ns: 'admin',
  fields: {
    prefix: 'errors.',
    known: [
      'notFound',
      'notStudent',
      'protectedUser',
      'alreadyExists',
      'required',
      'invalid',
      'tooShort',
      'tooLong',
      'tooSmall',
      'tooBig',
      'insufficientBalance',
      'invalidCharacters',
    ],
  },
  codes: {
    prefix: 'errors.',
    known: [
      'forbidden',
      'notFound',
      'conflict',
      'versionConflict',
      'cancellationClosed',
      'idempotencyKeyInUse',
      'tooManyRequests',
      'gatewayError',
      'selfRefund',
      'accountDeleted',
    ],
  },
  invalidField: 'errors.invalidField',
  network: 'errors.network',
  fallback: 'errors.generic',
} as const satisfies ErrorTexts;

/** The admin pages' texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { admin } as const satisfies Record<string, ErrorTexts>;
