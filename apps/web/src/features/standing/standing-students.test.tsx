import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reservation, StandingBooking } from '@ustaz/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/standing.json';
import commonEn from '../../../public/locales/en/common.json';
import en from '../../../public/locales/en/standing.json';
import { signedIn, teacher } from '../../shared/test/auth-test-data.ts';
import { inTurn, mockApi, ok } from '../../shared/test/mock-api.ts';
import { reservation } from '../../shared/test/money-test-data.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { StandingStudents } from './standing-students.tsx';

const KUWAIT = 'Asia/Kuwait';
const NOW = new Date('2026-03-10T09:00:00.000Z'); // a Tuesday
const TEACHER_ID = teacher().id;
const LIST = 'GET /api/v1/standing-bookings';

const me = { id: TEACHER_ID, teacherProfileId: 7, firstName: 'Mona', lastName: 'Al-Sabah', photoUrl: null };

/** A series lesson (an hour) of the signed-in teacher with `student`. */
const lesson = (
  id: number,
  startTime: string,
  status: Reservation['status'],
  chargeAt: string | null,
  seriesId: number,
) =>
  reservation({
    id,
    status,
    startTime,
    endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString(),
    teacher: { ...me, timeZone: KUWAIT },
    chargeAt,
    standingBookingId: seriesId,
  });

const series = (overrides: Partial<StandingBooking> & Pick<StandingBooking, 'id' | 'lessons'>): StandingBooking => ({
  status: 'active',
  weeks: 4,
  weekday: 6,
  time: '18:00',
  timeZone: KUWAIT,
  teacher: me,
  student: { id: 3, firstName: 'Sara', lastName: 'Al-Kandari', photoUrl: null },
  missingWeeks: [],
  createdAt: '2026-03-01T00:00:00.000Z',
  stoppedAt: null,
  ...overrides,
});

/** Saturdays at 18:00 Kuwait: one past, the next paid, two waiting for their charge. */
const SATURDAYS = series({
  id: 5,
  lessons: [
    lesson(10, '2026-03-07T15:00:00.000Z', 'completed', null, 5),
    lesson(11, '2026-03-14T15:00:00.000Z', 'confirmed', null, 5),
    lesson(12, '2026-03-21T15:00:00.000Z', 'pending', '2026-03-19T15:00:00.000Z', 5),
    lesson(13, '2026-03-28T15:00:00.000Z', 'pending', '2026-03-26T15:00:00.000Z', 5),
  ],
});
/** Sundays at 17:00: the next lesson is charged on Friday. */
const SUNDAYS = series({
  id: 6,
  weekday: 0,
  time: '17:00',
  student: { id: 4, firstName: 'Fahad', lastName: 'Al-Ali', photoUrl: null },
  lessons: [lesson(21, '2026-03-15T14:00:00.000Z', 'pending', '2026-03-13T14:00:00.000Z', 6)],
});
/** Not listed: a stopped series, and one where the teacher is the student of another teacher. */
const STOPPED = series({
  id: 7,
  status: 'stopped',
  lessons: [lesson(31, '2026-03-12T15:00:00.000Z', 'confirmed', null, 7)],
});
const AS_STUDENT = series({
  id: 8,
  teacher: { ...me, id: 77, teacherProfileId: 9, firstName: 'Other', lastName: 'Teacher' },
  student: { id: TEACHER_ID, firstName: 'Mona', lastName: 'Al-Sabah', photoUrl: null },
  lessons: [lesson(41, '2026-03-12T15:00:00.000Z', 'confirmed', null, 8)],
});

async function renderSection(language: 'ar' | 'en') {
  return renderAppRoute(<StandingStudents timeZone={KUWAIT} now={NOW} />, {
    language,
    path: '/schedule',
    auth: signedIn(teacher()),
  });
}

