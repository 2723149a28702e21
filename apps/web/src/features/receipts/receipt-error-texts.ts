import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** A receipt that cannot be shown: not paid yet, not found (or not the viewer's), the network. */
const receipt = {
  ns: 'receipts',
  codes: { prefix: 'errors.', known: ['notPaid', 'notFound'] },
  network: 'common:errors.network',
} as const satisfies ErrorTexts;

/** The receipt page's texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { receipt } as const satisfies Record<string, ErrorTexts>;
