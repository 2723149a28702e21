import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatTimeRange } from '../../shared/lib/dates/formats.ts';
import type { BookingModalData } from '../../shared/money/money-modals.ts';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { teacherProfile, timeSlot } from './teacher-test-data.ts';
import { type BookingRequest, toBookingSlot, useBookingAction } from './use-booking-action.ts';

const ZONE = 'Asia/Kuwait';

function BookButton({ request }: { request: BookingRequest }) {
  const book = useBookingAction(ZONE);
  return (
    <button type="button" onClick={() => book(request)}>
      Book
    </button>
  );
}

function request(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    teacher: teacherProfile(),
    slots: [timeSlot('2099-03-14T15:00:00.000Z'), timeSlot('2099-03-14T17:00:00.000Z', { price: '10.000' })],
    onBooked: vi.fn(),
    ...overrides,
  };
}

describe('useBookingAction', () => {
  it('opens the booking modal with the teacher and each slot as the viewer sees it', async () => {
    const booking = request();
    const { modal } = await renderAppRoute(<BookButton request={booking} />, {
      language: 'en',
      path: '/teachers/7',
      auth: signedIn(student()),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(modal().kind).toBe('BOOKING_MODAL');
    const data = modal().data as BookingModalData;
    expect(data.teacherName).toBe('Mona Al-Sabah');
    expect(data.onBooked).toBe(booking.onBooked);
    expect(data.slots).toEqual([
      {
        id: booking.slots[0]?.id,
        price: '12.500',
        hours: 1,
        timeRange: formatTimeRange('2099-03-14T15:00:00.000Z', '2099-03-14T16:00:00.000Z', 'en', ZONE),
        date: 'Saturday, March 14, 2099',
        kind: 'lesson',
      },
      {
        id: booking.slots[1]?.id,
        price: '10.000',
        hours: 1,
        timeRange: formatTimeRange('2099-03-14T17:00:00.000Z', '2099-03-14T18:00:00.000Z', 'en', ZONE),
        date: 'Saturday, March 14, 2099',
        kind: 'lesson',
      },
    ]);
  });

  it('sends a guest to login, to come back to this page', async () => {
    const { router, modal } = await renderAppRoute(<BookButton request={request()} />, {
      language: 'ar',
      path: '/teachers/7',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(router.state.location.pathname).toBe('/ar/login');
    expect(router.state.location.state).toEqual({ from: '/ar/teachers/7' });
    expect(modal().kind).toBe('UNDEFINED');
  });

  it('opens nothing for an empty choice', async () => {
    const { modal } = await renderAppRoute(<BookButton request={request({ slots: [] })} />, {
      language: 'en',
      path: '/teachers/7',
      auth: signedIn(student()),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(modal().kind).toBe('UNDEFINED');
  });
});

describe('toBookingSlot', () => {
  it('gives the length in hours and the Arabic time and date', () => {
    const slot = timeSlot('2099-03-14T15:00:00.000Z', {
      endTime: '2099-03-14T16:30:00.000Z',
    });
    const shown = toBookingSlot(slot, 'ar', ZONE);
    expect(shown.hours).toBe(1.5);
    expect(shown.date).toContain('١٤');
    expect(shown.timeRange).toMatch(/[٠-٩]/);
  });
});
