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
      'moveAwaitingPayment',
      'teacherSlotsHeld',
      'tooManyPendingPayments',
    ],
  },
  fields: { prefix: 'errors.', known: ['insufficientBalance', 'belowMinimum'] },
  network: 'common:errors.network',
} as const satisfies ErrorTexts;

/**
 * The teacher's proposal of a new time (POST /reservations/{id}/proposals): the refusals it can
 * answer, a note over the limit (422 `note: tooLong`) and any other field the server refused.
 */
const propose = {
  ns: 'reschedule',
  codes: {
    prefix: 'propose.errors.',
    known: ['slotUnavailable', 'rescheduleOtherLength', 'lessonNotMovable', 'proposalExists', 'notFound'],
  },
  fields: { prefix: 'propose.fields.', known: ['tooLong', 'invalid'] },
  invalidField: 'propose.fields.invalid',
  tooManyRequests: { text: 'propose.tooManyRequests', wait: 'propose.tooManyRequestsWait' },
  network: 'common:errors.network',
} as const satisfies ErrorTexts;

/** The reschedule screens' texts of failed calls, for `errorText` (shared/lib/error-text.ts). */
export const ERROR_TEXTS = { reschedule, propose } as const satisfies Record<string, ErrorTexts>;
