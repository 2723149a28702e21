import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AVAILABLE_SLOTS_DAYS } from '@ustaz/contract/constants';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { type ApiCall, mockApi, ok } from '../../shared/test/mock-api.ts';
import { bookingResponse, reservation } from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { SuccessView } from './booking-success.tsx';

/** Issue 32, "after a booking": one ordinary lesson booked offers the same time every week from next week. */

beforeAll(async () => {
  await import('@ustaz/contract/responses');
});
afterEach(() => vi.unstubAllGlobals());

const slot = (id: number, startTime: string, endTime: string, kind: 'lesson' | 'trial' = 'lesson') => ({
  id,
  startTime,
  endTime,
  price: '12.500',
  status: 'open',
  kind,
});
const NEXT_WEEK = slot(55, '2099-03-21T15:00:00.000Z', '2099-03-21T16:00:00.000Z');

type Slot = ReturnType<typeof slot>;

async function show(language: 'ar' | 'en', slots: Slot[] | ((call: ApiCall) => Slot[]), booked = reservation()) {
  const api = mockApi({
    'GET /api/teachers/teachers/7/available-time-slots': (call) =>
      ok(typeof slots === 'function' ? slots(call) : slots),
    'POST /api/v1/standing-bookings/preview': ok({
      lessons: [{ timeSlotId: 55, startTime: NEXT_WEEK.startTime, endTime: NEXT_WEEK.endTime, price: '12.500' }],
      missingWeeks: [],
    }),
  });
  const outcome = {
    status: 'success' as const,
    paymentPageOpened: false,
    response: bookingResponse({ reservations: [booked] }),
  };
  const view = await renderAppRoute(
    <SuccessView titleId="t" teacherName="Mona Al-Sabah" outcome={outcome} onDone={vi.fn()} />,
    { language, path: '/teachers/7', auth: signedIn(student()) },
  );
  return { api, view };
}

describe('the success view offers the same time every week (issue 32)', () => {
  it.each([
    ['en', 'Same time every week from Saturday', 'Every week at this time', 'Show the dates'],
    ['ar', 'نفس الموعد كل أسبوع بدءاً من', 'كل أسبوع في هذا الموعد', 'اعرض المواعيد'],
  ] as const)('%s: next week’s slot at this time, previewed from it', async (language, intro, box, preview) => {
    const { api, view } = await show(language, [
      slot(54, '2099-03-21T17:00:00.000Z', '2099-03-21T18:00:00.000Z'),
      NEXT_WEEK,
    ]);
    const offer = await screen.findByTestId('next-week-offer');
    expect(offer.textContent).toContain(intro);
    await userEvent.click(screen.getByRole('checkbox', { name: box }));
    await userEvent.click(screen.getByRole('button', { name: preview }));
    await screen.findByTestId('weekly-preview');
    expect(api.callsTo('POST /api/v1/standing-bookings/preview')[0]?.body).toEqual({
      timeSlotId: 55,
      weeks: 4,
      paymentMethod: 'balance',
    });
    expect(view.missing).toEqual([]);
  });

  it('a lesson 10 days ahead: next week (17 days ahead) is asked for from the lesson, past the list from now', async () => {
    const DAY = 86_400_000;
    const hour = (days: number) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + days * DAY).toISOString();
    const lessonStart = hour(10);
    const next = slot(58, hour(17), new Date(Date.parse(hour(17)) + 3_600_000).toISOString());
    // The server's list: open slots in the AVAILABLE_SLOTS_DAYS days after `from` (now when absent or past).
    const { api } = await show(
      'en',
      (call) => {
        const from = Math.max(Date.now(), Date.parse(call.search.get('from') ?? '') || 0);
        return [next].filter((one) => {
          const at = Date.parse(one.startTime);
          return at > from && at < from + AVAILABLE_SLOTS_DAYS * DAY;
        });
      },
      reservation({ startTime: lessonStart, endTime: new Date(Date.parse(lessonStart) + 3_600_000).toISOString() }),
    );
    const offer = await screen.findByTestId('next-week-offer');
    expect(offer.textContent).toContain('Same time every week from');
    expect(api.callsTo('GET /api/teachers/teachers/7/available-time-slots')[0]?.search.get('from')).toBe(lessonStart);
  });

  it('nothing when next week has no open lesson slot of this time and length', async () => {
    const { api } = await show('en', [
      slot(56, NEXT_WEEK.startTime, '2099-03-21T15:30:00.000Z'),
      slot(57, NEXT_WEEK.startTime, NEXT_WEEK.endTime, 'trial'),
    ]);
    await vi.waitFor(() => expect(api.callsTo('GET /api/teachers/teachers/7/available-time-slots')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('next-week-offer')).toBeNull();
  });

  it.each([
    ['a series lesson', reservation({ standingBookingId: 3 })],
    ['a trial', reservation({ kind: 'trial' })],
  ])('nothing after %s', async (_, booked) => {
    const { api } = await show('en', [NEXT_WEEK], booked);
    await screen.findByTestId('booking-lessons');
    expect(screen.queryByTestId('next-week-offer')).toBeNull();
    expect(api.callsTo('GET /api/teachers/teachers/7/available-time-slots')).toHaveLength(0);
  });
});
