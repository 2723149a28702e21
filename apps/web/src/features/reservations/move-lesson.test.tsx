import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reservation, TimeSlot } from '@ustaz/contract';
import { RESCHEDULE_MIN_HOURS } from '@ustaz/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/reschedule.json';
import en from '../../../public/locales/en/reschedule.json';
import { formatKwd } from '../../shared/lib/format.ts';
import { inTurn, mockApi } from '../../shared/test/mock-api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { ReservationCard } from './reservation-card.tsx';
import { reservation } from './reservation-test-data.ts';

const ZONE = 'Asia/Kuwait';
/** Four days before the lesson of the test data (14 March 2026, 15:00-16:00 UTC, 12.500 KWD). */
const NOW = new Date('2026-03-10T09:00:00.000Z');
const SLOTS = 'GET /api/teachers/teachers/7/available-time-slots';
const MOVE = 'POST /api/v1/reservations/5/reschedule';

const slot = (id: number, startTime: string, hours: number, price: string, status: TimeSlot['status'] = 'open') => ({
  id,
  startTime,
  endTime: new Date(Date.parse(startTime) + hours * 3_600_000).toISOString(),
  price,
  status,
  kind: 'lesson' as const,
});

const OPEN_SLOTS: TimeSlot[] = [
  slot(21, '2026-03-16T15:00:00.000Z', 1, '15.000'),
  slot(22, '2026-03-16T17:00:00.000Z', 1, '10.000'),
  slot(23, '2026-03-17T15:00:00.000Z', 1, '12.500'),
  // Another length, already past, or taken: not offered.
  slot(24, '2026-03-18T15:00:00.000Z', 2, '25.000'),
  slot(25, '2026-03-09T15:00:00.000Z', 1, '12.500'),
  slot(26, '2026-03-19T15:00:00.000Z', 1, '12.500', 'booked'),
  // A trial slot of the same length: a lesson does not move to a trial.
  { ...slot(27, '2026-03-20T15:00:00.000Z', 1, '12.500'), kind: 'trial' },
];

const moved = (overrides: Partial<Reservation> = {}) =>
  reservation({
    startTime: '2026-03-16T15:00:00.000Z',
    endTime: '2026-03-16T16:00:00.000Z',
    revision: 1,
    rescheduledAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  });

async function renderCard(lesson: Reservation, language: 'ar' | 'en' = 'en') {
  return renderRoute(
    <ReservationCard reservation={lesson} viewer="student" timeZone={ZONE} now={NOW} onCancel={() => {}} />,
    {
      language,
      path: '/reservations',
    },
  );
}

