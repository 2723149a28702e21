import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import arPayment from '../../../public/locales/ar/payment.json';
import enPayment from '../../../public/locales/en/payment.json';
import enReservations from '../../../public/locales/en/reservations.json';
import { AuthContext } from '../../shared/auth/auth-context.tsx';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { timeLeft } from './pending-payment.tsx';
import { ReservationCard } from './reservation-card.tsx';
import { reservation, reservationsPage } from './reservation-test-data.ts';
import { ReservationsPage } from './reservations-page.tsx';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('timeLeft', () => {
  it('counts minutes and seconds down to 0:00, in the page language', () => {
    expect(timeLeft('2026-03-10T12:14:05.000Z', NOW, 'en')).toBe('14:05');
    expect(timeLeft('2026-03-10T11:59:00.000Z', NOW, 'en')).toBe('0:00');
    expect(timeLeft('2026-03-10T12:00:09.000Z', NOW, 'en')).toBe('0:09');
  });
});

describe('a pending gateway payment on the reservation card (issue 17)', () => {
  /** The card of a pending deema payment (`payment`) as `viewer` sees it at NOW, the clock faked. */
  function renderCard(
    payment: { url: string | null; expiresAt: string },
    viewer: 'student' | 'teacher',
    language: 'ar' | 'en',
  ) {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    return renderRoute(
      <ReservationCard
        reservation={reservation({
          status: 'pending',
          paidWith: 'deema',
          paymentId: 'pay_1',
          canCancel: true,
          payment,
        })}
        viewer={viewer}
        timeZone="Asia/Kuwait"
        now={new Date(NOW)}
        onCancel={() => {}}
      />,
      { language, path: '/reservations' },
    );
  }

  it('en: the student sees the countdown ticking and "continue payment" to the same link, beside cancel', async () => {
    await renderCard(
      { url: 'https://pay.example/checkout/abc', expiresAt: '2026-03-10T12:10:00.000Z' },
      'student',
      'en',
    );
    const box = screen.getByTestId('pending-payment');
    expect(box.textContent).toContain(enPayment.pendingPayment.expiresIn.replace('{{time}}', '10:00'));
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(box.textContent).toContain('8:59');
    const link = screen.getByRole('link', { name: enPayment.pendingPayment.continue });
    expect(link.getAttribute('href')).toBe('https://pay.example/checkout/abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: enReservations.cancel.button })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(box.textContent).toContain(enPayment.pendingPayment.expired);
    expect(screen.queryByRole('link', { name: enPayment.pendingPayment.continue })).toBeNull();
  });

  it('ar: without a link only the countdown shows; the teacher sees neither', async () => {
    const view = await renderCard({ url: null, expiresAt: '2026-03-10T12:05:00.000Z' }, 'student', 'ar');
    expect(screen.getByTestId('pending-payment').textContent).toContain(
      arPayment.pendingPayment.expiresIn.split('{{')[0],
    );
    expect(screen.queryByRole('link', { name: arPayment.pendingPayment.continue })).toBeNull();
    expect(view.missing).toEqual([]);
    view.unmount();
    await renderCard({ url: 'https://pay.example/x', expiresAt: '2026-03-10T12:05:00.000Z' }, 'teacher', 'ar');
    expect(screen.queryByTestId('pending-payment')).toBeNull();
  });
});

describe('the reservations page with a pending gateway payment (issue 17)', () => {
  it.each(['en', 'ar'] as const)('%s: "continue payment" links to the url the server gives', async (language) => {
    const url = 'https://sandbox.example/api/v1/payments/sandbox/chg_42';
    const expiresAt = new Date(Date.now() + 12 * 60_000).toISOString();
    const startTime = new Date(Date.now() + 48 * 3600_000).toISOString();
    const endTime = new Date(Date.now() + 49 * 3600_000).toISOString();
    mockApi({
      'GET /api/v1/reservations': ok(
        reservationsPage([
          reservation({
            status: 'pending',
            paidWith: 'payzah',
            paymentId: 'pay_42',
            canCancel: true,
            startTime,
            endTime,
            payment: { url, expiresAt },
          }),
        ]),
      ),
    });
    const view = await renderRoute(
      <AuthContext value={signedIn(student())}>
        <ModalProvider registry={{}}>
          <ReservationsPage timeZone="Asia/Kuwait" now={new Date()} />
        </ModalProvider>
      </AuthContext>,
      { language, path: '/reservations' },
    );
    const texts = language === 'ar' ? arPayment : enPayment;
    const link = await screen.findByRole('link', { name: texts.pendingPayment.continue });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('pending-payment').textContent).toContain(texts.pendingPayment.expiresIn.split('{{')[0]);
    expect(view.missing).toEqual([]);
  });
});
