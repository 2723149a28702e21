import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TimeSlot } from '@ustaz/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import arStanding from '../../../public/locales/ar/standing.json';
import enStanding from '../../../public/locales/en/standing.json';
import { signedIn, student } from '../test/auth-test-data.ts';
import { hourFrom } from '../test/hour-from.ts';
import { mockApi, ok } from '../test/mock-api.ts';
import { renderAppRoute } from '../test/render-app-route.tsx';
import { WeeklyOption } from './weekly-option.tsx';

afterEach(() => vi.unstubAllGlobals());

/** An open hour-long lesson slot from `startTime`. */
const timeSlot = (startTime: string): TimeSlot => ({
  id: 101,
  ...hourFrom(startTime),
  price: '12.500',
  status: 'open',
  kind: 'lesson',
});

const series = {
  id: 5,
  status: 'active',
  weeks: 4,
  weekday: 6,
  time: '18:00',
  timeZone: 'Asia/Kuwait',
  teacher: { id: 2, teacherProfileId: 7, firstName: 'Mona', lastName: 'Al-Sabah', photoUrl: null },
  student: { id: 3, firstName: 'Sara', lastName: 'K', photoUrl: null },
  lessons: [],
  missingWeeks: ['2099-03-28'],
  createdAt: '2099-03-01T00:00:00.000Z',
  stoppedAt: null,
};

describe('WeeklyOption (issue 32)', () => {
  it('opens with ?weekly=1, previews the dates and the missing week, then books the series', async () => {
    const slot = timeSlot('2099-03-14T15:00:00.000Z');
    const api = mockApi({
      'POST /api/v1/standing-bookings/preview': ok({
        lessons: [
          {
            timeSlotId: slot.id,
            startTime: '2099-03-14T15:00:00.000Z',
            endTime: '2099-03-14T16:00:00.000Z',
            price: '12.500',
          },
          {
            timeSlotId: 99,
            startTime: '2099-03-21T15:00:00.000Z',
            endTime: '2099-03-21T16:00:00.000Z',
            price: '12.500',
          },
        ],
        missingWeeks: ['2099-03-28'],
      }),
      'POST /api/v1/standing-bookings': { status: 201, body: { ...series, lessons: [] } },
    });
    await renderAppRoute(<WeeklyOption slot={slot} />, {
      language: 'en',
      path: '/teachers/7?weekly=1',
      auth: signedIn(student()),
    });
    expect((screen.getByRole('checkbox', { name: 'Every week at this time' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Show the dates' }));
    expect((await screen.findByTestId('weekly-preview')).textContent).toContain('This books 2 lessons:');
    expect(screen.getByTestId('weekly-missing').textContent).toContain('March 28, 2099');
    expect(api.callsTo('POST /api/v1/standing-bookings')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Book every week' }));
    expect((await screen.findByTestId('weekly-booked')).textContent).toContain('Booked: 0 weekly lessons.');
    expect(api.callsTo('POST /api/v1/standing-bookings')[0]?.body).toEqual({
      timeSlotId: slot.id,
      weeks: 6,
      paymentMethod: 'balance',
    });
  });

  it('says in Arabic when the student already holds the most unpaid weekly lessons (409 standingLimitReached)', async () => {
    const slot = timeSlot('2099-03-14T15:00:00.000Z');
    mockApi({
      'POST /api/v1/standing-bookings/preview': ok({ lessons: [], missingWeeks: [] }),
      'POST /api/v1/standing-bookings': {
        status: 409,
        body: { status: 409, code: 'standingLimitReached', message: 'At most 12' },
      },
    });
    await renderAppRoute(<WeeklyOption slot={slot} />, {
      language: 'ar',
      path: '/teachers/7?weekly=1',
      auth: signedIn(student()),
    });
    await userEvent.click(screen.getByRole('button', { name: 'اعرض المواعيد' }));
    await userEvent.click(await screen.findByRole('button', { name: 'احجز كل أسبوع' }));
    expect((await screen.findByRole('alert')).textContent).toBe(arStanding.errors.limit);
  });

  it.each([
    ['ar', 'اعرض المواعيد', 'احجز كل أسبوع', arStanding.errors.teacherFull],
    ['en', 'Show the dates', 'Book every week', enStanding.errors.teacherFull],
  ] as const)(
    "says in %s when the teacher's room for new students is full (409 standingTeacherFull)",
    async (language, show, book, text) => {
      const slot = timeSlot('2099-03-14T15:00:00.000Z');
      mockApi({
        'POST /api/v1/standing-bookings/preview': ok({ lessons: [], missingWeeks: [] }),
        'POST /api/v1/standing-bookings': {
          status: 409,
          body: { status: 409, code: 'standingTeacherFull', message: 'Many of this teacher' },
        },
      });
      await renderAppRoute(<WeeklyOption slot={slot} />, {
        language,
        path: '/teachers/7?weekly=1',
        auth: signedIn(student()),
      });
      await userEvent.click(screen.getByRole('button', { name: show }));
      await userEvent.click(await screen.findByRole('button', { name: book }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(text);
      expect(alert.textContent).not.toBe(language === 'ar' ? arStanding.errors.generic : enStanding.errors.generic);
    },
  );

  it('is closed without ?weekly=1 and speaks Arabic', async () => {
    mockApi({});
    await renderAppRoute(<WeeklyOption slot={timeSlot('2099-03-14T15:00:00.000Z')} />, {
      language: 'ar',
      path: '/teachers/7',
      auth: signedIn(student()),
    });
    expect((screen.getByRole('checkbox', { name: 'كل أسبوع في هذا الموعد' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
