import { screen } from '@testing-library/react';
import type { Reservation } from '@ustaz/contract';
import { describe, expect, it, vi } from 'vitest';
import { formatKwd } from '../../shared/lib/format.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { mockApi } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { ReservationCard } from './reservation-card.tsx';
import { reservation } from './reservation-test-data.ts';

const NOW = new Date('2026-03-10T09:00:00.000Z');

async function card(of: Reservation, language: 'ar' | 'en') {
  mockApi({});
  const view = await renderAppRoute(
    <ReservationCard reservation={of} viewer="student" timeZone="Asia/Kuwait" now={NOW} onCancel={vi.fn()} />,
    { language, path: '/reservations', auth: signedIn() },
  );
  await screen.findByTestId('reservation');
  return view;
}

const priceLine = () => screen.getByTestId('reservation-price').parentElement?.textContent ?? '';

describe('the card names every source of a payment (issue 30 item 10)', () => {
  it.each([
    ['en', 'KWD', '(1 hour of subscription + '],
    ['ar', 'د.ك.', '(ساعة واحدة من الاشتراك + '],
  ] as const)('%s: 1 hour of subscription and 2.500 KWD of wallet, both named', async (language, _currency, text) => {
    const { missing } = await card(
      reservation({
        price: '11.500',
        paidWith: 'subscription',
        paidBy: { subscriptionHours: 1, subscriptionValue: '9.000', wallet: '2.500', gateway: '0.000' },
      }),
      language,
    );
    expect(priceLine()).toContain(formatKwd('11.500', language));
    expect(screen.getByTestId('reservation-paid-by').textContent).toBe(
      `${text}${formatKwd('2.500', language)}${language === 'en' ? ' from the wallet)' : ' من المحفظة)'}`,
    );
    expect(missing).toEqual([]);
  });

  it.each(['en', 'ar'] as const)(
    '%s: a gateway lesson whose payment failed shows no price as if paid',
    async (language) => {
      await card(
        reservation({ status: 'cancelled', canCancel: false, paidWith: 'payzah', paidBy: null, cancelledBy: 'system' }),
        language,
      );
      expect(priceLine()).not.toContain(formatKwd('12.500', language));
      expect(screen.getByTestId('reservation-price').textContent).toBe(language === 'en' ? 'Not paid' : 'لم يُدفع');
    },
  );

  it('a paid gateway lesson names the gateway', async () => {
    await card(
      reservation({
        paidWith: 'payzah',
        paidBy: { subscriptionHours: 0, subscriptionValue: '0.000', wallet: '0.000', gateway: '12.500' },
      }),
      'en',
    );
    expect(priceLine()).toBe(`${formatKwd('12.500', 'en')}(Payzah)`);
  });
});
