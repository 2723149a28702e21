import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reservation } from '@ustaz/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/schedule.json';
import en from '../../../public/locales/en/schedule.json';
import { AuthContext } from '../../shared/auth/auth-context.tsx';
import { signedIn, student, teacher } from '../../shared/test/auth-test-data.ts';
import { inTurn, mockApi, ok } from '../../shared/test/mock-api.ts';
import { reservation } from '../../shared/test/money-test-data.ts';
import { ELSEWHERE, renderRouter } from '../../shared/test/render-route.tsx';
import { createTestI18n } from '../../shared/test/test-i18n.ts';
import { AppToaster } from '../../shared/ui/toast.tsx';
import { SchedulePage } from './schedule-page.tsx';

const NOW = new Date('2026-03-10T09:00:00.000Z'); // a Tuesday
const KUWAIT = 'Asia/Kuwait';
const FEED = 'https://ustaz.example/api/v1/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const NEW_FEED = 'https://ustaz.example/api/v1/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

/** Today 18:00-19:00 in Kuwait with a note, tomorrow 15:00-15:45, and Thursday of next week. */
const LESSONS: Reservation[] = [
  reservation({
    id: 11,
    startTime: '2026-03-10T15:00:00.000Z',
    endTime: '2026-03-10T16:00:00.000Z',
    note: 'Chapter 3, please',
  }),
  reservation({ id: 12, startTime: '2026-03-11T12:00:00.000Z', endTime: '2026-03-11T12:45:00.000Z', hours: 0.75 }),
  reservation({ id: 13, startTime: '2026-03-19T15:00:00.000Z', endTime: '2026-03-19T16:00:00.000Z' }),
];
const page = (data: Reservation[]) => ({ data, total: data.length, page: 1, limit: 50, totalPages: 1 });

function api(lessons: Reservation[] | { status: number; body: unknown } = LESSONS) {
  return mockApi({
    'GET /api/v1/reservations': Array.isArray(lessons) ? ok(page(lessons)) : lessons,
    'GET /api/v1/calendar': ok({ url: FEED }),
    'POST /api/v1/calendar/rotate': ok({ url: NEW_FEED }),
  });
}

async function renderSchedule({
  language = 'en',
  user = teacher(),
  zone = KUWAIT,
  entry = '/schedule',
}: {
  language?: 'ar' | 'en';
  user?: ReturnType<typeof teacher>;
  zone?: string;
  entry?: string;
} = {}) {
  const { i18n, missing } = await createTestI18n(language);
  const element = (
    <AuthContext value={signedIn(user)}>
      <SchedulePage timeZone={zone} now={NOW} />
      <AppToaster />
    </AuthContext>
  );
  const view = renderRouter(
    i18n,
    [{ path: '/:lang/schedule', element }, { path: '/:lang/lessons/:id', element }, ELSEWHERE],
    `/${language}${entry}`,
  );
  return { ...view, missing };
}

