import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin-money.json';
import adminEn from '../../../../public/locales/en/admin.json';
import en from '../../../../public/locales/en/admin-money.json';
import { type ApiRoute, mockApi, ok } from '../../../shared/test/mock-api.ts';
import {
  adminPageRenderer,
  listRequests,
  refusal,
  setUpAdminTests,
  plainText as text,
} from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { AdminLedgerPage } from './ledger-page.tsx';
import { transfer } from './money-test-data.ts';

const LEDGER = 'GET /api/v1/admin/ledger';
const REFUND = 'POST /api/v1/admin/refunds';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const renderPage = adminPageRenderer(<AdminLedgerPage />, '/admin/ledger');

function api(routes: Record<string, ApiRoute> = {}) {
  return mockApi({ [LEDGER]: ok(listPage([transfer()])), ...routes });
}

/** Opens the refund dialog, types the fields given, sends it and returns the dialog. */
async function sendRefund(user: UserEvent, fields: { userId?: string; amount: string; reason: string }) {
  await user.click(screen.getByRole('button', { name: en.ledger.refundAction }));
  const dialog = await screen.findByRole('dialog', { name: en.refund.title });
  if (fields.userId) await user.type(within(dialog).getByLabelText(/User id/), fields.userId);
  await user.type(within(dialog).getByLabelText(/Amount/), fields.amount);
  await user.type(within(dialog).getByLabelText(/Reason/), fields.reason);
  await user.click(within(dialog).getByRole('button', { name: en.refund.confirm }));
  return dialog;
}

setUpAdminTests();

