import { lazy } from 'react';
import type { ModalRegistry } from '../shared/ui/modal/modal-context.tsx';

/** Which component the modal host shows for each kind; each is loaded when first opened. */
export const modalRegistry: ModalRegistry = {
  BOOKING_CONFIRMATION: lazy(() =>
    import('../features/booking/booking-confirmation-modal.tsx').then((m) => ({ default: m.BookingConfirmationModal })),
  ),
  BOOKING_MODAL: lazy(() => import('../features/booking/booking-modal.tsx').then((m) => ({ default: m.BookingModal }))),
  CONFIRMATION_MODAL: lazy(() =>
    import('../shared/ui/confirmation-modal.tsx').then((m) => ({ default: m.ConfirmationModalFromHost })),
  ),
  EDIT_PROFILE: lazy(() =>
    import('../features/profile/edit-profile-modal.tsx').then((m) => ({ default: m.EditProfileModal })),
  ),
  PAYMENT_METHOD_SELECTION: lazy(() =>
    import('../features/booking/payment-method-modal.tsx').then((m) => ({ default: m.PaymentMethodModal })),
  ),
  TEACHER_SEARCH: lazy(() =>
    import('../features/search/teacher-search-dialog.tsx').then((m) => ({ default: m.TeacherSearchDialog })),
  ),
  TOP_UP_BALANCE: lazy(() => import('../features/booking/top-up-modal.tsx').then((m) => ({ default: m.TopUpModal }))),
  VIDEO_PLAYER: lazy(() =>
    import('../features/teacher/video-player-modal.tsx').then((m) => ({ default: m.VideoPlayerModal })),
  ),
};
