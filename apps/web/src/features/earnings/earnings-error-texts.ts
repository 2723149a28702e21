import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** The earnings page's failed calls (bank account, payout request): field codes, then answer codes. */
const earnings = {
  ns: 'earnings',
  fields: {
    prefix: 'errors.',
    known: [
      'invalidIban',
      'ibanWrongLength',
      'ibanNotKuwaiti',
      'invalidCharacters',
      'bankAccountRequired',
      'insufficientBalance',
      'belowMinimum',
      'tooShort',
      'required',
      'invalid',
    ],
  },
  codes: { prefix: 'errors.', known: ['forbidden', 'idempotencyKeyInUse'] },
  network: 'errors.network',
  fallback: 'errors.generic',
} as const satisfies ErrorTexts;

/** The earnings feature's texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { earnings } as const satisfies Record<string, ErrorTexts>;
