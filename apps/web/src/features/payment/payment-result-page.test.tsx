import { act, screen, within } from '@testing-library/react';
import type { Payment } from '@ustaz/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import arPayment from '../../../public/locales/ar/payment.json';
import enPayment from '../../../public/locales/en/payment.json';
import { formatLessonRange } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { PAYMENT_POLL_FOR_MS, PAYMENT_POLL_MS } from '../../shared/money/get-payment.ts';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { type ApiRoute, mockApi, ok } from '../../shared/test/mock-api.ts';
import { payment } from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { PaymentResultPage, resultLinks, SuspendedPaymentPage } from './payment-result-page.tsx';

function NotFound() {
  return <h1>not found page</h1>;
}

async function renderResult(path: string, { language = 'en' as 'ar' | 'en', guest = false } = {}) {
  const suspended = path.startsWith('/suspended-payment');
  return renderAppRoute(suspended ? <SuspendedPaymentPage /> : <PaymentResultPage notFound={NotFound} />, {
    language,
    path,
    pattern: suspended ? '/suspended-payment' : '/payment/:result',
    auth: guest ? undefined : signedIn(),
  });
}

function paymentApi(route: ApiRoute) {
  return mockApi({ 'GET /api/v1/payments/pay_7Hq2': route });
}

/** The payment of `purchase` (its purpose too), paid, as the result page asks it. */
function paidFor(purchase: NonNullable<Payment['purchase']>, overrides: Partial<Payment> = {}) {
  return paymentApi(ok(payment({ purpose: purchase.purpose, purchase, ...overrides })));
}

