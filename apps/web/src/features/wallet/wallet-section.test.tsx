import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BalanceResponse, WalletTransaction, WalletTransactionsResponse } from '@ustaz/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/wallet.json';
import en from '../../../public/locales/en/wallet.json';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { type ModalComponentProps, ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { WalletSection } from './wallet-section.tsx';

const ZONE = 'Asia/Kuwait';

function balance(overrides: Partial<BalanceResponse> = {}): BalanceResponse {
  return { balance: '25.750', currency: 'KWD', earnings: '120.000', remainingHours: 3.5, ...overrides };
}

let lineId = 0;
function line(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  lineId += 1;
  return {
    id: lineId,
    kind: 'top_up',
    account: 'wallet',
    amount: '20.000',
    createdAt: '2026-03-05T07:00:00.000Z',
    reservationId: null,
    paymentId: null,
    ...overrides,
  };
}

function history(data: WalletTransaction[], page = 1, totalPages = 1): WalletTransactionsResponse {
  return { data, total: data.length, page, limit: 10, totalPages };
}

type Answer = { status: number; body: unknown };

function mockApi({ balanceAnswer, pages }: { balanceAnswer?: Answer; pages?: Record<number, Answer> }) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      if (url.pathname === '/api/v1/subscriptions/balance') {
        const answer = balanceAnswer ?? { status: 200, body: balance() };
        return jsonResponse(answer.status, answer.body);
      }
      if (url.pathname === '/api/v1/balance/transactions') {
        const answer = pages?.[Number(url.searchParams.get('page'))] ?? { status: 200, body: history([]) };
        return jsonResponse(answer.status, answer.body);
      }
      return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return urls;
}

/** The TOP_UP_BALANCE modal is built elsewhere; this records what the host was asked to open. */
const opened: unknown[] = [];
function TopUpProbe({ data }: ModalComponentProps) {
  opened.push(data);
  return <p>top-up opened</p>;
}

async function renderWallet({
  language = 'en',
  showEarnings = false,
}: {
  language?: 'ar' | 'en';
  showEarnings?: boolean;
} = {}) {
  return renderRoute(
    <ModalProvider registry={{ TOP_UP_BALANCE: TopUpProbe }}>
      <WalletSection showEarnings={showEarnings} timeZone={ZONE} />
    </ModalProvider>,
    { language, path: '/profile' },
  );
}

afterEach(() => {
  opened.length = 0;
});

describe('WalletSection balance card', () => {
  it('shows a student the balance in KWD with 2 decimals and the subscription hours, without earnings', async () => {
    mockApi({});
    const { missing } = await renderWallet();
    expect(within(await screen.findByTestId('wallet-balance')).getByText('KWD 25.750')).toBeTruthy();
    expect(screen.getByTestId('wallet-hours').textContent).toBe('3.5 hours');
    expect(screen.queryByTestId('wallet-earnings')).toBeNull();
    expect(screen.getByText(en.balance)).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('shows a teacher the earnings too, in Arabic digits', async () => {
    mockApi({ balanceAnswer: { status: 200, body: balance({ remainingHours: 1 }) } });
    const { missing } = await renderWallet({ language: 'ar', showEarnings: true });
    expect(within(await screen.findByTestId('wallet-earnings')).getByText('‏١٢٠٫٠٠٠ د.ك.‏')).toBeTruthy();
    expect(within(screen.getByTestId('wallet-balance')).getByText('‏٢٥٫٧٥٠ د.ك.‏')).toBeTruthy();
    expect(screen.getByTestId('wallet-hours').textContent).toBe(ar.hours_one);
    expect(screen.getByText(ar.earnings)).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('shows an error with retry when the balance cannot be loaded', async () => {
    mockApi({ balanceAnswer: { status: 500, body: { status: 500, code: 'internalError', message: 'x' } } });
    await renderWallet();
    expect(await screen.findByText(en.balanceError)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('Top up opens the TOP_UP_BALANCE modal of the host with empty data', async () => {
    mockApi({});
    await renderWallet();
    await userEvent.setup().click(screen.getByRole('button', { name: en.topUp }));
    expect(await screen.findByText('top-up opened')).toBeTruthy();
    expect(opened.at(-1)).toEqual({});
  });
});

describe('WalletSection transaction history', () => {
  it('lists kinds, dates and signed amounts coloured by direction', async () => {
    mockApi({
      pages: {
        1: {
          status: 200,
          body: history([
            line({ kind: 'booking', amount: '-12.500', createdAt: '2026-03-06T15:30:00.000Z' }),
            line({ kind: 'booking_refund', amount: '12.500' }),
            line({ kind: 'lesson_earning', account: 'earnings', amount: '10.000' }),
          ]),
        },
      },
    });
    await renderWallet();
    const rows = await screen.findAllByTestId('transaction');
    expect(rows).toHaveLength(3);
    const [booking, refund, earning] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(booking).getByText(en.kinds.booking)).toBeTruthy();
    expect(within(booking).getByText('Mar 6, 2026, 6:30 PM')).toBeTruthy();
    const out = within(booking).getByTestId('transaction-amount');
    expect(within(out).getByText('-KWD 12.500')).toBeTruthy();
    expect(out.className).toContain('text-red-700');
    expect(out.getAttribute('data-direction')).toBe('out');
    const back = within(refund).getByTestId('transaction-amount');
    expect(within(back).getByText('+KWD 12.500')).toBeTruthy();
    expect(back.className).toContain('text-emerald-700');
    expect(within(refund).getByText(en.kinds.booking_refund)).toBeTruthy();
    expect(within(earning).getByText(en.accounts.earnings)).toBeTruthy();
  });

  it('names a refund from the support team', async () => {
    mockApi({ pages: { 1: { status: 200, body: history([line({ kind: 'manual_refund', amount: '7.250' })]) } } });
    await renderWallet();
    const row = await screen.findByTestId('transaction');
    expect(within(row).getByText(en.kinds.manual_refund)).toBeTruthy();
    expect(within(row).getByText('+KWD 7.250')).toBeTruthy();
  });

  it('pages through the history', async () => {
    const urls = mockApi({
      pages: {
        1: { status: 200, body: history([line({ kind: 'top_up' })], 1, 2) },
        2: { status: 200, body: history([line({ kind: 'subscription_purchase', amount: '-30.000' })], 2, 2) },
      },
    });
    await renderWallet();
    expect(await screen.findByText(en.kinds.top_up)).toBeTruthy();
    expect(screen.getByText('1 of 2')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: en.history.next }));
    expect(await screen.findByText(en.kinds.subscription_purchase)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(en.kinds.top_up)).toBeNull());
    expect(screen.getByText('2 of 2')).toBeTruthy();
    const asked = urls.filter((url) => url.pathname === '/api/v1/balance/transactions');
    expect(asked.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(asked[0]?.searchParams.get('limit')).toBe('10');
  });

  it('says when there is no transaction yet', async () => {
    mockApi({});
    await renderWallet();
    expect(await screen.findByTestId('history-empty')).toBeTruthy();
    expect(screen.getByText(en.history.empty)).toBeTruthy();
  });
});