const dayList = () => screen.getByTestId('schedule-day-list');
const week = () => screen.getByTestId('schedule-week');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('SchedulePage', () => {
  it("lists a teacher's lessons day by day: the student, the time, the length, the note and the chat", async () => {
    const { calls } = api();
    const { missing } = await renderSchedule();
    await screen.findByTestId('schedule-day-list');
    const days = within(dayList())
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(days).toEqual([
      `${en.today} · Tuesday, March 10`,
      `${en.tomorrow} · Wednesday, March 11`,
      'Thursday, March 19',
    ]);
    const [first, second] = within(dayList()).getAllByTestId('schedule-lesson');
    expect(within(first as HTMLElement).getByText('Fahad Al-Ali')).toBeTruthy();
    expect(within(first as HTMLElement).getByText(en.lesson.withStudent)).toBeTruthy();
    // Kuwait is UTC+3; a teacher sees one time while the student's zone is unknown.
    expect(within(first as HTMLElement).getByTestId('lesson-time').textContent).toMatch(/^6:00\s*–\s*7:00\sPM$/);
    expect(within(first as HTMLElement).getByText('Chapter 3, please')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('60 min')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('45 min')).toBeTruthy();
    const chat = within(first as HTMLElement).getByRole('link', { name: 'Message Fahad Al-Ali' });
    expect(chat.getAttribute('href')).toBe('/en/chats/9');
    const query = calls.find((call) => call.path === '/api/v1/reservations')?.search;
    expect(query?.get('scope')).toBe('upcoming');
    expect(query?.get('limit')).toBe('50');
    expect(missing).toEqual([]);
  });

  it('shows a week grid from this week, stepping to the week of the last lesson', async () => {
    api();
    await renderSchedule();
    await screen.findByTestId('schedule-week');
    const columns = () => within(week()).getAllByRole('listitem');
    expect(columns()).toHaveLength(7);
    // English weeks start on Sunday: 8-14 March holds today's and tomorrow's lessons.
    expect(within(week()).getByTestId('schedule-week-range').textContent).toMatch(/Mar 8\s*–\s*14, 2026/);
    expect(within(columns()[2] as HTMLElement).getAllByTestId('schedule-lesson')).toHaveLength(1);
    expect(within(columns()[3] as HTMLElement).getAllByTestId('schedule-lesson')).toHaveLength(1);
    expect(within(columns()[0] as HTMLElement).getByText(en.week.noLessons)).toBeTruthy();
    const user = userEvent.setup();
    expect((within(week()).getByRole('button', { name: en.week.previous }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(week()).getByRole('button', { name: en.week.next }));
    expect(within(week()).getByTestId('schedule-week-range').textContent).toMatch(/Mar 15\s*–\s*21, 2026/);
    expect(within(columns()[4] as HTMLElement).getAllByTestId('schedule-lesson')).toHaveLength(1);
    expect((within(week()).getByRole('button', { name: en.week.next }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a teacher both their time and the time of a student abroad, in English and Arabic', async () => {
    const abroad = reservation({ ...LESSONS[0], student: { ...reservation().student, timeZone: 'Europe/London' } });
    for (const language of ['en', 'ar'] as const) {
      api([abroad]);
      const { unmount } = await renderSchedule({ language });
      const card = (await within(await screen.findByTestId('schedule-day-list')).findAllByTestId('schedule-lesson'))[0];
      const time = within(card as HTMLElement).getByTestId('lesson-time').textContent ?? '';
      if (language === 'en') {
        expect(time).toMatch(/^6:00\s*–\s*7:00\sPM your time· 3:00\s*–\s*4:00\sPM the student's time$/);
      } else {
        expect(time).toContain(ar.lesson.studentTime.replace('{{time}} ', ''));
        expect(time).toContain(ar.lesson.yourTime.replace('{{time}} ', ''));
      }
      unmount();
    }
    // A student in the teacher's own zone: one time.
    api([reservation({ ...LESSONS[0], student: { ...reservation().student, timeZone: KUWAIT } })]);
    await renderSchedule();
    const card = (await within(await screen.findByTestId('schedule-day-list')).findAllByTestId('schedule-lesson'))[0];
    expect(within(card as HTMLElement).getByTestId('lesson-time').textContent).toMatch(/^6:00\s*–\s*7:00\sPM$/);
  });

  it("shows a student abroad both their time and the teacher's", async () => {
    api([LESSONS[0] as Reservation]);
    await renderSchedule({ user: student(), zone: 'Europe/London' });
    const card = (await within(await screen.findByTestId('schedule-day-list')).findAllByTestId('schedule-lesson'))[0];
    const time = within(card as HTMLElement).getByTestId('lesson-time').textContent ?? '';
    expect(time).toMatch(/^3:00\s*–\s*4:00\sPM your time· 6:00\s*–\s*7:00\sPM the teacher's time$/);
    // The week grid's narrow cell puts the two times on two lines, without the dot.
    const cell = within(await screen.findByTestId('schedule-week')).getAllByTestId('lesson-time')[0];
    expect(cell?.textContent).toMatch(/^3:00\s*–\s*4:00\sPM your time6:00\s*–\s*7:00\sPM the teacher's time$/);
    expect(within(card as HTMLElement).getByText('Mona Al-Sabah')).toBeTruthy();
    expect(
      within(card as HTMLElement)
        .getByRole('link', { name: 'Message Mona Al-Sabah' })
        .getAttribute('href'),
    ).toBe('/en/chats/42');
  });

  it("shows a student in the teacher's zone one time", async () => {
    api([LESSONS[0] as Reservation]);
    await renderSchedule({ user: student() });
    const card = (await within(await screen.findByTestId('schedule-day-list')).findAllByTestId('schedule-lesson'))[0];
    expect(within(card as HTMLElement).getByTestId('lesson-time').textContent).toMatch(/^6:00\s*–\s*7:00\sPM$/);
  });

  it('says when there is nothing booked, with what to do next', async () => {
    api([]);
    await renderSchedule();
    expect(await screen.findByRole('heading', { name: en.empty.title })).toBeTruthy();
    expect(screen.getByText(en.empty.teacherBody)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.empty.teacherAction }).getAttribute('href')).toBe('/en/profile');
  });

  it('shows an error with a retry that loads again', async () => {
    const { callsTo } = mockApi({
      'GET /api/v1/reservations': inTurn(
        { status: 500, body: { status: 500, message: 'x', code: 'internal' } },
        ok(page(LESSONS)),
      ),
      'GET /api/v1/calendar': ok({ url: FEED }),
    });
    await renderSchedule();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(en.error.title)).toBeTruthy();
    await userEvent.setup().click(within(alert).getByRole('button'));
    expect(await screen.findByTestId('schedule-day-list')).toBeTruthy();
    expect(callsTo('GET /api/v1/reservations')).toHaveLength(2);
  });

  it('marks the lesson of a calendar link (/lessons/{id}) and opens its week', async () => {
    api();
    await renderSchedule({ entry: '/lessons/13' });
    await screen.findByTestId('schedule-week');
    const marked = screen.getAllByRole('article', { name: en.lesson.highlighted });
    expect(marked.map((card) => card.getAttribute('data-lesson-id'))).toEqual(['13', '13']);
    expect(within(week()).getByTestId('schedule-week-range').textContent).toMatch(/Mar 15\s*–\s*21, 2026/);
  });
});

describe('CalendarFeedBox', () => {
  it('shows the address, copies it, and makes a new one after a confirmation', async () => {
    const { callsTo } = api();
    await renderSchedule();
    const box = await screen.findByTestId('calendar-feed');
    const input = (await within(box).findByRole('textbox', { name: en.feed.addressLabel })) as HTMLInputElement;
    expect(input.value).toBe(FEED);
    expect(input.getAttribute('dir')).toBe('ltr');
    const user = userEvent.setup();
    await user.click(within(box).getByRole('button', { name: en.feed.copy }));
    expect(await navigator.clipboard.readText()).toBe(FEED);
    expect(await screen.findByText(en.feed.copied)).toBeTruthy();

    await user.click(within(box).getByRole('button', { name: en.feed.rotate }));
    const dialog = await screen.findByRole('alertdialog', { name: en.feed.rotateTitle });
    expect(within(dialog).getByText(en.feed.rotateMessage)).toBeTruthy();
    expect(callsTo('POST /api/v1/calendar/rotate')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: en.feed.rotateConfirm }));
    await waitFor(() => expect(input.value).toBe(NEW_FEED));
    expect(callsTo('POST /api/v1/calendar/rotate')).toHaveLength(1);
    expect(await screen.findByText(en.feed.rotated)).toBeTruthy();
  });
});

describe('in Arabic', () => {
  it('reads right to left with Arabic texts and Saturday-first weeks, every key present', async () => {
    api();
    const { missing } = await renderSchedule({ language: 'ar' });
    await screen.findByTestId('schedule-week');
    expect(screen.getByRole('heading', { level: 1, name: ar.title })).toBeTruthy();
    expect(screen.getByRole('heading', { name: ar.feed.title })).toBeTruthy();
    expect(within(dayList()).getAllByRole('heading', { level: 2 })[0]?.textContent).toMatch(
      new RegExp(`^${ar.today} · `),
    );
    // Arabic weeks start on Saturday: 7-13 March.
    const first = within(within(week()).getAllByRole('listitem')[0] as HTMLElement).getAllByRole('heading')[0];
    expect(first?.textContent).toContain('السبت');
    expect(within(dayList()).getAllByRole('link', { name: 'مراسلة Fahad Al-Ali' })).toHaveLength(LESSONS.length);
    expect(missing).toEqual([]);
  });
});
