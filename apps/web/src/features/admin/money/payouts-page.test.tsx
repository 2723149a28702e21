import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BANK_REFERENCE_MAX_LENGTH } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import arAdmin from '../../../../public/locales/ar/admin.json';
import ar from '../../../../public/locales/ar/admin-money.json';
import enAdmin from '../../../../public/locales/en/admin.json';
import en from '../../../../public/locales/en/admin-money.json';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { adminPageRenderer, listRequests, refusal, setUpAdminTests, tableRow } from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { adminPayout as payout } from './money-test-data.ts';
import { AdminPayoutsPage } from './payouts-page.tsx';

const PAYOUTS = 'GET /api/v1/admin/payouts';
const renderPage = adminPageRenderer(<AdminPayoutsPage />, '/admin/payouts');

setUpAdminTests();

describe('AdminPayoutsPage', () => {
  it('lists requests with the teacher, the whole IBAN (left to right), the status, and filters by status', async () => {
    const paid = payout({ id: 12, status: 'paid', bankReference: 'NBK-1', decidedBy: { id: 1, name: 'Amal' } });
    const calls = mockApi({ [PAYOUTS]: ok(listPage([payout(), paid])) });
    const { missing } = await renderPage({ path: '/admin/payouts?status=requested' });
    await screen.findByTestId('payouts-table');
    const list = listRequests(calls, PAYOUTS);
    list.expectFirstPage({ status: 'requested' });
    const row = tableRow('payouts-table', 'KW81 CBKU 0000 0000 0000 1234 5601 01');
    expect(within(row).getByText('KW81 CBKU 0000 0000 0000 1234 5601 01').getAttribute('dir')).toBe('ltr');
    expect(within(row).getByRole('link', { name: 'Sara Ahmad' })).toBeTruthy();
    expect(within(row).getByText(en.payouts.status.requested)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Mark payout 11 as paid' })).toBeTruthy();
    const decided = tableRow('payouts-table', 'NBK-1');
    expect(within(decided).queryByRole('button')).toBeNull();
    expect(missing).toEqual([]);
    const user = userEvent.setup();
    await list.select(user, en.payouts.statusFilter, 'paid', ['status', 'paid']);
  });

  it('marks a payout paid with the bank reference and refreshes the list', async () => {
    let decided = false;
    const calls = mockApi({
      [PAYOUTS]: () => ok(listPage([decided ? payout({ status: 'paid', bankReference: 'NBK-77' }) : payout()])),
      'POST /api/v1/admin/payouts/11/paid': () => {
        decided = true;
        return ok({ payout: payout({ status: 'paid', bankReference: 'NBK-77' }) });
      },
    });
    await renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark payout 11 as paid' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/KWD 25\.500/)).toBeTruthy();
    // The IBAN to read out to the bank in groups of four (issue 30 item 17), left to right.
    expect(dialog.textContent).toContain('\u2066KW81 CBKU 0000 0000 0000 1234 5601 01\u2069');
    // The bank reference is one line, not a text area, as long as the contract allows.
    const reference = within(dialog).getByLabelText(new RegExp(en.payouts.bankReference));
    expect(reference.tagName).toBe('INPUT');
    expect(reference.getAttribute('maxlength')).toBe(String(BANK_REFERENCE_MAX_LENGTH));
    expect(dialog.querySelector('textarea')).toBeNull();
    await user.type(reference, 'NBK-77');
    await user.click(within(dialog).getByRole('button', { name: en.payouts.paidConfirm }));
    await waitFor(() => expect(calls.callsTo('POST /api/v1/admin/payouts/11/paid')).toHaveLength(1));
    expect(calls.callsTo('POST /api/v1/admin/payouts/11/paid')[0]?.body).toEqual({ bankReference: 'NBK-77' });
    expect(await screen.findByText('Payout 11 is marked paid.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark payout 11 as paid' })).toBeNull());
  });

  it.each([
    ['ar', arAdmin.list.total_zero, 'لا نتائج'],
    ['en', enAdmin.list.total_zero, 'No results'],
  ] as const)('an empty table says "no results", not "0 results" (%s)', async (language, text, expected) => {
    mockApi({ [PAYOUTS]: ok(listPage([])) });
    await renderPage({ language });
    expect(text).toBe(expected);
    expect(await screen.findByText(expected)).toBeTruthy();
    expect(screen.queryByText(/[0٠] (نتيجة|results)/)).toBeNull();
  });

  it('returns a payout with a reason; a payout decided meanwhile says so and keeps the dialog', async () => {
    const calls = mockApi({
      [PAYOUTS]: ok(listPage([payout()])),
      'POST /api/v1/admin/payouts/11/reject': refusal(409, { code: 'payoutAlreadyDecided', message: 'x' }),
    });
    await renderPage({ language: 'ar' });
    const user = userEvent.setup();
    // The id in the page's digits, as the table's "#١١" (issue 17).
    await user.click(await screen.findByRole('button', { name: 'إعادة الطلب ١١' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'IBAN closed');
    await user.click(within(dialog).getByRole('button', { name: ar.payouts.rejectConfirm }));
    await waitFor(() => expect(calls.callsTo('POST /api/v1/admin/payouts/11/reject')).toHaveLength(1));
    expect(calls.callsTo('POST /api/v1/admin/payouts/11/reject')[0]?.body).toEqual({ reason: 'IBAN closed' });
    expect((await screen.findAllByText(ar.payouts.alreadyDecided)).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
