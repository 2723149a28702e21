import { screen } from '@testing-library/react';
import type { ReviewState } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../shared/auth/auth-context.tsx';
import { REVIEW_PROMPTS_LIMIT } from '../../shared/reviews/reviews-due.ts';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { ConfirmationModalFromHost } from '../../shared/ui/confirmation-modal.tsx';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { reservation, reservationsPage } from './reservation-test-data.ts';
import { ReservationsPage } from './reservations-page.tsx';

// Issue 30 item 8: once both reviews are published, the card shows what the other side wrote.
const done = reservation({ id: 6, status: 'completed', canCancel: false });

function stubApi(aboutMe: ReviewState['aboutMe']) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/v1/reservations') {
        if (url.searchParams.get('limit') === String(REVIEW_PROMPTS_LIMIT))
          return jsonResponse(200, reservationsPage([]));
        return jsonResponse(200, reservationsPage([done]));
      }
      if (url.pathname === '/api/reviews/mine') {
        asked.push(url.searchParams.get('reservationIds') ?? '');
        const state: ReviewState = {
          reservationId: 6,
          mine: 'written',
          canReview: false,
          reviewDeadline: null,
          aboutMe,
        };
        return jsonResponse(200, [state]);
      }
      return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return asked;
}

function renderPage(language: 'ar' | 'en') {
  return renderRoute(
    <AuthContext value={signedIn(student())}>
      <ModalProvider registry={{ CONFIRMATION_MODAL: ConfirmationModalFromHost }}>
        <ReservationsPage timeZone="Asia/Kuwait" now={new Date('2026-03-10T09:00:00.000Z')} />
      </ModalProvider>
    </AuthContext>,
    { language, path: '/reservations?scope=past' },
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe("the other side's published review on the reservation card", { timeout: 20_000 }, () => {
  it.each([
    ['en', /What .*Mona Al-Sabah.* wrote about you/],
    ['ar', /تقييم .*Mona Al-Sabah.* لك/],
  ] as const)('in %s: the heading, stars and comment', async (language, heading) => {
    const asked = stubApi({ rating: 5, comment: 'A keen student' });
    await renderPage(language);
    const about = await screen.findByTestId('review-about-me', {}, { timeout: 5000 });
    expect(about.textContent).toMatch(heading);
    expect(about.textContent).toContain('A keen student');
    expect(asked).toContain('6');
  });

  it('nothing before it is published (the server answers null)', async () => {
    stubApi(null);
    await renderPage('en');
    await screen.findAllByText(/Mona Al-Sabah/, {}, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('review-about-me')).toBeNull();
  });
});