async function openDialog(texts: typeof en = en) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: texts.move.button }));
  const dialog = await screen.findByRole('dialog', { name: texts.move.title });
  return { user, dialog };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Move lesson (student)', () => {
  it('offers only open slots of the same length after now, grouped by day, and pays the difference of a dearer one', async () => {
    const api = mockApi({
      [SLOTS]: { status: 200, body: OPEN_SLOTS },
      [MOVE]: {
        status: 200,
        body: { reservation: moved(), difference: { charged: '2.500', refunded: '0.000', to: 'wallet' } },
      },
    });
    const { missing } = await renderCard(reservation());
    const { user, dialog } = await openDialog();
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['21', '22', '23']);
    // Two days: Monday 16 and Tuesday 17 March.
    expect(within(dialog).getAllByRole('group')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: en.move.confirm }).hasAttribute('disabled')).toBe(true);

    await user.click(radios[0] as HTMLElement);
    expect(within(dialog).getByTestId('price-difference').textContent).toBe(
      en.price.more.replace('{{amount}}', formatKwd(2.5, 'en') ?? ''),
    );
    await user.click(within(dialog).getByRole('button', { name: en.move.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(MOVE)[0]?.body).toEqual({ timeSlotId: 21, expectedTotal: '15.000' });
    expect(missing).toEqual([]);
  });

  it('says a cheaper time gives the difference back, and the same price is the same price', async () => {
    mockApi({ [SLOTS]: { status: 200, body: OPEN_SLOTS } });
    await renderCard(reservation());
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('radio', { name: /8:00/ }));
    expect(within(dialog).getByTestId('price-difference').textContent).toBe(
      en.price.less.replace('{{amount}}', formatKwd(2.5, 'en') ?? ''),
    );
    await user.click(within(dialog).getAllByRole('radio')[2] as HTMLElement);
    expect(within(dialog).getByTestId('price-difference').textContent).toBe(en.price.same);
  });

  it('a changed price is explained, the choice is cleared and the open times are read again', async () => {
    const api = mockApi({
      [SLOTS]: { status: 200, body: OPEN_SLOTS },
      [MOVE]: { status: 409, body: { status: 409, code: 'priceChanged', message: 'Price changed' } },
    });
    await renderCard(reservation());
    const { user, dialog } = await openDialog();
    await user.click((await within(dialog).findAllByRole('radio'))[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: en.move.confirm }));
    expect(await within(dialog).findByText(en.errors.priceChanged)).toBeTruthy();
    expect(within(dialog).queryByTestId('price-difference')).toBeNull();
    await waitFor(() => expect(api.callsTo(SLOTS)).toHaveLength(2));
  });

  it('too late: the 12-hour rule in words; a short balance offers the top-up', async () => {
    mockApi({
      [SLOTS]: { status: 200, body: OPEN_SLOTS },
      [MOVE]: { status: 409, body: { status: 409, code: 'rescheduleTooLate', message: 'Too late' } },
    });
    await renderCard(reservation());
    const { user, dialog } = await openDialog();
    await user.click((await within(dialog).findAllByRole('radio'))[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: en.move.confirm }));
    expect(
      await within(dialog).findByText(en.errors.rescheduleTooLate.replace('{{hours}}', String(RESCHEDULE_MIN_HOURS))),
    ).toBeTruthy();
  });

  it('an insufficient balance links to the wallet top-up', async () => {
    mockApi({
      [SLOTS]: { status: 200, body: OPEN_SLOTS },
      [MOVE]: { status: 422, body: { status: 422, errors: { balance: 'insufficientBalance' } } },
    });
    await renderCard(reservation());
    const { user, dialog } = await openDialog();
    await user.click((await within(dialog).findAllByRole('radio'))[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: en.move.confirm }));
    expect(await within(dialog).findByText(en.errors.insufficientBalance)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: en.errors.topUp }).getAttribute('href')).toBe(
      '/en/profile#wallet-title',
    );
  });

  it('a short balance can pay the rest by KNET: the new time held, the payment page opened, the dialog closed', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const link = 'http://localhost/api/v1/payments/sandbox/pay1';
    const api = mockApi({
      [SLOTS]: { status: 200, body: OPEN_SLOTS },
      [MOVE]: inTurn(
        { status: 422, body: { status: 422, errors: { expectedTotal: 'insufficientBalance' } } },
        {
          status: 202,
          body: {
            reservation: reservation(),
            topUp: { paymentId: 'pay1', paymentLink: link, amount: '2.500', holdExpiresAt: '2026-03-10T09:15:00.000Z' },
          },
        },
      ),
    });
    await renderCard(reservation(), 'ar');
    const { user, dialog } = await openDialog(ar);
    await user.click((await within(dialog).findAllByRole('radio'))[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: ar.move.confirm }));
    const pay = await within(dialog).findByRole('button', { name: ar.move.payRestByKnet });
    // The hold's minutes in Arabic-Indic digits.
    expect(within(dialog).getByText(ar.move.knetHold.replace('{{minutes}}', '١٥'))).toBeTruthy();
    await user.click(pay);
    await waitFor(() => expect(open).toHaveBeenCalledWith(link, '_blank'));
    const [first, second] = api.callsTo(MOVE);
    expect(first?.body).toEqual({ timeSlotId: 21, expectedTotal: '15.000' });
    expect(second?.body).toEqual({ timeSlotId: 21, expectedTotal: '15.000', topUpWith: 'payzah', language: 'ar' });
    expect(second?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ar.move.title })).toBeNull());
  });

  it('paying the rest by KNET says why it cannot start (a move already waiting for its payment)', async () => {
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    mockApi({
      [SLOTS]: { status: 200, body: OPEN_SLOTS },
      [MOVE]: inTurn(
        { status: 422, body: { status: 422, errors: { expectedTotal: 'insufficientBalance' } } },
        { status: 409, body: { status: 409, code: 'moveAwaitingPayment', message: 'waiting' } },
      ),
    });
    await renderCard(reservation());
    const { user, dialog } = await openDialog();
    await user.click((await within(dialog).findAllByRole('radio'))[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: en.move.confirm }));
    await user.click(await within(dialog).findByRole('button', { name: en.move.payRestByKnet }));
    expect(await within(dialog).findByText(en.errors.moveAwaitingPayment)).toBeTruthy();
    expect(window.open).not.toHaveBeenCalled();
  });

  it('says when there are no other open times of this length', async () => {
    mockApi({ [SLOTS]: { status: 200, body: [OPEN_SLOTS[3], OPEN_SLOTS[4]] } });
    await renderCard(reservation());
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText(en.move.empty)).toBeTruthy();
  });

  it('no longer movable: no button, the rule of 12 hours instead, in Arabic with Arabic-Indic digits', async () => {
    mockApi({});
    await renderCard(reservation({ canReschedule: false }), 'ar');
    const line = await screen.findByTestId('reschedule-closed');
    expect(line.textContent).toBe(ar.move.closed.replace('{{hours}}', '١٢'));
    expect(screen.queryByRole('button', { name: ar.move.button })).toBeNull();
  });

  it('a moved lesson carries the "Moved" mark, in both languages', async () => {
    mockApi({});
    const { unmount } = await renderCard(moved());
    expect((await screen.findByTestId('reservation-moved')).textContent).toBe(en.move.moved);
    unmount();
    await renderCard(moved(), 'ar');
    expect((await screen.findByTestId('reservation-moved')).textContent).toBe(ar.move.moved);
    expect(screen.getByRole('button', { name: ar.move.button })).toBeTruthy();
  });
});
