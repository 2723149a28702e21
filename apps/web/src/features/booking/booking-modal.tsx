import { useEffect, useState } from 'react';
import {
  type BookingModalData,
  type BookingOutcome,
  isBookingModalData,
  openBookingConfirmation,
} from '../../shared/money/money-modals.ts';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { FailureView } from './booking-failure.tsx';
import { ReviewView } from './booking-review.tsx';
import { SubmittingView } from './booking-submitting.tsx';
import { markOutcomeShown, toastUnseenOutcome } from './start-booking.ts';

type View =
  | { name: 'review'; priceChangedFrom?: string | undefined }
  | { name: 'submitting' }
  | { name: 'outcome'; outcome: BookingOutcome };

/**
 * BOOKING_MODAL (spec 2 and 4): review of the chosen slots, then submitting, success or failure.
 * Confirm opens the payment-method modal; the modal host shows one modal at a time, so the draft
 * (slots, note, method, idempotency attempt, the total confirmed, the tick) travels in the modal
 * data and comes back with it. The review asks the server for a quote: the total, how the balance
 * splits it (subscription hours first, the rest from the wallet) and each slot's cancellation
 * deadline. The booking sends that total; a price changed meanwhile brings the review back with
 * the new price, and nothing happens until the student confirms again. Each view has its file:
 * the review (`booking-review.tsx`), submitting (`booking-submitting.tsx`) and the failure
 * (`booking-failure.tsx`).
 */
export function BookingModal({ data, closeModal, titleId }: ModalComponentProps) {
  const valid = isBookingModalData(data) && data.slots.length > 0;
  // No slots: nothing to show, and no empty frame either.
  useEffect(() => {
    if (!valid) closeModal();
  }, [valid, closeModal]);
  if (!valid) return null;
  return <BookingFlow data={data} closeModal={closeModal} titleId={titleId} />;
}

function BookingFlow({
  data,
  closeModal,
  titleId,
}: {
  data: BookingModalData;
  closeModal: () => void;
  titleId: string;
}) {
  const [view, setView] = useState<View>(() => (data.pending ? { name: 'submitting' } : { name: 'review' }));
  const [note, setNote] = useState(data.note ?? '');
  const [acknowledged, setAcknowledged] = useState(data.acknowledged ?? false);
  const { openModal } = useModal();

  useEffect(() => {
    const pending = data.pending;
    if (!pending) return;
    let current = true;
    void pending.then((outcome) => {
      if (!current) return;
      // One message (issue 30): this view says what happened, no toast repeats it.
      markOutcomeShown(pending);
      // Booked: the BOOKING_CONFIRMATION modal takes over (spec 4's kinds).
      if (outcome.status === 'success') openBookingConfirmation(openModal, { teacherName: data.teacherName, outcome });
      // The slots cost something else now: the review again, with the old and the new price.
      else if (outcome.code === 'priceChanged') setView({ name: 'review', priceChangedFrom: data.expectedTotal });
      else setView({ name: 'outcome', outcome });
    });
    return () => {
      current = false;
      // Closed before the answer came: the outcome is then told by a toast.
      toastUnseenOutcome(pending);
    };
  }, [data.pending, data.expectedTotal, data.teacherName, openModal]);

  // The draft as it stands now, without the finished request.
  const draft: BookingModalData = { ...data, note, acknowledged, pending: undefined };

  if (view.name === 'submitting') return <SubmittingView titleId={titleId} />;
  if (view.name === 'outcome' && view.outcome.status === 'failure') {
    return (
      <FailureView
        titleId={titleId}
        outcome={view.outcome}
        draft={draft}
        onClose={closeModal}
        onRetry={() => setView({ name: 'review' })}
      />
    );
  }
  return (
    <ReviewView
      titleId={titleId}
      draft={draft}
      note={note}
      onNoteChange={setNote}
      onAcknowledgedChange={setAcknowledged}
      priceChangedFrom={view.name === 'review' ? view.priceChangedFrom : undefined}
      onCancel={closeModal}
    />
  );
}
