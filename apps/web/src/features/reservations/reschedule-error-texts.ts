import type { ErrorTexts } from '../../shared/lib/error-text.ts';

/** Moving a lesson, proposing a new time and answering a proposal (issue 32): their refusals. */
const reschedule = {
  ns: 'reschedule',
  codes: {
    prefix: 'errors.',
    known: [
      'rescheduleTooLate',
      'rescheduleOtherLength',
      'slotUnavailable',
      'priceChanged',
      'lessonNotMovable',
      'proposalExists',
      'proposalClosed',
    ],
  },
  fields: { prefix: 'errors.', known: ['insufficientBalance'] },
  network: 'common:errors.network',
} as const satisfies ErrorTexts;

/** The reschedule screens' texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { reschedule } as const satisfies Record<string, ErrorTexts>;
