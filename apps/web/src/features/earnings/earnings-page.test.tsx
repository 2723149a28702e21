import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BankAccount, EarningsSummary, Payout, StatementLine } from '@ustaz/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/earnings.json';
import en from '../../../public/locales/en/earnings.json';
import { type ApiRoute, mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { EarningsPage } from './earnings-page.tsx';

function summary(overrides: Partial<EarningsSummary> = {}): EarningsSummary {
  return {
    available: '42.750',
    pending: '9.000',
    requested: '0.000',
    paidOut: '100.125',
    minimumPayout: '5.000',
    currency: 'KWD',
    ...overrides,
  };
}

const ACCOUNT: BankAccount = {
  maskedIban: 'KW•• •••• 0101',
  last4: '0101',
  holderName: 'سارة أحمد',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const LESSON: StatementLine = {
  kind: 'lesson',
  id: 7,
  date: '2026-11-24T15:00:00.000Z',
  endTime: '2026-11-24T16:00:00.000Z',
  studentName: 'Omar Ali',
  gross: '10.000',
  fee: '1.500',
  amount: '8.500',
  status: 'earned',
};
const PAYOUT_LINE: StatementLine = {
  kind: 'payout',
  id: 3,
  date: '2026-11-25T09:00:00.000Z',
  endTime: null,
  studentName: null,
  gross: null,
  fee: null,
  amount: '-20.000',
  status: 'requested',
};
const PAYOUT: Payout = {
  id: 3,
  amount: '20.000',
  status: 'rejected',
  last4: '0101',
  holderName: 'سارة أحمد',
  bankReference: null,
  rejectReason: 'IBAN closed',
  createdAt: '2026-11-25T09:00:00.000Z',
  decidedAt: '2026-11-25T10:00:00.000Z',
};

const page = <T,>(data: T[]) => ({ data, total: data.length, page: 1, limit: 10, totalPages: data.length ? 1 : 0 });

function api(routes: Record<string, ApiRoute> = {}) {
  return mockApi({
    'GET /api/v1/earnings': ok(summary()),
    'GET /api/v1/earnings/statement': ok(page([PAYOUT_LINE, LESSON])),
    'GET /api/v1/payouts': ok(page([PAYOUT])),
    'GET /api/v1/payouts/bank-account': ok({ bankAccount: ACCOUNT }),
    ...routes,
  });
}

const renderPage = (language: 'ar' | 'en' = 'en') => renderRoute(<EarningsPage />, { language, path: '/earnings' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EarningsPage', () => {
  it('shows the three figures in KWD to the fils, the statement, the saved account masked and the payouts', async () => {
    api({ 'GET /api/v1/earnings': ok(summary({ requested: '20.000' })) });
    const { missing } = await renderPage();
    expect(within(await screen.findByTestId('figure-available')).getByText('KWD 42.750')).toBeTruthy();
    expect(within(screen.getByTestId('figure-pending')).getByText('KWD 9.000')).toBeTruthy();
    expect(within(screen.getByTestId('figure-paidOut')).getByText('KWD 100.125')).toBeTruthy();
    expect(screen.getByTestId('requested-note').textContent?.replace(/\s/g, ' ')).toBe(
      'KWD 20.000 requested, waiting to be sent',
    );
    const table = await screen.findByTestId('statement-table');
    expect(within(table).getByText('Lesson with \u2068Omar Ali\u2069')).toBeTruthy();
    expect(within(table).getByText('KWD 8.500')).toBeTruthy();
    expect(within(table).getByText('-KWD 20.000')).toBeTruthy();
    expect(within(table).getByText(en.statement.statuses.requested)).toBeTruthy();
    // Phones get cards with the same lines.
    expect(screen.getAllByTestId('statement-card')).toHaveLength(2);
    const saved = await screen.findByTestId('saved-bank-account');
    expect(saved.textContent).toContain('0101');
    expect(saved.textContent).not.toContain('1234');
    expect((await screen.findByTestId('payout')).textContent).toContain('Returned: \u2068IBAN closed\u2069');
    expect(missing).toEqual([]);
  });

  it('in Arabic: Arabic digits and the Arabic texts', async () => {
    api();
    const { missing } = await renderPage('ar');
    const available = await screen.findByTestId('figure-available');
    expect(available.textContent).toContain('٤٢٫٧٥٠');
    expect(available.textContent).toContain(ar.summary.available);
    expect(screen.getByRole('heading', { name: ar.title })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('an empty statement and no payouts say so; a failed summary offers a retry', async () => {
    let fail = true;
    api({
      'GET /api/v1/earnings': () =>
        fail ? { status: 500, body: { status: 500, code: 'internalError', message: 'x' } } : ok(summary()),
      'GET /api/v1/earnings/statement': ok(page([])),
      'GET /api/v1/payouts': ok(page([])),
    });
    await renderPage();
    expect(await screen.findByTestId('statement-empty')).toBeTruthy();
    expect(await screen.findByTestId('payouts-empty')).toBeTruthy();
    expect(await screen.findByText(en.summary.error)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByTestId('figure-available')).toBeTruthy();
  });

  it('saves a bank account and shows the server’s IBAN error in the field', async () => {
    const { callsTo } = api({
      'GET /api/v1/payouts/bank-account': ok({ bankAccount: null }),
      'PUT /api/v1/payouts/bank-account': (call) =>
        (call.body as { iban: string }).iban.includes('82')
          ? { status: 422, body: { status: 422, errors: { iban: 'invalidIban' } } }
          : ok({ bankAccount: ACCOUNT }),
    });
    await renderPage();
    expect(await screen.findByText(en.actions.needBankAccount)).toBeTruthy();
    expect((screen.getByRole('button', { name: en.actions.requestPayout }) as HTMLButtonElement).disabled).toBe(true);
    const iban = await screen.findByLabelText(new RegExp(en.bank.iban));
    await userEvent.type(iban, 'KW82 CBKU 0000 0000 0000 1234 5601 01');
    await userEvent.type(screen.getByLabelText(new RegExp(en.bank.holderName)), 'Sara Ahmad');
    await userEvent.click(screen.getByRole('button', { name: en.bank.save }));
    expect(await screen.findByText(en.errors.invalidIban)).toBeTruthy();
    await userEvent.clear(iban);
    await userEvent.type(iban, 'KW81 CBKU 0000 0000 0000 1234 5601 01');
    await userEvent.click(screen.getByRole('button', { name: en.bank.save }));
    expect(await screen.findByTestId('saved-bank-account')).toBeTruthy();
    expect(callsTo('PUT /api/v1/payouts/bank-account').at(-1)?.body).toEqual({
      iban: 'KW81 CBKU 0000 0000 0000 1234 5601 01',
      holderName: 'Sara Ahmad',
    });
  });

  it('ar: shows a foreign IBAN (ibanNotKuwaiti) and a holder name with hidden characters (invalidCharacters) in Arabic', async () => {
    api({
      'GET /api/v1/payouts/bank-account': ok({ bankAccount: null }),
      'PUT /api/v1/payouts/bank-account': {
        status: 422,
        body: { status: 422, errors: { iban: 'ibanNotKuwaiti', holderName: 'invalidCharacters' } },
      },
    });
    await renderPage('ar');
    const iban = await screen.findByLabelText(ar.bank.iban, { exact: false });
    await userEvent.type(iban, 'GB82 WEST 1234 5698 7654 32');
    await userEvent.type(screen.getByLabelText(ar.bank.holderName, { exact: false }), 'سارة أحمد');
    await userEvent.click(screen.getByRole('button', { name: ar.bank.save }));
    expect(await screen.findByText(ar.errors.ibanNotKuwaiti)).toBeTruthy();
    expect(screen.getByText(ar.errors.invalidCharacters)).toBeTruthy();
  });

  it('requests a payout typed in Arabic-Indic digits, with the limits shown and an Idempotency-Key', async () => {
    const { callsTo } = api({
      'POST /api/v1/payouts': { status: 201, body: { id: 9, status: 'requested', amount: '12.500' } },
    });
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: en.actions.requestPayout }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Between KWD 5.000 and KWD 42.750')).toBeTruthy();
    const amount = within(dialog).getByRole('textbox', { name: /Amount \(KWD\)/ });
    await userEvent.type(amount, '٤٫٥');
    await userEvent.click(within(dialog).getByRole('button', { name: en.payout.submit }));
    expect(within(dialog).getByText('The smallest payout is KWD 5.000.')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '٥٠');
    await userEvent.click(within(dialog).getByRole('button', { name: en.payout.submit }));
    expect(within(dialog).getByText('You can withdraw at most KWD 42.750.')).toBeTruthy();
    expect(callsTo('POST /api/v1/payouts')).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '١٢٫٥');
    await userEvent.click(within(dialog).getByRole('button', { name: en.payout.submit }));
    await waitFor(() => expect(callsTo('POST /api/v1/payouts')).toHaveLength(1));
    const call = callsTo('POST /api/v1/payouts')[0];
    expect(call?.body).toEqual({ amount: '12.5' });
    expect(call?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('downloads the statement as CSV through the API', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:csv';
        },
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { callsTo } = api({
      'GET /api/v1/earnings/statement.csv': ok('Date,Type\r\n'),
    });
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: en.actions.downloadCsv }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsTo('GET /api/v1/earnings/statement.csv')).toHaveLength(1);
    const bytes = new Uint8Array(
      await new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.readAsArrayBuffer(created[0] as Blob);
      }),
    );
    // UTF-8 byte order mark first, for Excel; then the file as the server sent it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFDate,Type\r\n');
    click.mockRestore();
  });
});