const rows = async () => screen.findAllByTestId('standing-student');
const text = (row: HTMLElement | undefined, id: string) => (row ? within(row).getByTestId(id).textContent : null);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('StandingStudents (issue 32: the teacher sees standing students in the schedule)', () => {
  it('lists each active series with the teacher in English: the student, weekday and time, weeks left, the next lesson and its money', async () => {
    mockApi({ [LIST]: ok({ items: [SATURDAYS, STOPPED, AS_STUDENT, SUNDAYS] }) });
    const { missing } = await renderSection('en');
    expect(screen.getByRole('region', { name: en.teacher.title })).toBeTruthy();
    const [saturdays, sundays, ...others] = await rows();
    expect(others).toEqual([]);
    expect(saturdays?.textContent).toContain('Sara Al-Kandari');
    expect(text(saturdays, 'standing-student-when')).toBe('Every Saturday at 6:00 PM');
    expect(text(saturdays, 'standing-student-left')).toBe('3 weeks left, until Saturday, March 28');
    const next = saturdays ? within(saturdays).getByTestId('standing-student-next') : null;
    expect(next?.textContent?.replace(/\s+/g, ' ')).toMatch(/^Next lesson: Saturday, March 14, 6:00 – 7:00 PM ?Paid$/);
    expect(text(sundays, 'standing-student-when')).toBe('Every Sunday at 5:00 PM');
    expect(text(sundays, 'standing-student-left')).toBe('1 week left, until Sunday, March 15');
    expect(text(sundays, 'standing-student-next')).toContain('Will be charged on Friday, March 13');
    expect(text(sundays, 'standing-student-next')).not.toContain(en.teacher.moved);
    expect(missing).toEqual([]);
  });

  it('the same in Arabic, with Arabic-Indic digits and the plural of three weeks', async () => {
    mockApi({ [LIST]: ok({ items: [SATURDAYS] }) });
    const { missing } = await renderSection('ar');
    expect(screen.getByRole('region', { name: ar.teacher.title })).toBeTruthy();
    const [row] = await rows();
    expect(row?.textContent).toContain('Sara Al-Kandari');
    expect(text(row, 'standing-student-when')).toBe('كل يوم السبت الساعة ٦:٠٠ م');
    expect(text(row, 'standing-student-left')).toBe('تبقّت ٣ أسابيع، حتى السبت، ٢٨ مارس');
    expect(text(row, 'standing-student-next')).toContain(ar.teacher.next);
    expect(text(row, 'standing-student-next')).toContain(ar.paid);
    expect(missing).toEqual([]);
  });

  it('a lesson whose charge failed says when the week is released unless the student tops up', async () => {
    const failed = series({
      id: 9,
      weekday: 3,
      lessons: [lesson(51, '2026-03-11T15:00:00.000Z', 'pending', '2026-03-09T15:00:00.000Z', 9)],
    });
    mockApi({ [LIST]: ok({ items: [failed] }) });
    await renderSection('en');
    const [row] = await rows();
    expect(text(row, 'standing-student-next')).toContain(en.teacher.unpaid.replace('{{date}}', 'Tue, Mar 10, 6:00 PM'));
  });

  it('a next lesson moved off the series time says it was moved', async () => {
    const [first, ...rest] = SATURDAYS.lessons.slice(1);
    const moved = {
      ...(first as Reservation),
      startTime: '2026-03-14T18:00:00.000Z',
      endTime: '2026-03-14T19:00:00.000Z',
      rescheduledAt: NOW.toISOString(),
    };
    mockApi({ [LIST]: ok({ items: [{ ...SATURDAYS, lessons: [moved, ...rest] }] }) });
    await renderSection('en');
    const [row] = await rows();
    expect(text(row, 'standing-student-when')).toBe('Every Saturday at 6:00 PM');
    expect(text(row, 'standing-student-next')?.replace(/\s+/g, ' ')).toContain(`10:00 PM ${en.teacher.moved}`);
  });

  it('a series in another zone than the schedule names the zone of its time', async () => {
    mockApi({ [LIST]: ok({ items: [series({ ...SATURDAYS, timeZone: 'Asia/Riyadh' })] }) });
    await renderSection('en');
    const [row] = await rows();
    expect(text(row, 'standing-student-when')).toMatch(/^Every Saturday at 6:00 PM \(.*Arabian.*\)$/);
  });

  it('empty: no standing students yet, in both languages', async () => {
    mockApi({ [LIST]: ok({ items: [STOPPED, AS_STUDENT] }) });
    const { unmount } = await renderSection('en');
    expect((await screen.findByTestId('standing-students-empty')).textContent).toContain(en.teacher.empty.title);
    unmount();
    await renderSection('ar');
    expect((await screen.findByTestId('standing-students-empty')).textContent).toContain(ar.teacher.empty.body);
  });

  it('a failed load says so and retries', async () => {
    const api = mockApi({
      [LIST]: inTurn({ status: 500, body: { status: 500, message: 'Down' } }, ok({ items: [SATURDAYS] })),
    });
    await renderSection('en');
    expect(await screen.findByText(en.teacher.error.title)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: commonEn.retry }));
    expect(await rows()).toHaveLength(1);
    expect(api.callsTo(LIST)).toHaveLength(2);
  });
});
