import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { reservation } from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { StandingSection } from './standing-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const person = { id: 2, firstName: 'Mona', lastName: 'Al-Sabah', photoUrl: null };
const lesson = (id: number, startTime: string, status: 'pending' | 'confirmed', chargeAt: string | null) =>
  reservation({
    id,
    status,
    startTime,
    endTime: startTime.replace('15:00', '16:00'),
    teacher: { ...person, teacherProfileId: 7, timeZone: 'Asia/Kuwait' },
    chargeAt,
    standingBookingId: 5,
  });

describe('StandingSection (issue 32)', () => {
  it('lists the series with "Charged on" for unpaid lessons, skips a week and stops after confirming', async () => {
    const series = {
      id: 5,
      status: 'active',
      weeks: 4,
      weekday: 6,
      time: '18:00',
      timeZone: 'Asia/Kuwait',
      teacher: { ...person, teacherProfileId: 7 },
      student: { id: 3, firstName: 'Sara', lastName: 'K', photoUrl: null },
      lessons: [
        lesson(11, '2099-03-14T15:00:00.000Z', 'confirmed', null),
        lesson(12, '2099-03-21T15:00:00.000Z', 'pending', '2099-03-19T15:00:00.000Z'),
      ],
      missingWeeks: ['2099-03-28'],
      createdAt: '2099-03-01T00:00:00.000Z',
      stoppedAt: null,
    };
    const api = mockApi({
      'GET /api/v1/standing-bookings': ok({ items: [series] }),
      'POST /api/v1/standing-bookings/5/skip': ok(series),
      'POST /api/v1/standing-bookings/5/stop': ok({ ...series, status: 'stopped' }),
    });
    await renderAppRoute(<StandingSection />, { language: 'en', path: '/profile', auth: signedIn(student()) });
    const card = await screen.findByTestId('series-5');
    expect(card.textContent).toContain('With Mona Al-Sabah');
    expect(card.textContent).toContain('Charged on');
    expect(card.textContent).toContain('No open time in these weeks');
    await userEvent.click(screen.getAllByRole('button', { name: 'Skip this week' })[1] as HTMLElement);
    await vi.waitFor(() => expect(api.callsTo('POST /api/v1/standing-bookings/5/skip')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/standing-bookings/5/skip')[0]?.body).toEqual({ reservationId: 12 });
    await userEvent.click(screen.getByRole('button', { name: 'Stop the series' }));
    expect(api.callsTo('POST /api/v1/standing-bookings/5/stop')).toHaveLength(0);
    expect(screen.getByRole('alertdialog').textContent).toContain('refunded in full');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, stop it' }));
    await vi.waitFor(() => expect(api.callsTo('POST /api/v1/standing-bookings/5/stop')).toHaveLength(1));
  });
});

describe('StandingSection states (issue 32)', () => {
  it('Arabic: none yet says how to start one and links to the teachers', async () => {
    mockApi({ 'GET /api/v1/standing-bookings': ok({ items: [] }) });
    await renderAppRoute(<StandingSection />, { language: 'ar', path: '/profile', auth: signedIn(student()) });
    const empty = await screen.findByTestId('standing-empty');
    expect(empty.textContent).toContain('لا دروس أسبوعية بعد');
    expect(screen.getByRole('link', { name: 'ابحث عن معلم' }).getAttribute('href')).toBe('/ar/teachers');
  });

  it('a failed load says so with a retry, never "none yet"', async () => {
    mockApi({ 'GET /api/v1/standing-bookings': { status: 500, body: { status: 500, message: 'boom' } } });
    await renderAppRoute(<StandingSection />, { language: 'en', path: '/profile', auth: signedIn(student()) });
    const error = await screen.findByTestId('standing-error', {}, { timeout: 8000 });
    expect(error.textContent).toContain('Your weekly lessons could not be loaded');
    expect(screen.queryByTestId('standing-empty')).toBeNull();
  });
});
