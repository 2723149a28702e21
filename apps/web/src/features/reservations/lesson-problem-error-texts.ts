import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** Reporting a problem with a lesson: its refusals and the details' field codes, else the common texts. */
const lessonProblem = {
  ns: 'reservations',
  fields: { prefix: 'problem.fieldErrors.', known: ['required', 'tooLong'] },
  codes: {
    prefix: 'problem.errors.',
    known: ['problemWindowClosed', 'problemAlreadyReported', 'lessonNotReportable', 'notFound'],
  },
  network: 'common:errors.network',
  fallback: 'problem.errors.generic',
} as const satisfies ErrorTexts;

/** The report dialog's texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { lessonProblem } as const satisfies Record<string, ErrorTexts>;
