import { screen } from '@testing-library/react';
import type { Reservation } from '@ustaz/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { mockApi } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { ReservationCard, type ReservationViewer } from './reservation-card.tsx';
import { reservation } from './reservation-test-data.ts';

afterEach(() => vi.unstubAllGlobals());

/** The card of the 14 March 2026 lesson, seen on `now`. */
async function card(of: Reservation, now: string, language: 'ar' | 'en', viewer: ReservationViewer = 'student') {
  mockApi({});
  const view = await renderAppRoute(
    <ReservationCard reservation={of} viewer={viewer} timeZone="Asia/Kuwait" now={new Date(now)} onCancel={vi.fn()} />,
    { language, path: '/reservations', auth: signedIn() },
  );
  await screen.findByTestId('reservation');
  return view;
}

const AFTER = '2026-03-20T09:00:00.000Z';
const BEFORE = '2026-03-10T09:00:00.000Z';

describe('"Book again" on a past lesson (issue 32)', () => {
  it.each([
    ['en', 'Book again with Mona Al-Sabah'],
    ['ar', 'احجز مجدداً مع Mona Al-Sabah'],
  ] as const)(
    "%s: a student gets it on a completed lesson, to the teacher page's open slots",
    async (language, name) => {
      const { missing } = await card(reservation({ status: 'completed', canCancel: false }), AFTER, language);
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(`/${language}/teachers/7#teacher-slots-title`);
      expect(missing).toEqual([]);
    },
  );

  it('not on an upcoming lesson, nor for the teacher', async () => {
    const upcoming = await card(reservation({ status: 'confirmed' }), BEFORE, 'en');
    expect(screen.queryByTestId('book-again')).toBeNull();
    upcoming.unmount();
    await card(reservation({ status: 'completed', canCancel: false }), AFTER, 'en', 'teacher');
    expect(screen.queryByTestId('book-again')).toBeNull();
  });
});
