import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDispute } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin-money.json';
import en from '../../../../public/locales/en/admin-money.json';
import { type ApiRoute, mockApi, ok } from '../../../shared/test/mock-api.ts';
import { adminPageRenderer, listRequests, refusal, setUpAdminTests, tableRow } from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { AdminDisputesPage } from './disputes-page.tsx';

const LIST = 'GET /api/v1/admin/disputes';
const ONE = 'GET /api/v1/admin/disputes/4';
const RESOLVE = 'POST /api/v1/admin/disputes/4/resolve';
const renderPage = adminPageRenderer(<AdminDisputesPage />, '/admin/disputes');

function dispute(overrides: Partial<AdminDispute> = {}): AdminDispute {
  return {
    id: 4,
    reservationId: 31,
    reportedBy: 'student',
    reason: 'teacherAbsent',
    details: 'انتظرت ٢٠ دقيقة',
    status: 'open',
    refundAmount: null,
    resolutionNote: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    resolvedAt: null,
    studentId: 9,
    studentName: 'Fahad Al-Ali',
    teacherId: 7,
    teacherName: 'Mona Al-Sabah',
    startTime: '2026-11-25T08:00:00.000Z',
    endTime: '2026-11-25T09:00:00.000Z',
    paid: '12.500',
    paidWith: 'wallet',
    attendance: { student: true, teacher: false },
    ...overrides,
  };
}

/**
 * The page listing dispute 4, with the dispute opened from the list in its drawer; the server
 * answers the resolve with `resolve` (when given).
 */
