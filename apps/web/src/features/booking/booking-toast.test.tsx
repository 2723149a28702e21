import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payment } from '@ustaz/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import arBooking from '../../../public/locales/ar/booking.json';
import enBooking from '../../../public/locales/en/booking.json';
import { type BookingModalData, openBooking } from '../../shared/money/money-modals.ts';
import { realtimeEvents } from '../../shared/realtime/realtime-events.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { type ApiAnswer, type ApiRoute, inTurn, mockApi, ok } from '../../shared/test/mock-api.ts';
import {
  balanceResponse,
  bookingPaymentNotice,
  bookingQuote,
  bookingResponse,
  bookingSlot,
  gatewayBookingResponse,
  payment,
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

// The answers' schemas load lazily on the first request; loaded before, the first answer is read at once.
beforeAll(async () => {
  await import('@ustaz/contract/responses');
});

afterEach(async () => {
  vi.restoreAllMocks();
  // Toasts left over would replay into the next test's toaster. A test that showed none never
  // mounted one, and dismiss would wait for it: it gets a moment, not forever.
  await act(async () => {
    await Promise.race([notify.dismiss(), new Promise((resolve) => setTimeout(resolve, 100))]);
  });
});

const TEXTS = { ar: arBooking, en: enBooking };

/** The teacher page with the app's real toaster (notify is not mocked) and the booking dialog open. */
async function openBookingDialog(language: 'ar' | 'en', routes: Record<string, ApiRoute>) {
  mockApi({
    'GET /api/v1/subscriptions/balance': ok(balanceResponse()),
    'GET /api/v1/payments/methods': ok(paymentMethodsResponse('1.000')),
    'POST /api/v1/booking/quote': ok(bookingQuote({}, [{ id: 101, price: '12.500' }])),
    ...routes,
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
  const confirm = (await screen.findByRole('button', { name: TEXTS[language].review.confirm })) as HTMLButtonElement;
  await waitFor(() => expect(confirm.disabled).toBe(false));
  await userEvent.click(confirm);
}

async function choose(method: 'balance' | 'deema') {
  const choice = (await screen.findByTestId(`payment-choice-${method}`)) as HTMLButtonElement;
  await waitFor(() => expect(choice.disabled).toBe(false));
  await userEvent.click(choice);
}

/**
 * Issue 30: one message per outcome. The success dialog says the booking is made, so no success
 * toast shows beside it (issue 17 had it shown twice; now it is not shown at all while the dialog
 * says it). The "Payment started" toast goes once the dialog shows what the payment did.
 */
describe.each(['en', 'ar'] as const)('the booking toasts (%s)', (language) => {
  const texts = TEXTS[language];

  it('paid from the wallet, the success dialog is the one message, during and after it', async () => {
    await openBookingDialog(language, { 'POST /api/v1/booking/single': ok(bookingResponse()) });
    await choose('balance');

    const success = await screen.findByTestId('booking-success');
    expect(within(success).getByRole('heading', { name: texts.success.title })).toBeTruthy();
    await settle();
    expect(screen.queryAllByText(texts.toast.booked)).toHaveLength(0);

    await userEvent.click(within(success).getByRole('button', { name: texts.success.ok }));
    await waitFor(() => expect(screen.queryByTestId('booking-success')).toBeNull());
    await settle();
    expect(screen.queryAllByText(texts.toast.booked)).toHaveLength(0);
  });

  it('the dialog closed while booking, the success toast says it instead, once', async () => {
    let answer: (value: ApiAnswer) => void = () => {};
    await openBookingDialog(language, {
      'POST /api/v1/booking/single': () => new Promise((resolve) => (answer = resolve)),
    });
    await choose('balance');
    await screen.findByTestId('booking-submitting');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('booking-submitting')).toBeNull());
    answer(ok(bookingResponse()));
    await waitFor(() => expect(screen.queryAllByText(texts.toast.booked)).toHaveLength(1));
    await settle();
    expect(screen.queryAllByText(texts.toast.booked)).toHaveLength(1);
  });

  it('"Payment started" shows while the payment is open and goes when the dialog shows its outcome', async () => {
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const paymentOf = (status: Payment['status']) => ok(payment({ id: 'pay_1', status, purpose: 'booking' }));
    await openBookingDialog(language, {
      'POST /api/v1/booking/single': ok(gatewayBookingResponse()),
      'GET /api/v1/payments/pay_1': inTurn(paymentOf('pending'), paymentOf('failed')),
    });
    await choose('deema');

    const view = await screen.findByTestId('booking-success');
    expect(view.dataset.state).toBe('pending');
    await waitFor(() => expect(screen.queryAllByText(texts.toast.paymentStarted)).toHaveLength(1));

    // The gateway's tab failed it; the socket tells this tab, the dialog says so.
    act(() => realtimeEvents.emit('notification', bookingPaymentNotice('payment.failed')));
    await waitFor(() => expect(screen.getByTestId('booking-success').dataset.state).toBe('failed'));
    await waitFor(() => expect(screen.queryAllByText(texts.toast.paymentStarted)).toHaveLength(0));
  });
});
