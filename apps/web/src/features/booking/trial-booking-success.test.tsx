import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { mockApi } from '../../shared/test/mock-api.ts';
import { bookingResponse, reservation } from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { SuccessView } from './booking-success.tsx';

beforeAll(async () => {
  await import('@ustaz/contract/responses');
});
afterEach(() => vi.unstubAllGlobals());

async function show(kind: 'lesson' | 'trial', language: 'ar' | 'en') {
  mockApi({});
  const lesson = reservation({ kind });
  const outcome = {
    status: 'success' as const,
    paymentPageOpened: false,
    response: bookingResponse({ reservations: [lesson] }),
  };
  const view = await renderAppRoute(
    <SuccessView titleId="t" teacherName="Mona Al-Sabah" outcome={outcome} onDone={vi.fn()} />,
    { language, path: '/teachers/7', auth: signedIn() },
  );
  return { view, teacherId: lesson.teacher.teacherProfileId };
}

describe('the booking success view of a trial (issue 32)', () => {
  it.each([
    ['en', 'Trial', 'Book every week with Mona Al-Sabah'],
    ['ar', 'تجريبي', 'احجز كل أسبوع مع Mona Al-Sabah'],
  ] as const)('%s: marks the trial and offers the same teacher every week', async (language, badge, name) => {
    const { view, teacherId } = await show('trial', language);
    expect((await screen.findByTestId('trial-badge')).textContent).toBe(badge);
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toBe(`/${language}/teachers/${teacherId}?weekly=1`);
    expect(view.missing).toEqual([]);
  });

  it('an ordinary lesson has neither', async () => {
    await show('lesson', 'en');
    await screen.findByTestId('booking-lessons');
    expect(screen.queryByTestId('trial-badge')).toBeNull();
    expect(screen.queryByTestId('weekly-offer')).toBeNull();
  });
});