/** Answers the payments in order, the last one for every later call. */
function sequence(...payments: Payment[]): ApiRoute {
  let index = 0;
  return () => {
    const next = payments[Math.min(index, payments.length - 1)];
    index += 1;
    return ok(next);
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentResultPage', () => {
  itInEachLanguage(
    'a paid top-up shows the amount, the purpose and the way to the profile',
    { ar: arPayment, en: enPayment },
    async (language, texts) => {
      paymentApi(ok(payment({ purpose: 'top_up', amount: '20.000' })));
      const { missing } = await renderResult('/payment/success?paymentId=pay_7Hq2', { language });
      const success = await screen.findByTestId('payment-success');
      expect(within(success).getByRole('heading', { level: 1, name: texts.result.successTitle })).toBeTruthy();
      expect(within(success).getByText(texts.result.successBody.top_up)).toBeTruthy();
      const facts = within(success).getByTestId('payment-facts');
      expect(facts.textContent).toContain(formatKwd(20, language));
      expect(facts.textContent).toContain(texts.purposes.top_up);
      expect(within(success).getByRole('link', { name: texts.result.links.profile }).getAttribute('href')).toBe(
        `/${language}/profile`,
      );
      expect(within(success).getByRole('link', { name: texts.result.links.subscriptions })).toBeTruthy();
      expect(missing).toEqual([]);
    },
  );

  itInEachLanguage(
    'a paid booking names each lesson’s teacher with its date and times in the reader’s zone (issue 17)',
    { ar: arPayment, en: enPayment },
    async (language, texts) => {
      paidFor(
        {
          purpose: 'booking',
          lessons: [
            {
              reservationId: 31,
              teacher: { id: 4, firstName: 'فهد', lastName: 'الكندري' },
              startTime: '2026-03-14T15:00:00.000Z',
              endTime: '2026-03-14T16:00:00.000Z',
            },
            {
              reservationId: 32,
              teacher: { id: 5, firstName: 'Huda', lastName: 'Salem' },
              startTime: '2026-03-16T06:30:00.000Z',
              endTime: '2026-03-16T08:00:00.000Z',
            },
          ],
        },
        { amount: '11.000' },
      );
      // The reader's profile zone is Kuwait's (UTC+3), whatever zone the test runs in.
      const { missing } = await renderAppRoute(<PaymentResultPage notFound={NotFound} />, {
        language,
        path: '/payment/success?paymentId=pay_7Hq2',
        pattern: '/payment/:result',
        auth: signedIn(student({ timeZone: 'Asia/Kuwait' })),
      });
      const success = await screen.findByTestId('payment-success');
      const facts = within(success).getByTestId('payment-facts');
      // Two lessons: Arabic has a dual.
      expect(facts.textContent).toContain(
        language === 'ar' ? arPayment.result.lessons_two : enPayment.result.lessons_other,
      );
      const items = within(facts)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      const line = (time: string, teacher: string) =>
        texts.result.lessonWith.replace('{{time}}', time).replace('{{teacher}}', `\u2068${teacher}\u2069`);
      expect(items).toEqual([
        line(
          formatLessonRange('2026-03-14T15:00:00.000Z', '2026-03-14T16:00:00.000Z', language, 'Asia/Kuwait'),
          'فهد الكندري',
        ),
        line(
          formatLessonRange('2026-03-16T06:30:00.000Z', '2026-03-16T08:00:00.000Z', language, 'Asia/Kuwait'),
          'Huda Salem',
        ),
      ]);
      // 6 PM and 9:30 AM in Kuwait (15:00 and 06:30 UTC), in the page's digits.
      if (language === 'en') {
        expect(items[0]).toMatch(/Saturday.*14.*6:00.*7:00\sPM/);
        expect(items[1]).toMatch(/Monday.*16.*9:30.*11:00\sAM/);
      } else {
        expect(items[0]).toMatch(/السبت.*١٤.*٦:٠٠.*٧:٠٠/);
        expect(items[1]).toMatch(/الاثنين.*١٦.*٩:٣٠.*١١:٠٠/);
      }
      expect(facts.textContent).toContain(texts.result.timesIn.split('{{')[0]);
      expect(missing).toEqual([]);
    },
  );

  itInEachLanguage(
    'a paid subscription names its package and its hours',
    { ar: arPayment, en: enPayment },
    async (language, texts) => {
      paidFor({ purpose: 'subscription', package: { id: 3, name: 'Starter', hours: 5 } });
      const { missing } = await renderResult('/payment/success?paymentId=pay_7Hq2', { language });
      const success = await screen.findByTestId('payment-success');
      expect(within(success).getByTestId('payment-package').textContent).toBe(
        texts.result.packageValue
          .replace('{{name}}', '\u2068Starter\u2069')
          .replace('{{hours}}', texts.hours_few.replace('{{number}}', language === 'ar' ? '٥' : '5')),
      );
      expect(missing).toEqual([]);
    },
  );

  it('a paid booking links to the reservations, and says when the money went to the wallet', async () => {
    paymentApi(ok(payment({ purpose: 'booking', creditedToWallet: true })));
    await renderResult('/payment/success?paymentId=pay_7Hq2');
    const success = await screen.findByTestId('payment-success');
    expect(within(success).getByRole('link', { name: enPayment.result.links.reservations }).getAttribute('href')).toBe(
      '/en/reservations',
    );
    expect(within(success).getByText(enPayment.result.creditedToWallet)).toBeTruthy();
  });

  it('a dearer move’s top-up reads as a move: moved, not moved, or (paid but not movable) money in the wallet', async () => {
    const lesson = {
      reservationId: 5,
      teacher: { id: 7, firstName: 'سارة', lastName: 'العنزي' },
      startTime: '2026-03-16T15:00:00.000Z',
      endTime: '2026-03-16T16:00:00.000Z',
    };
    const purchase = { purpose: 'booking' as const, lessons: [lesson], move: true };
    paidFor(purchase);
    const { unmount } = await renderResult('/payment/success?paymentId=pay_7Hq2', { language: 'ar' });
    const success = await screen.findByTestId('payment-success');
    expect(within(success).getByText(arPayment.result.successBody.move)).toBeTruthy();
    expect(within(success).getByText(arPayment.purposes.move)).toBeTruthy();
    expect(within(success).queryByText(arPayment.result.successBody.booking)).toBeNull();
    unmount();
    paidFor(purchase, { status: 'failed', paidAt: null });
    const second = await renderResult('/payment/failed?paymentId=pay_7Hq2');
    const failed = await screen.findByTestId('payment-failed');
    expect(within(failed).getByText(enPayment.result.failedBody.move)).toBeTruthy();
    expect(within(failed).getByRole('link', { name: enPayment.result.links.reservations }).getAttribute('href')).toBe(
      '/en/reservations',
    );
    second.unmount();
    paidFor(purchase, { creditedToWallet: true });
    await renderResult('/payment/success?paymentId=pay_7Hq2');
    const credited = await screen.findByTestId('payment-success');
    expect(within(credited).getByText(enPayment.result.successBody.top_up)).toBeTruthy();
    expect(within(credited).queryByText(enPayment.result.successBody.move)).toBeNull();
  });

  it('a paid payment tells the other open tabs (BroadcastChannel "ustaz"), so their wallet and reservations refresh', async () => {
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel('ustaz');
    otherTab.onmessage = (event) => heard.push(event.data);
    try {
      paymentApi(ok(payment({ purpose: 'booking' })));
      await renderResult('/payment/success?paymentId=pay_7Hq2');
      await screen.findByTestId('payment-success');
      await vi.waitFor(() => expect(heard).toEqual([{ type: 'payment-completed', paymentId: 'pay_7Hq2' }]));
    } finally {
      otherTab.close();
    }
  });

  it('the server decides: a "success" address of a failed payment shows the failure with retry links', async () => {
    paymentApi(ok(payment({ status: 'failed', purpose: 'subscription', paidAt: null })));
    await renderResult('/payment/success?paymentId=pay_7Hq2');
    const failed = await screen.findByTestId('payment-failed');
    expect(within(failed).getByRole('heading', { name: enPayment.result.failedTitle })).toBeTruthy();
    expect(within(failed).getByText(enPayment.result.failedBody.subscription)).toBeTruthy();
    expect(
      within(failed).getByRole('link', { name: enPayment.result.links.subscriptionAgain }).getAttribute('href'),
    ).toBe('/en/subscriptions');
  });

  it('an expired payment says so', async () => {
    paymentApi(ok(payment({ status: 'expired', purpose: 'booking', paidAt: null })));
    await renderResult('/payment/failed?paymentId=pay_7Hq2', { language: 'ar' });
    const failed = await screen.findByTestId('payment-failed');
    expect(within(failed).getByRole('heading', { name: arPayment.result.expiredTitle })).toBeTruthy();
    expect(within(failed).getByRole('link', { name: arPayment.result.links.bookAgain }).getAttribute('href')).toBe(
      '/ar/teachers',
    );
  });

  it('a pending payment is asked again every 3 s, and shows success once paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = paymentApi(
      sequence(
        payment({ status: 'pending', paidAt: null }),
        payment({ status: 'pending', paidAt: null }),
        payment({ status: 'paid' }),
      ),
    );
    await renderResult('/payment/pending?paymentId=pay_7Hq2');
    expect(await screen.findByTestId('payment-pending')).toBeTruthy();
    expect(callsTo('GET /api/v1/payments/pay_7Hq2')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(callsTo('GET /api/v1/payments/pay_7Hq2')).toHaveLength(2);
    expect(screen.getByTestId('payment-pending')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(callsTo('GET /api/v1/payments/pay_7Hq2')).toHaveLength(3);
  });

  it('stops after 2 minutes of pending, says it is still processing, and can check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: Payment['status'] = 'pending';
    const { callsTo } = paymentApi(() => ok(payment({ status, paidAt: null })));
    await renderResult('/suspended-payment?paymentId=pay_7Hq2');
    expect(await screen.findByTestId('payment-pending')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_FOR_MS + PAYMENT_POLL_MS));
    expect(await screen.findByRole('heading', { name: enPayment.result.stillPendingTitle })).toBeTruthy();
    const asked = callsTo('GET /api/v1/payments/pay_7Hq2').length;
    expect(asked).toBeGreaterThanOrEqual(40);
    expect(asked).toBeLessThanOrEqual(42);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 5));
    expect(callsTo('GET /api/v1/payments/pay_7Hq2')).toHaveLength(asked);

    status = 'failed';
    await act(async () => screen.getByRole('button', { name: enPayment.result.checkAgain }).click());
    expect(await screen.findByTestId('payment-failed')).toBeTruthy();
  });

  it('a guest is asked to sign in, and comes back to this address', async () => {
    const { callsTo } = paymentApi(ok(payment()));
    await renderResult('/payment/success?paymentId=pay_7Hq2', { guest: true });
    expect(screen.getByRole('heading', { name: enPayment.result.signInTitle })).toBeTruthy();
    const link = screen.getByRole('link', { name: enPayment.result.signIn });
    expect(link.getAttribute('href')).toBe('/en/login');
    expect(callsTo('GET /api/v1/payments/pay_7Hq2')).toHaveLength(0);
  });

  it('a payment that is not yours (404) is not found', async () => {
    paymentApi({ status: 404, body: { status: 404, code: 'notFound', message: 'Payment not found' } });
    await renderResult('/payment/success?paymentId=pay_7Hq2');
    expect(await screen.findByRole('heading', { name: enPayment.result.notFoundTitle })).toBeTruthy();
  });

  it('an address without a payment id says so without asking the server', async () => {
    const { calls } = paymentApi(ok(payment()));
    await renderResult('/payment/failed');
    expect(screen.getByRole('heading', { name: enPayment.result.missing.failed })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('an unknown result segment is the not-found page', async () => {
    paymentApi(ok(payment()));
    await renderResult('/payment/refunded?paymentId=pay_7Hq2');
    expect(screen.getByRole('heading', { name: 'not found page' })).toBeTruthy();
  });
});

describe('resultLinks', () => {
  it('leads to the reservations after a booking, the profile after a top-up, the packages after a subscription', () => {
    expect(resultLinks('booking', false)[0]?.to).toBe('/reservations');
    expect(resultLinks('top_up', false)[0]?.to).toBe('/profile');
    expect(resultLinks('subscription', false)[0]?.to).toBe('/subscriptions');
    expect(resultLinks('booking', true)[0]?.to).toBe('/teachers');
  });
});