async function openDispute(language: 'ar' | 'en' = 'en', resolve?: ApiRoute) {
  const calls = mockApi({
    [LIST]: ok(listPage([dispute()])),
    [ONE]: ok({ dispute: dispute() }),
    ...(resolve ? { [RESOLVE]: resolve } : {}),
  });
  await renderPage({ language });
  const texts = language === 'ar' ? ar : en;
  const user = userEvent.setup();
  // The id in the page's digits (issue 17): "فتح النزاع ٤" on the Arabic page.
  const id = language === 'ar' ? '٤' : '4';
  await user.click(await screen.findByRole('button', { name: texts.disputes.openLabel.replace('{{id}}', id) }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('dispute-details');
  return { calls, user, dialog, texts };
}

setUpAdminTests();

describe('AdminDisputesPage', () => {
  it('lists open disputes by default and filters resolved ones', async () => {
    const calls = mockApi({ [LIST]: ok(listPage([dispute()])) });
    const { missing } = await renderPage();
    await screen.findByTestId('disputes-table');
    const list = listRequests(calls, LIST);
    list.expectFirstPage({ status: 'open' });
    const row = tableRow('disputes-table', 'Fahad Al-Ali');
    expect(within(row).getByText(en.disputes.reasons.teacherAbsent)).toBeTruthy();
    expect(within(row).getByText(en.disputes.status.open)).toBeTruthy();
    expect(missing).toEqual([]);
    await list.select(userEvent.setup(), en.disputes.statusFilter, 'resolved', ['status', 'resolved']);
  });

  it('shows the lesson, the parties, what was paid, attendance and the report in the drawer', async () => {
    const { dialog } = await openDispute();
    expect(within(dialog).getByTestId('dispute-paid').textContent).toContain('12.500');
    expect(within(dialog).getByText(en.disputes.detail.studentAttended).nextElementSibling?.textContent).toBe(
      en.disputes.attended,
    );
    expect(within(dialog).getByText(en.disputes.detail.teacherAttended).nextElementSibling?.textContent).toBe(
      en.disputes.absent,
    );
    expect(within(dialog).getByText('انتظرت ٢٠ دقيقة')).toBeTruthy();
  });

  it('refuses a part refund above what was paid before asking the server', async () => {
    const { calls, user, dialog } = await openDispute();
    await user.click(within(dialog).getByRole('radio', { name: en.disputes.form.decisions.refundPart }));
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to refund/ }), '12.501');
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Teacher absent');
    await user.click(within(dialog).getByRole('button', { name: en.disputes.form.continue }));
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(/At most what was paid: KWD.12\.500/)).toBeTruthy();
    expect(within(dialog).queryByTestId('dispute-confirm')).toBeNull();
    expect(calls.callsTo(RESOLVE)).toEqual([]);
  });

  it('takes a part refund in Arabic-Indic digits with ٫, confirms, and sends ASCII digits', async () => {
    const refunded = dispute({ status: 'refunded', refundAmount: '2.500', resolutionNote: 'حضر جزئيًا' });
    const { calls, user, dialog, texts } = await openDispute('ar', ok({ dispute: refunded }));
    await user.click(within(dialog).getByRole('radio', { name: texts.disputes.form.decisions.refundPart }));
    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(texts.disputes.form.amount.replace(/[()]/g, '.')) }),
      '٢٫٥',
    );
    await user.type(within(dialog).getByRole('textbox', { name: new RegExp(texts.disputes.form.note) }), 'حضر جزئيًا');
    await user.click(within(dialog).getByRole('button', { name: texts.disputes.form.continue }));
    const confirm = await within(dialog).findByTestId('dispute-confirm');
    expect(confirm.textContent).toContain('٢٫٥٠٠');
    await user.click(within(confirm).getByRole('button', { name: texts.disputes.confirm.submit }));
    await waitFor(() => expect(calls.callsTo(RESOLVE)).toHaveLength(1));
    expect(calls.callsTo(RESOLVE)[0]?.body).toEqual({ outcome: 'refund', amount: '2.5', note: 'حضر جزئيًا' });
  });

  it('asks for a decision and a note, goes back from the confirm step, and releases to the teacher without an amount', async () => {
    const { calls, user, dialog } = await openDispute('en', ok({ dispute: dispute({ status: 'released' }) }));
    await user.click(within(dialog).getByRole('button', { name: en.disputes.form.continue }));
    expect(within(dialog).getByText(en.disputes.form.decisionRequired)).toBeTruthy();
    expect(within(dialog).getByText(en.disputes.form.noteRequired)).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: /Refund in full/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'No show');
    await user.click(within(dialog).getByRole('button', { name: en.disputes.form.continue }));
    await user.click(within(dialog).getByRole('button', { name: en.disputes.confirm.back }));
    await user.click(within(dialog).getByRole('radio', { name: en.disputes.form.decisions.release }));
    await user.click(within(dialog).getByRole('button', { name: en.disputes.form.continue }));
    await user.click(within(dialog).getByRole('button', { name: en.disputes.confirm.submit }));
    await waitFor(() => expect(calls.callsTo(RESOLVE)).toHaveLength(1));
    expect(calls.callsTo(RESOLVE)[0]?.body).toEqual({ outcome: 'release', note: 'No show' });
    expect(await screen.findByText(en.disputes.done.released)).toBeTruthy();
  });

  it('says a dispute resolved meanwhile (409) and a 422 refundTooLarge in their own words', async () => {
    let answer = refusal(422, { errors: { amount: 'refundTooLarge' } });
    const { user, dialog } = await openDispute('en', () => answer);
    await user.click(within(dialog).getByRole('radio', { name: en.disputes.form.decisions.refundPart }));
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to refund/ }), '3');
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Part');
    await user.click(within(dialog).getByRole('button', { name: en.disputes.form.continue }));
    await user.click(within(dialog).getByRole('button', { name: en.disputes.confirm.submit }));
    expect((await within(dialog).findAllByText(en.disputes.fieldErrors.refundTooLarge)).length).toBeGreaterThan(0);

    answer = refusal(409, { code: 'disputeAlreadyResolved', message: 'x' });
    await user.click(within(dialog).getByRole('button', { name: en.disputes.form.continue }));
    await user.click(within(dialog).getByRole('button', { name: en.disputes.confirm.submit }));
    expect((await screen.findAllByText(en.disputes.errors.disputeAlreadyResolved)).length).toBeGreaterThan(0);
  });
});
