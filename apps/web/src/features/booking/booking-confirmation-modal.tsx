import { useEffect } from 'react';
import { isBookingConfirmationData } from '../../shared/money/money-modals.ts';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';
import { SuccessView } from './booking-success.tsx';

/**
 * BOOKING_CONFIRMATION (spec 4): what BOOKING_MODAL hands over once the booking succeeded, the
 * lessons booked (or held while the gateway is paid) and how they were paid. Other data closes it.
 */
export function BookingConfirmationModal({ data, closeModal, titleId }: ModalComponentProps) {
  const valid = isBookingConfirmationData(data);
  useEffect(() => {
    if (!valid) closeModal();
  }, [valid, closeModal]);
  if (!valid) return null;
  return <SuccessView titleId={titleId} teacherName={data.teacherName} outcome={data.outcome} onDone={closeModal} />;
}
