import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReservation } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin-money.json';
import en from '../../../../public/locales/en/admin-money.json';
import { type ApiRoute, mockApi, ok } from '../../../shared/test/mock-api.ts';
import {
  adminPageRenderer,
  listRequests,
  refusal,
  setUpAdminTests,
  tableRow,
  plainText as text,
} from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { adminReservation } from './moderation-test-data.ts';
import { AdminReservationsPage } from './reservations-page.tsx';

const LIST = 'GET /api/v1/admin/reservations';
const NOW = new Date('2026-03-10T09:00:00.000Z');

const renderPage = adminPageRenderer(<AdminReservationsPage now={NOW} />, '/admin/reservations');

function rowOf(id: number): HTMLElement {
  return tableRow('reservations-table', `#${id}`);
}

setUpAdminTests();

describe('AdminReservationsPage', () => {
  it('lists reservations with who cancelled and why, and sends the filters of the URL', async () => {
    const live = adminReservation({ id: 11 });
    const cancelled = adminReservation({
      id: 12,
      status: 'cancelled',
      cancelledBy: 'admin',
      cancelledAt: '2026-03-08T10:00:00.000Z',
      cancelReason: 'المعلم مريض',
    });
    const ended = adminReservation({ id: 13, endTime: '2026-03-09T16:00:00.000Z' });
    const calls = mockApi({ [LIST]: ok(listPage([live, cancelled, ended])) });
    const { missing } = await renderPage({ path: '/admin/reservations?userId=9&status=confirmed&from=2026-03-01' });
    await screen.findByTestId('reservations-table');
    listRequests(calls, LIST).expectFirstPage({
      userId: '9',
      status: 'confirmed',
      from: new Date(2026, 2, 1).toISOString(),
    });
    const row = rowOf(12);
    expect(within(row).getByText(en.cancelledBy.admin)).toBeTruthy();
    expect(within(row).getByText('المعلم مريض').getAttribute('dir')).toBe('auto');
    expect(within(row).getByRole('link', { name: 'Fahad Al-Ali' }).getAttribute('href')).toBe('/en/admin/users/9');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(rowOf(11)).getByRole('button', { name: 'Cancel reservation #11 with a refund' })).toBeTruthy();
    // A lesson that has ended cannot be cancelled any more.
    expect(within(rowOf(13)).queryByRole('button')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('needs a reason to cancel, says where the refund goes, and toasts the refund', async () => {
    const live = adminReservation({ id: 21, price: '12.500' });
    let cancelled = false;
    const cancel: ApiRoute = () => {
      cancelled = true;
      return ok({
        reservation: { ...live, status: 'cancelled', cancelledBy: 'admin', cancelReason: 'Teacher is ill' },
        refund: { to: 'wallet', amount: '12.500', hours: 0 },
      });
    };
    const calls = mockApi({
      [LIST]: () =>
        ok(listPage([cancelled ? { ...live, status: 'cancelled', cancelledBy: 'admin' } : (live as AdminReservation)])),
      'POST /api/v1/admin/reservations/21/cancel': cancel,
    });
    await renderPage();
    await screen.findByTestId('reservations-table');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel reservation #21 with a refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel reservation #21' });
    expect(text(within(dialog).getByTestId('cancel-refund-preview'))).toBe(
      'The student gets KWD 12.500 back to their wallet. Both the student and the teacher are notified.',
    );
    await user.click(within(dialog).getByRole('button', { name: en.reservations.confirm }));
    expect(within(dialog).getByText('Write at least 3 characters')).toBeTruthy();
    expect(calls.callsTo('POST /api/v1/admin/reservations/21/cancel')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Teacher is ill');
    await user.click(within(dialog).getByRole('button', { name: en.reservations.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.callsTo('POST /api/v1/admin/reservations/21/cancel')[0]?.body).toEqual({ reason: 'Teacher is ill' });
    const toast = await screen.findByText(/^Reservation cancelled\./);
    expect(text(toast)).toBe("Reservation cancelled. KWD 12.500 went back to the student's wallet.");
    await waitFor(() => expect(within(rowOf(21)).getByText(en.cancelledBy.admin)).toBeTruthy());
  });

  it('returns subscription hours, and says why a cancel was refused', async () => {
    const hours = adminReservation({
      id: 31,
      paidWith: 'subscription',
      startTime: '2026-03-14T15:00:00.000Z',
      endTime: '2026-03-14T16:30:00.000Z',
    });
    mockApi({
      [LIST]: ok(listPage([hours])),
      'POST /api/v1/admin/reservations/31/cancel': refusal(409, { message: 'ended', code: 'cancellationClosed' }),
    });
    await renderPage();
    await screen.findByTestId('reservations-table');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel reservation #31 with a refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('cancel-refund-preview').textContent).toBe(
      'The student gets 1.5 hours back to their subscription. Both the student and the teacher are notified.',
    );
    await user.type(within(dialog).getByLabelText(/Reason/), 'Duplicate booking');
    await user.click(within(dialog).getByRole('button', { name: en.reservations.confirm }));
    expect((await screen.findAllByText('This lesson has already ended.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    mockApi({ [LIST]: ok(listPage([adminReservation({ id: 41, status: 'pending', paidWith: 'payzah' })])) });
    const { missing } = await renderPage({ language: 'ar' });
    await screen.findByTestId('reservations-table');
    expect(screen.getByRole('heading', { level: 1, name: ar.reservations.title })).toBeTruthy();
    const row = within(screen.getByTestId('reservations-table')).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText(ar.reservationStatus.pending)).toBeTruthy();
    expect(within(row).getByText(ar.paidWith.payzah)).toBeTruthy();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'إلغاء الحجز #٤١ مع الاسترداد' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الحجز #٤١' });
    expect(within(dialog).getByTestId('cancel-refund-preview').textContent).toBe(ar.reservations.refundNone);
    expect(missing).toEqual([]);
  });

  it('translates the reasons the system writes (no raw key on an Arabic screen), and keeps a person’s own words', async () => {
    const reasons = ['holdExpired', 'paymentFailed', 'teacherNoShow', 'disputeRefund'] as const;
    const rows = reasons.map((cancelReason, index) =>
      adminReservation({ id: 51 + index, status: 'cancelled', cancelledBy: 'system', cancelReason }),
    );
    mockApi({ [LIST]: ok(listPage(rows)) });
    const { missing } = await renderPage({ language: 'ar' });
    await screen.findByTestId('reservations-table');
    const table = screen.getByTestId('reservations-table');
    for (const reason of reasons) {
      expect(within(table).getByText(ar.cancelReasons[reason])).toBeTruthy();
      expect(within(table).queryByText(reason)).toBeNull();
    }
    expect(missing).toEqual([]);
  });
});
