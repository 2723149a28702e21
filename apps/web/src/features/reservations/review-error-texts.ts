import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** Writing a review of a lesson: its refusals (issue 16), else the common texts. */
const reviewPrompt = {
  ns: 'reservations',
  codes: {
    prefix: 'review.errors.',
    known: ['lessonNotCompleted', 'reviewWindowClosed', 'reviewAlreadyExists', 'forbidden'],
  },
  network: 'common:errors.network',
  fallback: 'review.errors.generic',
} as const satisfies ErrorTexts;

/** The review prompt's texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { reviewPrompt } as const satisfies Record<string, ErrorTexts>;
