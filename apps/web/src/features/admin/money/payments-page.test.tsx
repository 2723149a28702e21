import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPayment } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin-money.json';
import en from '../../../../public/locales/en/admin-money.json';
import { type ApiRoute, mockApi, ok } from '../../../shared/test/mock-api.ts';
import { adminPageRenderer, listRequests, refusal, setUpAdminTests, tableRow } from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { payment, transfer } from './money-test-data.ts';
import { AdminPaymentsPage } from './payments-page.tsx';

const PAYMENTS = 'GET /api/v1/admin/payments';

const renderPage = adminPageRenderer(<AdminPaymentsPage />, '/admin/payments');

function rowOf(id: string): HTMLElement {
  return tableRow('payments-table', id);
}

setUpAdminTests();

describe('AdminPaymentsPage', () => {
  it('lists payments with their user, gateway, status and failure, and sends the filters', async () => {
    const paid = payment({ id: 'pay_paid' });
    const failed = payment({
      id: 'pay_failed',
      status: 'failed',
      paidAt: null,
      gateway: 'sandbox',
      provider: 'deema',
      failureReason: 'declined',
      purpose: 'booking',
    });
    const calls = mockApi({ [PAYMENTS]: ok(listPage([paid, failed])) });
    const { missing } = await renderPage({ path: '/admin/payments?userId=7&status=failed' });
    await screen.findByTestId('payments-table');
    const list = listRequests(calls, PAYMENTS);
    list.expectFirstPage({
      userId: '7',
      status: 'failed',
    });
    const row = rowOf('pay_failed');
    expect(within(row).getByRole('link', { name: 'Mona Al-Sabah' }).getAttribute('href')).toBe('/en/admin/users/7');
    expect(within(row).getByText('via Sandbox')).toBeTruthy();
    expect(within(row).getByText(en.paymentStatus.failed)).toBeTruthy();
    expect(within(row).getByText(en.failureReasons.declined)).toBeTruthy();
    expect(within(row).getByText(en.purposes.booking)).toBeTruthy();
    expect(within(rowOf('pay_paid')).getByText('PZ-5521').getAttribute('dir')).toBe('ltr');
    expect(missing).toEqual([]);

    const user = userEvent.setup();
    await list.type(user, en.payments.searchLabel, 'PZ-55{Enter}', ['search', 'PZ-55']);
    await list.select(user, en.payments.providerFilter, 'deema', ['provider', 'deema']);
  });

  it('reconciles an open payment, says its new status and asks the list again', async () => {
    const pending = payment({ id: 'pay_open', status: 'pending', paidAt: null });
    let settled = false;
    const calls = mockApi({
      [PAYMENTS]: () => ok(listPage([settled ? { ...pending, status: 'paid' } : pending, payment({ id: 'pay_done' })])),
      'POST /api/v1/admin/payments/pay_open/reconcile': () => {
        settled = true;
        return ok({ payment: { ...pending, status: 'paid' } });
      },
    });
    await renderPage();
    await screen.findByTestId('payments-table');
    expect(within(rowOf('pay_done')).queryByRole('button', { name: /Reconcile/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(rowOf('pay_open')).getByRole('button', { name: 'Reconcile payment pay_open' }));
    expect(await screen.findByText('Payment \u2068pay_open\u2069 is now: Paid')).toBeTruthy();
    expect(calls.callsTo('POST /api/v1/admin/payments/pay_open/reconcile')).toHaveLength(1);
    await waitFor(() => expect(within(rowOf('pay_open')).getByText(en.paymentStatus.paid)).toBeTruthy());
    expect(calls.callsTo(PAYMENTS)).toHaveLength(2);
  });

  it('says why a reconcile was refused', async () => {
    const pending = payment({ id: 'pay_odd', status: 'expired', paidAt: null });
    mockApi({
      [PAYMENTS]: ok(listPage([pending])),
      'POST /api/v1/admin/payments/pay_odd/reconcile': refusal(409, { message: 'mismatch', code: 'paymentMismatch' }),
    });
    await renderPage();
    await screen.findByTestId('payments-table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reconcile payment pay_odd' }));
    expect(await screen.findByText(en.errors.paymentMismatch)).toBeTruthy();
  });

  it('refunds a payment with its user, amount and id filled in', async () => {
    const paid: AdminPayment = payment({ id: 'pay_refund', amount: '12.500' });
    const refund: ApiRoute = () => ok({ transfer: transfer({ kind: 'manual_refund' }), balance: '40.000' });
    const calls = mockApi({ [PAYMENTS]: ok(listPage([paid])), 'POST /api/v1/admin/refunds': refund });
    await renderPage();
    await screen.findByTestId('payments-table');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refund payment pay_refund' }));
    const dialog = await screen.findByRole('dialog', { name: en.refund.title });
    expect(
      within(dialog)
        .getByTestId('refund-payment')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('For payment \u2068pay_refund\u2069 of KWD 12.500');
    expect((within(dialog).getByLabelText(/User id/) as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('12.500');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Charged twice by the bank');
    await user.click(within(dialog).getByRole('button', { name: en.refund.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.callsTo('POST /api/v1/admin/refunds')[0]?.body).toEqual({
      userId: 7,
      amount: '12.500',
      reason: 'Charged twice by the bank',
      paymentId: 'pay_refund',
    });
  });

  it('reads in Arabic', async () => {
    mockApi({ [PAYMENTS]: ok(listPage([payment({ status: 'pending', paidAt: null })])) });
    const { missing } = await renderPage({ language: 'ar' });
    await screen.findByTestId('payments-table');
    expect(screen.getByRole('heading', { level: 1, name: ar.payments.title })).toBeTruthy();
    expect(within(screen.getByTestId('payments-table')).getByText(ar.paymentStatus.pending)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^مطابقة الدفعة/ })).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
