import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../public/locales/en/reservations.json';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { ReservationCard } from './reservation-card.tsx';
import { reservation } from './reservation-test-data.ts';
import { StandingBadge, StandingCharge } from './standing-badge.tsx';

describe('StandingBadge (issue 32)', () => {
  it('a weekly lesson waiting for its charge is not "held until the payment is completed" on its card (both sides)', async () => {
    const lesson = reservation({ status: 'pending', standingBookingId: 5, chargeAt: '2026-03-12T15:00:00.000Z' });
    for (const viewer of ['student', 'teacher'] as const) {
      const { unmount } = await renderAppRoute(
        <ReservationCard
          reservation={lesson}
          viewer={viewer}
          timeZone="Asia/Kuwait"
          now={new Date('2026-03-10T09:00:00.000Z')}
          onCancel={() => {}}
        />,
        { language: 'en', path: '/reservations', auth: signedIn(student()) },
      );
      expect(screen.getByTestId('standing-charge').textContent).toBe('Will be charged on Thursday, March 12, 2026');
      expect(screen.queryByText(en.card.pendingStudent)).toBeNull();
      expect(screen.queryByText(en.card.pendingTeacher)).toBeNull();
      unmount();
    }
    // A gateway booking's pending lesson still says it.
    await renderAppRoute(
      <ReservationCard
        reservation={reservation({ status: 'pending', standingBookingId: null })}
        viewer="student"
        timeZone="Asia/Kuwait"
        now={new Date('2026-03-10T09:00:00.000Z')}
        onCancel={() => {}}
      />,
      { language: 'en', path: '/reservations', auth: signedIn(student()) },
    );
    expect(screen.getByText(en.card.pendingStudent)).toBeTruthy();
  });

  it('marks a series lesson "Weekly" and says when an unpaid one is charged', async () => {
    const lesson = reservation({ status: 'pending', standingBookingId: 5, chargeAt: '2026-03-12T15:00:00.000Z' });
    await renderAppRoute(
      <>
        <StandingBadge reservation={lesson} />
        <StandingCharge reservation={lesson} timeZone="Asia/Kuwait" />
      </>,
      {
        language: 'en',
        path: '/reservations',
        auth: signedIn(student()),
      },
    );
    expect(screen.getByTestId('standing-badge').textContent).toBe('Weekly');
    expect(screen.getByTestId('standing-charge').textContent).toBe('Will be charged on Thursday, March 12, 2026');
  });

  it('shows nothing for a lesson outside a series, and no charge date once paid', async () => {
    await renderAppRoute(
      <>
        <StandingBadge reservation={reservation({ standingBookingId: null })} />
        <StandingCharge reservation={reservation({ standingBookingId: null })} timeZone="Asia/Kuwait" />
        <StandingBadge reservation={reservation({ status: 'confirmed', standingBookingId: 5, chargeAt: null })} />
        <StandingCharge
          reservation={reservation({ status: 'confirmed', standingBookingId: 5, chargeAt: null })}
          timeZone="Asia/Kuwait"
        />
      </>,
      { language: 'ar', path: '/reservations', auth: signedIn(student()) },
    );
    const badges = screen.getAllByTestId('standing-badge');
    expect(badges).toHaveLength(1);
    expect(badges[0]?.textContent).toBe('أسبوعي');
    expect(screen.queryByTestId('standing-charge')).toBeNull();
  });
});
