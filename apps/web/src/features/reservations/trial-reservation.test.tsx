import { screen } from '@testing-library/react';
import type { Reservation } from '@ustaz/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { mockApi } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { ReservationCard } from './reservation-card.tsx';
import { reservation } from './reservation-test-data.ts';

afterEach(() => vi.unstubAllGlobals());

async function card(of: Reservation, now: string, language: 'ar' | 'en') {
  mockApi({});
  const view = await renderAppRoute(
    <ReservationCard reservation={of} viewer="student" timeZone="Asia/Kuwait" now={new Date(now)} onCancel={vi.fn()} />,
    { language, path: '/reservations', auth: signedIn() },
  );
  await screen.findByTestId('reservation');
  return view;
}

const AFTER = '2026-03-20T09:00:00.000Z';
const BEFORE = '2026-03-10T09:00:00.000Z';

describe('a trial lesson on the reservations list (issue 32)', () => {
  it.each([
    ['en', 'Trial', 'Book every week with Mona Al-Sabah'],
    ['ar', 'تجريبي', 'احجز كل أسبوع مع Mona Al-Sabah'],
  ] as const)('%s: a completed trial has the badge and the weekly offer', async (language, badge, name) => {
    const { missing } = await card(
      reservation({ kind: 'trial', status: 'completed', canCancel: false }),
      AFTER,
      language,
    );
    expect(screen.getByTestId('trial-badge').textContent).toBe(badge);
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toBe(`/${language}/teachers/7?weekly=1`);
    expect(missing).toEqual([]);
  });

  it('an upcoming trial has the badge but no weekly offer; an ordinary lesson neither', async () => {
    const upcoming = await card(reservation({ kind: 'trial', status: 'confirmed' }), BEFORE, 'en');
    expect(screen.getByTestId('trial-badge')).toBeTruthy();
    expect(screen.queryByTestId('weekly-offer')).toBeNull();
    upcoming.unmount();
    await card(reservation({ kind: 'lesson', status: 'completed', canCancel: false }), AFTER, 'en');
    expect(screen.queryByTestId('trial-badge')).toBeNull();
    expect(screen.queryByTestId('weekly-offer')).toBeNull();
  });
});
