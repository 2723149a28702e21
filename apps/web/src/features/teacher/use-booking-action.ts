import type { TeacherProfile, TimeSlot } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { dayKeyInZone, formatDay } from '../../shared/lib/dates/calendar.ts';
import { formatTimeRange, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { type BookingSlot, openBooking } from '../../shared/money/money-modals.ts';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { saveSlotSelection } from './use-slot-selection.ts';

/** What the teacher page hands to booking when a signed-in student presses Book. */
export type BookingRequest = {
  teacher: TeacherProfile;
  /** The chosen open slots, in time order; never empty. */
  slots: TimeSlot[];
  /** To call once the slots are booked: the page reloads the open slots, so booked ones disappear. */
  onBooked: () => void;
};

/** A slot as the booking modal lists it: its time range and date in the viewer's language and zone. */
export function toBookingSlot(slot: TimeSlot, language: Language, timeZone: string): BookingSlot {
  const start = Date.parse(slot.startTime);
  const end = Date.parse(slot.endTime);
  const hours = Number.isFinite(start) && Number.isFinite(end) && end > start ? (end - start) / 3_600_000 : 0;
  const day = dayKeyInZone(slot.startTime, timeZone);
  return {
    id: slot.id,
    price: slot.price,
    hours,
    timeRange: formatTimeRange(slot.startTime, slot.endTime, language, timeZone),
    date: day ? formatDay(day, language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }) : '',

    kind: slot.kind,
  };
}

/**
 * The seam between the teacher page and booking: Book opens the booking modal (spec 2 and 4) with
 * the chosen slots. A guest is sent to login first (the page shows guests a login link instead of
 * Book; this covers any other way in) and comes back to this page after signing in.
 */
export function useBookingAction(
  /** The zone the slots are shown in (the page's); the viewer's when left out. */
  timeZone?: string,
): (request: BookingRequest) => void {
  const { isAuthenticated } = useAuth();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const location = useLocation();
  const language = useCurrentLanguage();
  return useCallback(
    ({ teacher, slots, onBooked }: BookingRequest) => {
      if (!isAuthenticated) {
        saveSlotSelection(
          teacher.id,
          slots.map((slot) => slot.id),
        );
        navigate(localePath(language, '/login'), { state: { from: location.pathname } });
        return;
      }
      if (slots.length === 0) return;
      const zone = timeZone ?? viewerTimeZone();
      openBooking(openModal, {
        teacherName: `${teacher.user.firstName} ${teacher.user.lastName}`.trim(),
        slots: slots.map((slot) => toBookingSlot(slot, language, zone)),
        onBooked,
      });
    },
    [isAuthenticated, navigate, language, location.pathname, openModal, timeZone],
  );
}
