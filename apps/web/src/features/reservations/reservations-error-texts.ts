import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** Cancelling a reservation: its refusals, else the common texts. */
const reservations = {
  ns: 'reservations',
  codes: { prefix: 'errors.', known: ['cancellationClosed', 'notFound', 'forbidden'] },
  network: 'common:errors.network',
} as const satisfies ErrorTexts;

/** The reservations screens' texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { reservations } as const satisfies Record<string, ErrorTexts>;
