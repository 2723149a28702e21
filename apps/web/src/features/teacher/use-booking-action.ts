import type { TeacherProfile, TimeSlot } from '@ustaz/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/ui/toast.tsx';

/** What the teacher page hands to booking when a signed-in student presses Book. */
export type BookingRequest = {
  teacher: TeacherProfile;
  /** The chosen open slots, in time order; never empty. */
  slots: TimeSlot[];
  /** To call once the slots are booked: the page reloads the open slots, so booked ones disappear. */
  onBooked: () => void;
};

/**
 * The seam between the teacher page and booking. The booking flow (booking modal, payment method,
 * spec 2 and 4) is its own issue and replaces the body of this hook; the page does not change.
 * Until then the Book button says plainly that booking is not open yet and books nothing.
 */
export function useBookingAction(): (request: BookingRequest) => void {
  const { t } = useTranslation('teacher');
  return useCallback(() => {
    void notify.info(t('slots.bookingNotOpenYet'));
  }, [t]);
}