describe('AdminLedgerPage', () => {
  it('lists each transfer with its kind, memo, actor, lines and links', async () => {
    const refund = transfer({
      kind: 'manual_refund',
      memo: 'تعويض عن درس لم يحضره المعلم',
      paymentId: 'pay77',
      reservationId: 31,
      actor: { id: 1, name: 'Site Admin' },
      entries: [
        { account: 'revenue', userId: null, userName: null, amount: '-7.250' },
        { account: 'wallet', userId: 7, userName: 'Mona Al-Sabah', amount: '7.250' },
      ],
    });
    api({ [LEDGER]: ok(listPage([refund, transfer()], { total: 2 })) });
    const { missing } = await renderPage();
    const table = await screen.findByTestId('ledger-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('scope')),
    ).toEqual(Array(6).fill('col'));
    const first = rows[1] as HTMLElement;
    expect(within(first).getByText(en.kinds.manual_refund)).toBeTruthy();
    expect(within(first).getByText('تعويض عن درس لم يحضره المعلم').getAttribute('dir')).toBe('auto');
    expect(within(first).getByRole('link', { name: 'Site Admin' }).getAttribute('href')).toBe('/en/admin/users/1');
    const lines = within(first).getByTestId('ledger-entries');
    expect(within(lines).getAllByRole('listitem').map(text)).toEqual([
      'Platform revenue:-KWD 7.250',
      'Wallet (Mona Al-Sabah):+KWD 7.250',
    ]);
    expect(within(lines).getByRole('link', { name: 'Mona Al-Sabah' }).getAttribute('href')).toBe('/en/admin/users/7');
    expect(
      within(first)
        .getByRole('link', { name: /Payment/ })
        .getAttribute('href'),
    ).toBe('/en/admin/payments?search=pay77');
    expect(within(first).getByText('Reservation #31')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText(en.common.system)).toBeTruthy();
    expect(screen.getByText('2 results')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('sends the filters of the URL (a link from the user page) and of the fields', async () => {
    const calls = api();
    const { router } = await renderPage({
      path: '/admin/ledger?userId=7&kind=manual_refund&from=2026-03-01&to=2026-03-10',
    });
    await screen.findByTestId('ledger-table');
    const list = listRequests(calls, LEDGER);
    list.expectFirstPage({
      userId: '7',
      kind: 'manual_refund',
      // Calendar days of the viewer's zone: from the start of the 1st to the start of the 11th.
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 11).toISOString(),
    });
    expect((screen.getByLabelText(en.common.userId) as HTMLInputElement).value).toBe('7');

    const user = userEvent.setup();
    await list.select(user, en.ledger.kindFilter, 'booking_refund', ['kind', 'booking_refund']);
    const userId = screen.getByLabelText(en.common.userId);
    await user.clear(userId);
    await user.type(userId, '12{Enter}');
    await list.expectLast('userId', '12');
    expect(router.state.location.search).toContain('userId=12');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const last = calls.callsTo(LEDGER).at(-1)?.search;
    expect([last?.get('userId'), last?.get('kind'), last?.get('from')]).toEqual([null, null, null]);
  });

  it('makes a manual refund with amount, reason and an Idempotency-Key, then asks the ledger again', async () => {
    let refunded = false;
    const calls = api({
      [LEDGER]: () => ok(listPage(refunded ? [transfer({ kind: 'manual_refund' }), transfer()] : [transfer()])),
      [REFUND]: () => {
        refunded = true;
        return ok({ transfer: transfer({ kind: 'manual_refund' }), balance: '25.250' });
      },
    });
    await renderPage({ path: '/admin/ledger?userId=7' });
    await screen.findByTestId('ledger-table');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.ledger.refundAction }));
    const dialog = await screen.findByRole('dialog', { name: en.refund.title });
    expect((within(dialog).getByLabelText(/User id/) as HTMLInputElement).value).toBe('7');
    await user.type(within(dialog).getByLabelText(/Amount/), '5.250');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Goodwill for a missed lesson');
    await user.click(within(dialog).getByRole('button', { name: en.refund.confirm }));

    expect(await screen.findAllByText('Refunded KWD 5.250. New wallet balance: KWD 25.250')).not.toEqual([]);
    const [post] = calls.callsTo(REFUND);
    expect(post?.body).toEqual({ userId: 7, amount: '5.250', reason: 'Goodwill for a missed lesson' });
    expect(post?.headers.get('idempotency-key')).toMatch(UUID);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.callsTo(LEDGER)).toHaveLength(2));
    expect(await within(screen.getByTestId('ledger-table')).findByText(en.kinds.manual_refund)).toBeTruthy();
  });

  it('keeps the Idempotency-Key for a retry in the same dialog, and makes a new one for the next', async () => {
    const answers = [{ status: 500, body: { status: 500, message: 'Internal error' } }];
    const calls = api({
      [REFUND]: () => answers.shift() ?? ok({ transfer: transfer({ kind: 'manual_refund' }), balance: '3.000' }),
    });
    await renderPage();
    await screen.findByTestId('ledger-table');
    const user = userEvent.setup();
    const dialog = await sendRefund(user, { userId: '7', amount: '3', reason: 'Gateway charge not matched' });
    expect(await screen.findAllByText('Something went wrong. Please try again.')).not.toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: en.refund.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [failed, retried] = calls.callsTo(REFUND);
    expect(retried?.headers.get('idempotency-key')).toBe(failed?.headers.get('idempotency-key'));

    await sendRefund(user, { userId: '7', amount: '3', reason: 'Gateway charge not matched' });
    await waitFor(() => expect(calls.callsTo(REFUND)).toHaveLength(3));
    expect(calls.callsTo(REFUND)[2]?.headers.get('idempotency-key')).not.toBe(failed?.headers.get('idempotency-key'));
  });

  it('checks the user id and the amount before sending, and shows the server refusing an unknown user', async () => {
    const calls = api({
      [REFUND]: refusal(422, { errors: { userId: 'notFound' } }),
    });
    await renderPage();
    await screen.findByTestId('ledger-table');
    const user = userEvent.setup();
    const dialog = await sendRefund(user, { amount: '1500', reason: 'Too much' });
    expect(within(dialog).getAllByRole('alert').map(text)).toEqual([
      en.refund.errors.userId,
      'At most KWD 1,000.000 in one refund',
    ]);
    expect(calls.callsTo(REFUND)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/User id/), '999');
    const amount = within(dialog).getByLabelText(/Amount/);
    await user.clear(amount);
    await user.type(amount, '١٢٫٥');
    await user.click(within(dialog).getByRole('button', { name: en.refund.confirm }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByLabelText(/User id/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(
      within(dialog)
        .getAllByText(en.refund.errors.userNotFound)
        .some((node) => node.tagName === 'P'),
    ).toBe(true);
    expect(calls.callsTo(REFUND)[0]?.body).toEqual({ userId: 999, amount: '12.5', reason: 'Too much' });
  });

  it('an admin refunding their own wallet is told why it is refused (403 selfRefund)', async () => {
    api({
      [REFUND]: refusal(403, { code: 'selfRefund', message: 'An admin cannot refund their own wallet' }),
    });
    await renderPage();
    await screen.findByTestId('ledger-table');
    const user = userEvent.setup();
    await sendRefund(user, { userId: '1', amount: '5', reason: 'Goodwill' });
    expect((await screen.findAllByText(adminEn.errors.selfRefund)).length).toBeGreaterThan(0);
  });

  it('reads in Arabic', async () => {
    api({ [LEDGER]: ok(listPage([transfer({ kind: 'booking_refund' })])) });
    const { missing } = await renderPage({ language: 'ar' });
    await screen.findByTestId('ledger-table');
    expect(screen.getByRole('heading', { level: 1, name: ar.ledger.title })).toBeTruthy();
    expect(within(screen.getByTestId('ledger-table')).getByText(ar.kinds.booking_refund)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: ar.ledger.columns.entries })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.ledger.refundAction })).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
