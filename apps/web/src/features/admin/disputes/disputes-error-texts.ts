import type { ErrorTexts } from '../../../shared/lib/error-text.ts';

/** Resolving a dispute: its own refusals (admin-money namespace); pass the admin text as the fallback. */
const adminDisputes = {
  ns: 'admin-money',
  fields: { prefix: 'disputes.fieldErrors.', known: ['refundTooLarge', 'tooSmall', 'tooBig', 'invalid', 'required'] },
  codes: { prefix: 'disputes.errors.', known: ['disputeAlreadyResolved', 'notFound'] },
} as const satisfies ErrorTexts;

/** The disputes page's texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { adminDisputes } as const satisfies Record<string, ErrorTexts>;
