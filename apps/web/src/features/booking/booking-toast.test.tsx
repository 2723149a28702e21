import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import arBooking from '../../../public/locales/ar/booking.json';
import enBooking from '../../../public/locales/en/booking.json';
import { type BookingModalData, openBooking } from '../../shared/money/money-modals.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import {
  balanceResponse,
  bookingQuote,
  bookingResponse,
  bookingSlot,
  paymentMethodsResponse,
} from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { AppToaster, notify } from '../../shared/ui/toast.tsx';
import { BookingConfirmationModal } from './booking-confirmation-modal.tsx';
import { BookingModal } from './booking-modal.tsx';
import { PaymentMethodModal } from './payment-method-modal.tsx';
import { TopUpModal } from './top-up-modal.tsx';

/** Long enough for every mounted toaster (sonner adds a toast on a timer) to have shown it. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)));

afterEach(async () => {
  await act(async () => {
    await notify.dismiss();
  });
});

/**
 * Issue 17, "the booking success toast fires once": booked through the real booking dialog with
 * the app's real toaster (notify is not mocked), the success toast is in the page exactly once,
 * while the dialog shows its success view and after it closes.
 */
describe('the booking success toast', () => {
  it.each(['en', 'ar'] as const)(
    '%s: appears once, in the open dialog, and stays once on the page',
    async (language) => {
      const texts = language === 'ar' ? arBooking : enBooking;
      mockApi({
        'GET /api/v1/subscriptions/balance': ok(balanceResponse()),
        'GET /api/v1/payments/methods': ok(paymentMethodsResponse()),
        'POST /api/v1/booking/quote': ok(bookingQuote({}, [{ id: 101, price: '12.500' }])),
        'POST /api/v1/booking/single': ok(bookingResponse()),
      });
      const data: BookingModalData = {
        teacherName: 'Mona Al-Sabah',
        slots: [bookingSlot({ id: 101, timeRange: '6:00 – 7:00 PM', date: 'Saturday, March 14, 2099' })],
        onBooked: () => {},
      };
      const view = await renderAppRoute(
        <main>
          teacher page
          <AppToaster />
        </main>,
        {
          language,
          path: '/teachers/7',
          auth: signedIn(),
          registry: {
            BOOKING_MODAL: BookingModal,
            BOOKING_CONFIRMATION: BookingConfirmationModal,
            PAYMENT_METHOD_SELECTION: PaymentMethodModal,
            TOP_UP_BALANCE: TopUpModal,
          },
        },
      );
      act(() => openBooking(view.modal().openModal, data));

      const confirm = (await screen.findByRole('button', { name: texts.review.confirm })) as HTMLButtonElement;
      await waitFor(() => expect(confirm.disabled).toBe(false));
      await userEvent.click(confirm);
      const balance = (await screen.findByTestId('payment-choice-balance')) as HTMLButtonElement;
      await waitFor(() => expect(balance.disabled).toBe(false));
      await userEvent.click(balance);

      const success = await screen.findByTestId('booking-success');
      await waitFor(() => expect(screen.queryAllByText(texts.toast.booked).length).toBeGreaterThan(0));
      await settle();
      const shown = screen.getAllByText(texts.toast.booked);
      expect(shown).toHaveLength(1);
      // Where the student can see it: in the dialog, not on the inert page under its backdrop.
      const dialog = success.closest('dialog');
      expect(dialog?.contains(shown[0] as Node)).toBe(true);

      // Closing the dialog leaves the same toast on the page, still once.
      await userEvent.click(within(success).getByRole('button', { name: texts.success.ok }));
      await waitFor(() => expect(screen.queryByTestId('booking-success')).toBeNull());
      await settle();
      expect(screen.getAllByText(texts.toast.booked)).toHaveLength(1);
    },
  );
});
