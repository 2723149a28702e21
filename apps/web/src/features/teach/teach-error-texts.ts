import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** Applying to teach: the form's field codes and the answer's refusals, both under `errors.`. */
const teach = {
  ns: 'teach',
  fields: {
    prefix: 'errors.',
    known: [
      'required',
      'invalid',
      'invalidType',
      'tooShort',
      'tooLong',
      'tooSmall',
      'tooBig',
      'notFound',
      'emailNotConfirmed',
      'invalidCharacters',
    ],
  },
  codes: {
    prefix: 'errors.',
    known: ['notFound', 'emailNotConfirmed', 'applicationPending', 'forbidden', 'tooManyRequests'],
  },
  network: 'errors.network',
  fallback: 'errors.generic',
} as const satisfies ErrorTexts;

/** The /teach page's texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { teach } as const satisfies Record<string, ErrorTexts>;
