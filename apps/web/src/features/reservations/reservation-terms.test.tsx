import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/reservations.json';
import en from '../../../public/locales/en/reservations.json';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { mockApi } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { ReservationCard } from './reservation-card.tsx';
import { reservation } from './reservation-test-data.ts';

const NOW = new Date('2026-03-10T09:00:00.000Z');
const HOUR = 3_600_000;

function lessonIn(hours: number, status: 'pending' | 'confirmed') {
  const start = new Date(NOW.getTime() + hours * HOUR);
  return reservation({
    status,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + HOUR).toISOString(),
    cancelDeadline: new Date(start.getTime() - 24 * HOUR).toISOString(),
    canCancel: status === 'pending' || hours > 24,
  });
}

async function card(of: ReturnType<typeof reservation>, language: 'ar' | 'en') {
  mockApi({});
  const view = await renderAppRoute(
    <ReservationCard reservation={of} viewer="student" timeZone="Asia/Kuwait" now={NOW} onCancel={vi.fn()} />,
    { language, path: '/reservations', auth: signedIn() },
  );
  return { ...view, card: await screen.findByTestId('reservation') };
}

describe('the reservation card states the cancellation terms by the one rule (issue 30 item 4)', () => {
  for (const language of ['en', 'ar'] as const) {
    const texts = language === 'en' ? en : ar;
    const free = texts.card.cancelUntil.split('{{')[0] as string;

    it(`a pending lesson under 24 hours: once paid it cannot be cancelled, no "free until" a past time (${language})`, async () => {
      const { card: view, missing } = await card(lessonIn(6, 'pending'), language);
      expect(view.textContent).not.toContain(free);
      expect(view.querySelector('[data-testid="cancellation-closed"]')?.textContent).toContain(
        texts.card.closedOncePaid.split(':')[0] as string,
      );
      expect(missing).toEqual([]);
    });

    it(`a confirmed lesson over 24 hours: free cancellation until 24 hours before (${language})`, async () => {
      const { card: view } = await card(lessonIn(48, 'confirmed'), language);
      expect(view.querySelector('[data-testid="cancel-until"]')?.textContent).toContain(free);
      expect(view.querySelector('[data-testid="cancellation-closed"]')).toBeNull();
    });
  }
});
