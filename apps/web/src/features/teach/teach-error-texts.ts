import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/**
 * Applying to teach: the answer's refusals under `errors.` (the form's field codes are the teacher
 * form's, common:teacherForm.errors).
 */
const teach = {
  ns: 'teach',
  fields: { prefix: 'errors.', known: ['notFound', 'emailNotConfirmed'] },
  codes: {
    prefix: 'errors.',
    known: ['notFound', 'emailNotConfirmed', 'applicationPending', 'forbidden', 'tooManyRequests'],
  },
  network: 'errors.network',
  fallback: 'errors.generic',
} as const satisfies ErrorTexts;

/** The /teach page's texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { teach } as const satisfies Record<string, ErrorTexts>;
