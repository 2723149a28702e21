import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** A teacher's availability: the slot form's field codes (`fieldErrors.<code>`). */
const availability = {
  ns: 'availability',
  fields: {
    prefix: 'fieldErrors.',
    known: [
      'inPast',
      'required',
      'invalid',
      'invalidType',
      'tooSmall',
      'tooBig',
      'tooShort',
      'tooLong',
      'rangeTooLong',
      'endBeforeStart',
      'invalidTimeZone',
    ],
  },
} as const satisfies ErrorTexts;

/** The availability screens' texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { availability } as const satisfies Record<string, ErrorTexts>;
