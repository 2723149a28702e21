import { act, screen, waitFor } from '@testing-library/react';
import type { Payment } from '@ustaz/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import arBooking from '../../../public/locales/ar/booking.json';
import arPayment from '../../../public/locales/ar/payment.json';
import enBooking from '../../../public/locales/en/booking.json';
import enPayment from '../../../public/locales/en/payment.json';
import { formatLessonMoment } from '../../shared/lib/dates/formats.ts';
import type { BookingOutcome } from '../../shared/money/money-modals.ts';
import { realtimeEvents } from '../../shared/realtime/realtime-events.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { inTurn, mockApi, ok } from '../../shared/test/mock-api.ts';
import {
  bookingPaymentNotice,
  bookingResponse,
  gatewayBookingResponse,
  payment,
  reservation,
} from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { SuccessView } from './booking-success.tsx';

const HOUR = 3_600_000;
const TEXTS = { en: { booking: enBooking, payment: enPayment }, ar: { booking: arBooking, payment: arPayment } };

function gatewayOutcome(): Extract<BookingOutcome, { status: 'success' }> {
  return {
    status: 'success',
    paymentPageOpened: true,
    response: gatewayBookingResponse({
      paidWith: 'payzah',
      reservations: [reservation({ status: 'pending', paidWith: 'payzah' })],
    }),
  };
}

async function show(outcome: Extract<BookingOutcome, { status: 'success' }>, language: 'ar' | 'en' = 'en') {
  return renderAppRoute(<SuccessView titleId="t" teacherName="Mona Al-Sabah" outcome={outcome} onDone={vi.fn()} />, {
    language,
    path: '/teachers/7',
    auth: signedIn(),
  });
}

const paymentOf = (status: Payment['status']) => ok(payment({ id: 'pay_1', status, purpose: 'booking' }));

// The answers' schemas load lazily on the first request; loaded before, the first answer is read at once.
beforeAll(async () => {
  await import('@ustaz/contract/responses');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the tab that opened the gateway follows the payment (issue 30 item 3)', () => {
  for (const language of ['en', 'ar'] as const) {
    const { booking, payment: texts } = TEXTS[language];

    it(`paid at the gateway (the socket says so): "Booking confirmed", no longer "Complete your payment" (${language})`, async () => {
      const { callsTo } = mockApi({ 'GET /api/v1/payments/pay_1': inTurn(paymentOf('pending'), paymentOf('paid')) });
      const { missing } = await show(gatewayOutcome(), language);
      const view = await screen.findByTestId('booking-success');
      expect(view.dataset.state).toBe('pending');
      // Asked once (still pending); the socket's notice makes it ask again at once, not in 3 s.
      await waitFor(() => expect(callsTo('GET /api/v1/payments/pay_1')).toHaveLength(1));
      await act(async () => {});
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(booking.success.pendingTitle);
      act(() => realtimeEvents.emit('notification', bookingPaymentNotice('payment.paid')));
      await waitFor(() => expect(callsTo('GET /api/v1/payments/pay_1').length).toBeGreaterThan(1));
      await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(booking.success.title), {
        timeout: 1_000,
      });
      expect(screen.getByTestId('booking-success').dataset.state).toBe('paid');
      expect(screen.queryByText(booking.success.openPaymentPage)).toBeNull();
      expect(missing).toEqual([]);
    });

    it(`failed at the gateway (found by asking again): "Payment failed", nothing booked (${language})`, async () => {
      mockApi({ 'GET /api/v1/payments/pay_1': inTurn(paymentOf('pending'), paymentOf('failed')) });
      await show(gatewayOutcome(), language);
      await screen.findByText(booking.success.pendingTitle);
      // The view asks every 3 s while the hold lasts.
      await waitFor(
        () => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(texts.result.failedTitle),
        {
          timeout: 5_000,
        },
      );
      expect(screen.getByTestId('booking-success').dataset.state).toBe('failed');
      expect(screen.getByTestId('booking-payment-outcome').textContent).toBe(texts.result.failedBody.booking);
      expect(screen.queryByText(booking.success.openPaymentPage)).toBeNull();
    });

    it(`expired: says the time ran out and the times were released (${language})`, async () => {
      mockApi({ 'GET /api/v1/payments/pay_1': paymentOf('expired') });
      await show(gatewayOutcome(), language);
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(texts.result.expiredTitle),
      );
      expect(screen.getByTestId('booking-payment-outcome').textContent).toBe(booking.success.expiredBody);
    });
  }
});

describe('the success view states each lesson’s terms by the one rule (issue 30 item 4)', () => {
  it('a lesson under 24 hours cannot be cancelled; one over 24 hours is free until 24 hours before', async () => {
    mockApi({});
    const soon = new Date(Date.now() + 5 * HOUR);
    const later = new Date(Date.now() + 50 * HOUR);
    const at = (start: Date, id: number) =>
      reservation({
        id,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + HOUR).toISOString(),
        // What an older server sent: a deadline already past for the soon one.
        cancelDeadline: new Date(start.getTime() - 24 * HOUR).toISOString(),
      });
    await show({
      status: 'success',
      paymentPageOpened: false,
      response: bookingResponse({ reservations: [at(soon, 1), at(later, 2)] }),
    });
    const [first, second] = await screen.findAllByTestId('booking-lesson');
    expect(first?.textContent).toContain(enBooking.review.notCancellable);
    expect(first?.textContent).not.toContain('Free cancellation until');
    expect(second?.textContent).toContain(
      `Free cancellation until ${formatLessonMoment(new Date(later.getTime() - 24 * HOUR).toISOString(), 'en')}`,
    );
  });
});
