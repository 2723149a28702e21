import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Proposal, Reservation } from '@ustaz/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/reschedule.json';
import en from '../../../public/locales/en/reschedule.json';
import { formatKwd } from '../../shared/lib/format.ts';
import { mockApi } from '../../shared/test/mock-api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { ReservationCard } from './reservation-card.tsx';
import { reservation } from './reservation-test-data.ts';

const ZONE = 'Asia/Kuwait';
const NOW = new Date('2026-03-10T09:00:00.000Z');
const ACCEPT = 'POST /api/v1/reservation-proposals/3/accept';
const DECLINE = 'POST /api/v1/reservation-proposals/3/decline';

const proposal = (overrides: Partial<Proposal> = {}): Proposal => ({
  id: 3,
  reservationId: 5,
  status: 'open',
  timeSlotId: 21,
  startTime: '2026-03-16T15:00:00.000Z',
  endTime: '2026-03-16T16:00:00.000Z',
  price: '15.000',
  note: 'I am travelling on Saturday',
  createdAt: '2026-03-09T09:00:00.000Z',
  expiresAt: '2026-03-14T15:00:00.000Z',
  ...overrides,
});

const proposed = (overrides: Partial<Proposal> = {}) => reservation({ proposal: proposal(overrides) });

async function renderCard(lesson: Reservation, language: 'ar' | 'en' = 'en') {
  return renderRoute(
    <ReservationCard reservation={lesson} viewer="student" timeZone={ZONE} now={NOW} onCancel={() => {}} />,
    { language, path: '/reservations' },
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('The teacher proposal banner (student)', () => {
  it('shows the proposed time, the note and the difference, instead of Move lesson; Accept sends its price', async () => {
    const api = mockApi({
      [ACCEPT]: {
        status: 200,
        body: {
          proposal: proposal({ status: 'accepted' }),
          reservation: reservation({ startTime: '2026-03-16T15:00:00.000Z', endTime: '2026-03-16T16:00:00.000Z' }),
          difference: { charged: '2.500', refunded: '0.000', to: 'wallet' },
        },
      },
    });
    const { missing } = await renderCard(proposed());
    const banner = await screen.findByTestId('proposal-banner');
    // Monday 16 March, 18:00 in Kuwait.
    expect(within(banner).getByTestId('proposal-time').textContent).toMatch(/Monday, March 16.*6:00/);
    expect(within(banner).getByText('I am travelling on Saturday')).toBeTruthy();
    expect(within(banner).getByTestId('price-difference').textContent).toBe(
      en.price.more.replace('{{amount}}', formatKwd(2.5, 'en') ?? ''),
    );
    expect(screen.queryByRole('button', { name: en.move.button })).toBeNull();
    await userEvent.setup().click(within(banner).getByRole('button', { name: en.proposal.accept }));
    await waitFor(() => expect(api.callsTo(ACCEPT)).toHaveLength(1));
    expect(api.callsTo(ACCEPT)[0]?.body).toEqual({ expectedTotal: '15.000' });
    expect(missing).toEqual([]);
  });

  it('Decline sends the answer; a closed proposal is explained', async () => {
    const api = mockApi({
      [DECLINE]: { status: 409, body: { status: 409, code: 'proposalClosed', message: 'Closed' } },
    });
    await renderCard(proposed({ price: '10.000' }));
    const banner = await screen.findByTestId('proposal-banner');
    expect(within(banner).getByTestId('price-difference').textContent).toBe(
      en.price.less.replace('{{amount}}', formatKwd(2.5, 'en') ?? ''),
    );
    await userEvent.setup().click(within(banner).getByRole('button', { name: en.proposal.decline }));
    expect(await within(banner).findByText(en.errors.proposalClosed)).toBeTruthy();
    expect(api.callsTo(DECLINE)).toHaveLength(1);
  });

  it('a changed price on accept is explained in Arabic', async () => {
    mockApi({ [ACCEPT]: { status: 409, body: { status: 409, code: 'priceChanged', message: 'Changed' } } });
    await renderCard(proposed({ price: '12.500' }), 'ar');
    const banner = await screen.findByTestId('proposal-banner');
    expect(within(banner).getByTestId('price-difference').textContent).toBe(ar.price.same);
    await userEvent.setup().click(within(banner).getByRole('button', { name: ar.proposal.accept }));
    expect(await within(banner).findByText(ar.errors.priceChanged)).toBeTruthy();
  });

  it('after a decline: no banner, the full refund whatever the time, on the line and the Cancel button', async () => {
    mockApi({});
    await renderCard(
      reservation({
        proposal: null,
        freeCancel: true,
        canCancel: true,
        startTime: '2026-03-10T15:00:00.000Z',
        endTime: '2026-03-10T16:00:00.000Z',
        canReschedule: false,
      }),
    );
    expect(await screen.findByTestId('free-cancel')).toBeTruthy();
    expect(screen.getByTestId('free-cancel').textContent).toBe(en.proposal.freeCancel);
    expect(screen.queryByTestId('proposal-banner')).toBeNull();
    expect(screen.queryByTestId('cancellation-closed')).toBeNull();
    expect(screen.getByRole('button', { name: en.proposal.cancelFull })).toBeTruthy();
  });

  it('an accepted or declined proposal shows no banner', async () => {
    mockApi({});
    await renderCard(proposed({ status: 'declined' }));
    await screen.findByTestId('reservation');
    expect(screen.queryByTestId('proposal-banner')).toBeNull();
  });
});
