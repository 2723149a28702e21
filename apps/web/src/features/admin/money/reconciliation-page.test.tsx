import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReconciliationResponse } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin-money.json';
import en from '../../../../public/locales/en/admin-money.json';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { adminPageRenderer, refusal, setUpAdminTests } from '../ui/admin-test-utils.tsx';
import { payment, reconciliationRow } from './money-test-data.ts';
import { AdminReconciliationPage } from './reconciliation-page.tsx';

const REPORT = 'GET /api/v1/admin/reconciliation';

const renderPage = adminPageRenderer(<AdminReconciliationPage />, '/admin/reconciliation');

function report(rows: ReconciliationResponse['data'], checked = 12): ReconciliationResponse {
  return { checked, data: rows, checkedAt: '2026-03-10T09:00:00.000Z' };
}

function rowOf(id: string): HTMLElement | undefined {
  return within(screen.getByTestId('reconciliation-table'))
    .getAllByRole('row')
    .find((item) => item.textContent?.includes(id));
}

setUpAdminTests();

describe('AdminReconciliationPage', () => {
  it('asks the gateways only on "Check now", then lists the payments that differ', async () => {
    const open = reconciliationRow({
      payment: payment({ id: 'pay_open', status: 'pending', paidAt: null }),
    });
    const final = reconciliationRow({
      payment: payment({ id: 'pay_final', status: 'paid' }),
      gatewayStatus: 'failed',
      gatewayAmount: null,
    });
    const amount = reconciliationRow({
      payment: payment({ id: 'pay_amount', status: 'pending', paidAt: null }),
      gatewayAmount: '19.000',
      problem: 'amountDiffers',
    });
    const calls = mockApi({ [REPORT]: ok(report([open, final, amount])) });
    const { missing } = await renderPage({ path: '/admin/reconciliation?days=30' });
    expect(await screen.findByText(en.reconciliation.intro.title)).toBeTruthy();
    expect(calls.callsTo(REPORT)).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: en.reconciliation.check }));
    await screen.findByTestId('reconciliation-table');
    expect(calls.callsTo(REPORT)[0]?.search.get('days')).toBe('30');
    expect(screen.getByTestId('reconciliation-status').textContent).toMatch(/^Checked 12 payments at .*2026/);
    const row = rowOf('pay_open') as HTMLElement;
    expect(within(row).getByText(en.paymentStatus.pending)).toBeTruthy();
    expect(within(row).getByText(en.gatewayStatus.paid)).toBeTruthy();
    expect(within(row).getByText(en.reconciliation.problems.statusDiffers)).toBeTruthy();
    expect(within(row).getByRole('button', { name: "Settle payment pay_open from the gateway's answer" })).toBeTruthy();
    expect(within(rowOf('pay_final') as HTMLElement).getByText(en.reconciliation.finalHint)).toBeTruthy();
    expect(within(rowOf('pay_amount') as HTMLElement).getByText(en.reconciliation.amountHint)).toBeTruthy();
    expect(within(rowOf('pay_amount') as HTMLElement).queryByRole('button')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('settles a row from the gateway and takes it off the list without asking the gateways again', async () => {
    const open = reconciliationRow({ payment: payment({ id: 'pay_open', status: 'pending', paidAt: null }) });
    const other = reconciliationRow({ payment: payment({ id: 'pay_other', status: 'expired', paidAt: null }) });
    const calls = mockApi({
      [REPORT]: ok(report([open, other])),
      'POST /api/v1/admin/payments/pay_open/reconcile': ok({ payment: { ...open.payment, status: 'paid' } }),
      'GET /api/v1/admin/payments': ok({ data: [], total: 0, page: 1, limit: 20, totalPages: 0 }),
    });
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.reconciliation.check }));
    await screen.findByTestId('reconciliation-table');
    expect(calls.callsTo(REPORT)[0]?.search.get('days')).toBe('7');
    await user.click(screen.getByRole('button', { name: "Settle payment pay_open from the gateway's answer" }));
    expect(await screen.findByText('Payment \u2068pay_open\u2069 settled: Paid')).toBeTruthy();
    await waitFor(() => expect(rowOf('pay_open')).toBeUndefined());
    expect(rowOf('pay_other')).toBeTruthy();
    expect(calls.callsTo(REPORT)).toHaveLength(1);
  });

  it('says when everything matches, and checks again on demand', async () => {
    const calls = mockApi({ [REPORT]: ok(report([], 1)) });
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.reconciliation.check }));
    expect(await screen.findByTestId('reconciliation-all-match')).toBeTruthy();
    expect(screen.getByText(en.reconciliation.allMatch.title)).toBeTruthy();
    expect(screen.getByTestId('reconciliation-status').textContent).toMatch(/^Checked 1 payment at /);
    await user.click(screen.getByRole('button', { name: en.reconciliation.check }));
    await waitFor(() => expect(calls.callsTo(REPORT)).toHaveLength(2));
  });

  it('shows a failed check with a retry', async () => {
    const answers = [refusal(429, { message: 'Too many', code: 'tooManyRequests' })];
    mockApi({ [REPORT]: () => answers.shift() ?? ok(report([])) });
    await renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.reconciliation.check }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(en.reconciliation.errorTitle)).toBeTruthy();
    await user.click(within(alert).getByRole('button'));
    expect(await screen.findByTestId('reconciliation-all-match')).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    mockApi({ [REPORT]: ok(report([reconciliationRow()], 3)) });
    const { missing } = await renderPage({ language: 'ar' });
    expect(screen.getByRole('heading', { level: 1, name: ar.reconciliation.title })).toBeTruthy();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'يوم واحد',
      '٧ أيام',
      '٣٠ يومًا',
      '٩٠ يومًا',
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: ar.reconciliation.check }));
    await screen.findByTestId('reconciliation-table');
    expect(screen.getByTestId('reconciliation-status').textContent).toMatch(/^فُحصت ٣ دفعات في /);
    expect(screen.getByRole('button', { name: /^تسوية الدفعة/ }).textContent).toBe(ar.reconciliation.settle);
    expect(screen.getAllByText(ar.reconciliation.problems.statusDiffers)).toHaveLength(1);
    expect(missing).toEqual([]);
  });
});
