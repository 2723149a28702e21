import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** A teacher's reply to a review of them (issue 16): its refusals, else the common texts. */
const reviewReply = {
  ns: 'profile',
  codes: { prefix: 'ownReviews.errors.', known: ['replyAlreadyExists', 'notFound', 'forbidden'] },
  network: 'common:errors.network',
  fallback: 'ownReviews.errors.generic',
} as const satisfies ErrorTexts;

/** The reply form's texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { reviewReply } as const satisfies Record<string, ErrorTexts>;
