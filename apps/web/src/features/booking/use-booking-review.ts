import { useQueryClient } from '@tanstack/react-query';
import type { BookingQuoteResponse } from '@ustaz/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatLessonMoment } from '../../shared/lib/dates/formats.ts';
import { translatedCode } from '../../shared/lib/error-text.ts';
import {
  type BookingModalData,
  type BookingTerms,
  openBooking,
  openPaymentMethod,
} from '../../shared/money/money-modals.ts';
import { useBalance } from '../../shared/money/use-balance.ts';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { useBookingQuote } from './api/booking-quote.ts';
import { bookingTotals } from './booking-totals.ts';
import { ERROR_TEXTS } from './payment-error-texts.ts';
import { startBooking } from './start-booking.ts';

/** Each chosen slot with its quoted deadline, in the viewer's language and zone. */
function termsOf(draft: BookingModalData, quote: BookingQuoteResponse, language: 'ar' | 'en'): BookingTerms['slots'] {
  const quoted = new Map(quote.slots.map((slot) => [slot.id, slot]));
  return draft.slots.flatMap((slot) => {
    const terms = quoted.get(slot.id);
    if (!terms) return [];
    return [
      {
        id: slot.id,
        when: [slot.date, slot.timeRange].filter(Boolean).join(language === 'ar' ? '، ' : ', '),
        deadline: formatLessonMoment(terms.cancelDeadline, language),
        cancellable: terms.cancellable,
      },
    ];
  });
}

/**
 * The review's data and its confirm: the server's quote of the chosen slots, the balance (fetched
 * again when the student comes back to the tab), how many slots can no longer be cancelled, and
 * whether the booking may go on (quoted, and those slots acknowledged). Confirm opens the
 * payment-method modal with the draft; choosing a method starts the booking.
 */
export function useBookingReview(draft: BookingModalData) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const { openModal } = useModal();
  const queryClient = useQueryClient();
  const balance = useBalance();
  const slotIds = draft.slots.map((slot) => slot.id);
  const quote = useBookingQuote(slotIds);
  const totals = bookingTotals(draft.slots);
  const refetchBalance = balance.refetch;
  const acknowledged = draft.acknowledged ?? false;
  const onBooked = draft.onBooked;

  const quoted = quote.isError ? undefined : quote.data;
  const locked = (quoted?.slots ?? []).filter((slot) => !slot.cancellable).length;
  const ready = quoted !== undefined && !quote.isFetching;
  const canConfirm = ready && (locked === 0 || acknowledged);
  const errorCode = quote.isError ? translatedCode(quote.error, ERROR_TEXTS.payment) : null;

  // Back from paying a top-up in another tab: show the new balance (the quote refetches on focus).
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void refetchBalance();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [refetchBalance]);

  // A slot taken meanwhile, or a teacher no longer listed: the page reloads its open slots.
  useEffect(() => {
    if (errorCode === 'slotUnavailable' || errorCode === 'teacherUnavailable') onBooked();
  }, [errorCode, onBooked]);

  function confirm() {
    if (!quoted || !canConfirm) return;
    const total = quoted.total;
    const packageName = t('customPackage', { name: draft.teacherName });
    openPaymentMethod(
      openModal,
      {
        context: 'booking',
        item: { name: packageName, nameAr: packageName, hours: totals.totalHours, price: total },
        split: { ...quoted.breakdown, sufficient: quoted.sufficient },
        terms: { slots: termsOf(draft, quoted, language), acknowledged },
        selected: draft.method,
        onSelect: (method) => {
          const next: BookingModalData = { ...draft, expectedTotal: total };
          const { attempt, pending } = startBooking({
            draft: next,
            method,
            expectedTotal: total,
            language,
            queryClient,
            t,
          });
          openBooking(openModal, { ...next, method, attempt, pending });
        },
      },
      // Cancelled or dismissed: back to the review with everything kept.
      { onClose: () => openBooking(openModal, draft) },
    );
  }

  return { quote, quoted, balance, acknowledged, locked, ready, canConfirm, confirm };
}
