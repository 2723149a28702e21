import type { BookingResponse } from '@ustaz/contract';
import type { PaymentMethod } from '@ustaz/contract/constants';
import type { ModalContextValue, ModalOptions } from '../ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../ui/modal/modal-kinds.ts';
import type { IdempotentAttempt } from './idempotency-key.ts';

/**
 * The data of the money modals (BOOKING_MODAL, PAYMENT_METHOD_SELECTION, TOP_UP_BALANCE). The
 * components live in features/booking and are registered in app/modal-registry.tsx; any feature
 * opens them through the modal host with these shapes, without importing the booking feature.
 */

type OpenModal = ModalContextValue['openModal'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// Booking ---------------------------------------------------------------------------------------

export type BookingSlot = {
  id: number;
  /** The price as the API sent it; a non-numeric one counts as 0 and shows price-unavailable. */
  price: string;
  /** Length in hours (what subscription hours pay). */
  hours: number;
  /** Shown as given: the time range and the date in the viewer's language and time zone. */
  timeRange: string;
  date: string;
  /** 'trial': the teacher's 30-minute trial lesson (issue 32), marked in the review. */
  kind?: 'lesson' | 'trial';
};

export type BookingOutcome =
  | {
      status: 'success';
      response: BookingResponse;
      /** A payment link was opened in a new tab (false: blocked, the view offers the link). */
      paymentPageOpened: boolean;
    }
  | {
      status: 'failure';
      message: string;
      /** The error code when known (`insufficientBalance` offers a top-up). */
      code?: string;
    };

/** BOOKING_MODAL: review, submitting, success or failure of booking the chosen slots. */
export type BookingModalData = {
  teacherName: string;
  /** The chosen slots in time order; none renders nothing. */
  slots: BookingSlot[];
  /** Runs once the slots are booked (or held for a gateway payment), and when one was taken meanwhile. */
  onBooked: () => void;
  /** Kept while the flow moves to the payment-method or top-up modal and back. */
  note?: string;
  method?: PaymentMethod;
  attempt?: IdempotentAttempt;
  /** A booking request on its way: the modal shows submitting, then its outcome. */
  pending?: Promise<BookingOutcome>;
  /** The total the student confirmed (KWD), sent as `expectedTotal`; shown again if the price changed. */
  expectedTotal?: string;
  /** The student ticked that the lessons inside the cancellation window cannot be cancelled. */
  acknowledged?: boolean;
};

export function isBookingModalData(data: unknown): data is BookingModalData {
  return (
    isRecord(data) &&
    typeof data.teacherName === 'string' &&
    Array.isArray(data.slots) &&
    typeof data.onBooked === 'function'
  );
}

export function openBooking(openModal: OpenModal, data: BookingModalData, options?: ModalOptions) {
  openModal(MODAL_KINDS.BOOKING_MODAL, data, { size: 'lg', ...options });
}

/** BOOKING_CONFIRMATION: the booked (or held, awaiting the gateway) lessons once the booking succeeded. */
export type BookingConfirmationData = {
  teacherName: string;
  outcome: Extract<BookingOutcome, { status: 'success' }>;
};

export function isBookingConfirmationData(data: unknown): data is BookingConfirmationData {
  return (
    isRecord(data) &&
    typeof data.teacherName === 'string' &&
    isRecord(data.outcome) &&
    data.outcome.status === 'success' &&
    isRecord(data.outcome.response)
  );
}

export function openBookingConfirmation(openModal: OpenModal, data: BookingConfirmationData) {
  openModal(MODAL_KINDS.BOOKING_CONFIRMATION, data, { size: 'lg' });
}

// Payment method --------------------------------------------------------------------------------

/** booking: wallet (with subscription hours) and deema; subscription: wallet, payzah and deema (spec 9). */
export type PaymentContext = 'booking' | 'subscription';

/** PAYMENT_METHOD_SELECTION: what is being paid and what to do with the chosen method. */
export type PaymentMethodModalData = {
  context: PaymentContext;
  /** The package (a booking is a custom one): names in both languages, hours and KWD price. */
  item: { name: string; nameAr: string; hours: number; price: string };
  /**
   * Pays with the chosen method. The modal is busy (every button disabled) until a returned
   * promise settles; a rejection shows an error toast and keeps the modal open.
   */
  onSelect: (method: PaymentMethod) => unknown;
  /** The method chosen last time, marked as such. */
  selected?: PaymentMethod;
  /** A booking paid from the balance: subscription hours first, the rest from the wallet (the quote). */
  split?: BookingSplit;
  /** A booking's terms: each slot's cancellation deadline; one inside the window needs a tick first. */
  terms?: BookingTerms;
};

/** How the balance would pay a booking (KWD strings), and whether the wallet covers its part. */
export type BookingSplit = {
  subscriptionHours: number;
  subscriptionValue: string;
  wallet: string;
  sufficient: boolean;
};

/** Shown as given: `when` and `deadline` are already in the viewer's language and time zone. */
export type BookingTerms = {
  slots: { id: number; when: string; deadline: string; cancellable: boolean }[];
  /** Ticked on the review already. */
  acknowledged: boolean;
};

export function isPaymentMethodModalData(data: unknown): data is PaymentMethodModalData {
  return (
    isRecord(data) &&
    (data.context === 'booking' || data.context === 'subscription') &&
    isRecord(data.item) &&
    typeof data.item.price === 'string' &&
    typeof data.onSelect === 'function'
  );
}

export function openPaymentMethod(openModal: OpenModal, data: PaymentMethodModalData, options?: ModalOptions) {
  openModal(MODAL_KINDS.PAYMENT_METHOD_SELECTION, data, { size: 'md', ...options });
}

// Top-up ----------------------------------------------------------------------------------------

/** TOP_UP_BALANCE: every field is optional, so `openTopUp(openModal)` is a plain top-up. */
export type TopUpModalData = {
  /** What the wallet lacks, KWD ("7.500"): shown, and put in the amount field. */
  requiredAmount?: string | number;
  /** Opened from the booking modal: adds the go-to-profile button. */
  fromBooking?: boolean;
  /** Runs after the payment page opened and the modal closed (the balance query is already invalidated). */
  onSuccess?: () => void;
};

export function topUpModalData(data: unknown): TopUpModalData {
  if (!isRecord(data)) return {};
  return {
    requiredAmount:
      typeof data.requiredAmount === 'string' || typeof data.requiredAmount === 'number'
        ? data.requiredAmount
        : undefined,
    fromBooking: data.fromBooking === true,
    onSuccess: typeof data.onSuccess === 'function' ? (data.onSuccess as () => void) : undefined,
  };
}

/**
 * Opens the top-up modal: `openTopUp(openModal)` from the profile page, or with the amount a
 * booking lacks. `options.onClose` runs on every close (cancel, backdrop, after the payment page
 * opened) except the go-to-profile button, which leaves for /{lang}/profile.
 */
export function openTopUp(openModal: OpenModal, data: TopUpModalData = {}, options?: ModalOptions) {
  openModal(MODAL_KINDS.TOP_UP_BALANCE, data, { size: 'md', ...options });
}
