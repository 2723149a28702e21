import type { QueryClient } from '@tanstack/react-query';
import type { GatewayProvider } from '@ustaz/contract';
import type { Language, PaymentMethod } from '@ustaz/contract/constants';
import type { Translate } from '../../shared/i18n/translate.ts';
import { errorText, translatedCode } from '../../shared/lib/error-text.ts';
import { attemptFor, type IdempotentAttempt } from '../../shared/money/idempotency-key.ts';
import type { BookingModalData, BookingOutcome } from '../../shared/money/money-modals.ts';
import { openPaymentLink } from '../../shared/money/payment-link.ts';
import { BALANCE_QUERY_KEY } from '../../shared/money/use-balance.ts';
import { notify } from '../../shared/ui/toast.tsx';
import { type BookingRequestBody, createBooking } from './api/create-booking.ts';
import { ERROR_TEXTS } from './payment-error-texts.ts';

export type StartBookingInput = {
  draft: BookingModalData;
  method: PaymentMethod;
  /** The total the student saw (KWD): the server refuses another one with 409 priceChanged. */
  expectedTotal: string;
  /** With `balance`: the wallet's shortfall is topped up through this gateway first (ADR 026). */
  topUpWith?: GatewayProvider;
  language: Language;
  queryClient: QueryClient;
  /** `t` of the booking namespace (with `payment:` keys reachable). */
  t: Translate;
};

/**
 * Books the draft's slots with the chosen method (spec 4, booking modal). The request starts at
 * once; the returned outcome never rejects. Success: onBooked runs, the balance is refreshed, and a
 * payment link opens in a new tab with an initiation toast. A FAILED payment status or an error:
 * the failure outcome. The booking modal shows either outcome (one message: a toast only when the
 * modal was closed meanwhile, `toastUnseenOutcome`; issue 30).
 * The body always carries `expectedTotal`; 409 priceChanged is a failure with that code, which the
 * modal shows as the review again with the new price.
 */
export function startBooking({
  draft,
  method,
  expectedTotal,
  topUpWith,
  language,
  queryClient,
  t,
}: StartBookingInput): {
  attempt: IdempotentAttempt;
  pending: Promise<BookingOutcome>;
} {
  const request: BookingRequestBody = {
    slotIds: draft.slots.map((slot) => slot.id),
    paymentMethod: method,
    note: draft.note?.trim() ?? '',
    language,
    expectedTotal,
    ...(topUpWith ? { topUpWith } : {}),
  };
  const attempt = attemptFor(draft.attempt, request);
  const paymentText = (key: string) => t(key, { ns: 'payment' });

  const pending = createBooking(request, attempt.key).then(
    (response): BookingOutcome => {
      void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      if (response.paymentStatus === 'FAILED') {
        return { status: 'failure', message: paymentText('errors.paymentFailed') };
      }
      draft.onBooked();
      let paymentPageOpened = false;
      if (response.paymentLink) {
        paymentPageOpened = openPaymentLink(response.paymentLink);
        // Dismissed by the success view once it shows what the payment did (sonner pauses a toast
        // while its tab is hidden, so it would still be there beside the outcome).
        void notify.info(t('toast.paymentStarted'), { id: paymentStartedToastId(response) });
      }
      return { status: 'success', response, paymentPageOpened };
    },
    (error: unknown): BookingOutcome => {
      // The wallet may have changed meanwhile (insufficientBalance after spending in another tab).
      void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      const message = errorText(error, paymentText, ERROR_TEXTS.payment);
      const code = translatedCode(error, ERROR_TEXTS.payment);
      // A slot taken or repriced meanwhile, or a teacher no longer listed: the page reloads the open
      // slots (and the balance invalidation above asks for a new quote).
      if (code === 'slotUnavailable' || code === 'priceChanged' || code === 'teacherUnavailable') draft.onBooked();
      return { status: 'failure', message, ...(code ? { code } : {}) };
    },
  );
  bookedTexts.set(pending, t('toast.booked'));
  return { attempt, pending };
}

/** Outcomes a booking modal has shown; the others are told by a toast. */
const shownOutcomes = new WeakSet<Promise<BookingOutcome>>();
/** The toast of a booking paid from the balance, for when no modal showed its success. */
const bookedTexts = new WeakMap<Promise<BookingOutcome>, string>();

/** The id of a gateway booking's "Payment started" toast, to dismiss it once the outcome is known. */
export function paymentStartedToastId(response: { paymentId?: string | undefined; paymentLink?: string | undefined }) {
  return `payment-started:${response.paymentId ?? response.paymentLink ?? ''}`;
}

/** The booking modal shows this request's outcome itself: no toast repeats it. */
export function markOutcomeShown(pending: Promise<BookingOutcome>): void {
  shownOutcomes.add(pending);
}

/**
 * An outcome no booking modal showed (the student closed it while the request ran) is told by a
 * toast: the failure's message, or that the booking is made; checked after the other handlers of
 * the same outcome ran (a modal mounted again, as in React's strict mode, marks it first).
 */
export function toastUnseenOutcome(pending: Promise<BookingOutcome>): void {
  void pending.then((outcome) => {
    setTimeout(() => {
      if (shownOutcomes.has(pending)) return;
      if (outcome.status === 'failure') void notify.error(outcome.message);
      // A gateway booking is not made until paid; its "Payment started" toast already showed.
      else if (!outcome.response.paymentLink) void notify.success(bookedTexts.get(pending) ?? '');
    }, 0);
  });
}
