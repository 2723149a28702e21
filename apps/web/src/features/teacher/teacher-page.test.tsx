import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review, TeacherProfile, TimeSlot } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import arTeacher from '../../../public/locales/ar/teacher.json';
import enTeacher from '../../../public/locales/en/teacher.json';
import { useOwnPageTitleValue } from '../../shared/settings/page-title.ts';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { review } from '../../shared/test/review-test-data.ts';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { renderTeacherRoute } from './render-teacher-route.tsx';
import { TeacherPage } from './teacher-page.tsx';
import { teacherProfile, timeSlot } from './teacher-test-data.ts';
import type { BookingRequest } from './use-booking-action.ts';

// The booking flow behind the seam has its own tests (use-booking-action.test.tsx, features/booking).
const bookingSeam = vi.hoisted(() => ({ book: vi.fn<(request: BookingRequest) => void>() }));
vi.mock('./use-booking-action.ts', () => ({ useBookingAction: () => bookingSeam.book }));

type Answer = { status: number; body: unknown };

/** A fetch that answers the three teacher calls from the given answers and records the paths asked for. */
function mockApi(answers: { profile?: Answer | Answer[]; slots?: Answer; reviews?: Answer }) {
  const profiles = Array.isArray(answers.profile) ? [...answers.profile] : null;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    if (path.startsWith('/api/teachers/profiles/')) {
      const answer = profiles ? (profiles.length > 1 ? profiles.shift() : profiles[0]) : answers.profile;
      const { status, body } = (answer as Answer | undefined) ?? { status: 200, body: teacherProfile() };
      return jsonResponse(status, body);
    }
    if (path.includes('/available-time-slots')) {
      const { status, body } = answers.slots ?? { status: 200, body: [] };
      return jsonResponse(status, body);
    }
    if (path.startsWith('/api/reviews/for-teacher/')) {
      const { status, body } = answers.reviews ?? { status: 200, body: [] };
      return jsonResponse(status, body);
    }
    return jsonResponse(404, { status: 404, message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function ok<T>(body: T): Answer {
  return { status: 200, body };
}

const ZONE = 'Asia/Kuwait';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

function OwnTitle() {
  return <output data-testid="own-title">{useOwnPageTitleValue() ?? ''}</output>;
}

describe('TeacherPage', () => {
  it.each([
    ['en', 'Mona Al-Sabah, Mathematics and Physics teacher'],
    ['ar', 'Mona Al-Sabah، معلم Mathematics وPhysics'],
  ] as const)('%s: names the page after the teacher and subjects, as the server does', async (language, title) => {
    mockApi({});
    await renderTeacherRoute(
      <>
        <TeacherPage timeZone={ZONE} />
        <OwnTitle />
      </>,
      { language, path: '/teachers/7' },
    );
    await screen.findByRole('heading', { level: 1, name: 'Mona Al-Sabah' });
    expect(screen.getByTestId('own-title').textContent).toBe(title);
  });

  itInEachLanguage(
    'shows the profile, slots and reviews from the three calls of the teacher id',
    { ar: arTeacher, en: enTeacher },
    async (language, texts) => {
      const teacher: TeacherProfile = teacherProfile();
      const slots: TimeSlot[] = [timeSlot('2099-03-14T15:00:00.000Z')];
      const reviews: Review[] = [review({ comment: 'شرح ممتاز وواضح' })];
      const fetchMock = mockApi({ profile: ok(teacher), slots: ok(slots), reviews: ok(reviews) });
      const { missing } = await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, { language, path: '/teachers/7' });

      expect(await screen.findByRole('heading', { level: 1, name: 'Mona Al-Sabah' })).toBeTruthy();
      expect(screen.getByText('رياضيات').getAttribute('dir')).toBe('auto');
      expect(screen.getByText(teacher.bio).getAttribute('dir')).toBe('auto');
      expect(screen.getByText('Mathematics')).toBeTruthy();
      // The hourly rate with KWD's 3 decimals, the currency where Intl puts it for the language.
      expect(screen.getByText(language === 'ar' ? '‏١٢٫٥٠٠ د.ك.‏' : 'KWD 12.500')).toBeTruthy();
      // Eight is "few" in Arabic plural rules, "other" in English.
      expect(screen.getByText(language === 'ar' ? '٨ سنوات' : '8 years')).toBeTruthy();
      // A guest is sent to the login page first.
      expect(screen.getByRole('link', { name: texts.profile.message }).getAttribute('href')).toBe(`/${language}/login`);
      expect(await screen.findAllByTestId('slot')).toHaveLength(1);
      const reviewItem = await screen.findByTestId('review-card');
      expect(within(reviewItem).getByText('شرح ممتاز وواضح').getAttribute('dir')).toBe('auto');
      expect(within(reviewItem).getByText('Fahad Al-Ali')).toBeTruthy();

      const paths = fetchMock.mock.calls.map(([input]) => String(input));
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/teachers/profiles/7',
          '/api/teachers/teachers/7/available-time-slots',
          '/api/reviews/for-teacher/7',
        ]),
      );
      expect(missing).toEqual([]);
    },
  );

  itInEachLanguage(
    'a 404 shows the translated teacher-not-found state',
    { ar: arTeacher, en: enTeacher },
    async (language, texts) => {
      mockApi({ profile: { status: 404, body: { status: 404, message: 'Teacher not found', code: 'notFound' } } });
      const { missing } = await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, {
        language,
        path: '/teachers/999',
      });
      expect(await screen.findByRole('heading', { level: 1, name: texts.page.notFoundTitle })).toBeTruthy();
      expect(screen.getByRole('link', { name: texts.page.browseTeachers }).getAttribute('href')).toBe(
        `/${language}/teachers`,
      );
      expect(screen.queryByTestId('teacher-error')).toBeNull();
      expect(missing).toEqual([]);
    },
  );

  it('an id that is not a number is not found without asking the server', async () => {
    const fetchMock = mockApi({});
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, { language: 'en', path: '/teachers/abc' });
    expect(screen.getByRole('heading', { level: 1, name: enTeacher.page.notFoundTitle })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed profile call shows the error state, and retry loads the teacher', async () => {
    mockApi({
      profile: [
        { status: 500, body: { status: 500, message: 'Internal error' } },
        { status: 500, body: { status: 500, message: 'Internal error' } },
        ok(teacherProfile()),
      ],
    });
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, { language: 'en', path: '/teachers/7' });
    const error = await screen.findByTestId('teacher-error', {}, { timeout: 4000 });
    expect(within(error).getByRole('heading', { name: enTeacher.page.errorTitle })).toBeTruthy();
    expect(screen.queryByTestId('teacher-not-found')).toBeNull();

    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mona Al-Sabah' })).toBeTruthy();
    expect(screen.queryByTestId('teacher-error')).toBeNull();
  });

  it('shows the loading skeleton while the profile is on its way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, { language: 'ar', path: '/teachers/7' });
    expect(screen.getByTestId('teacher-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe(arTeacher.page.loading);
  });

  it('failed reviews and no slots show the empty states, not errors', async () => {
    mockApi({ slots: ok([]), reviews: { status: 500, body: { status: 500, message: 'down' } } });
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, { language: 'en', path: '/teachers/7' });
    expect(await screen.findByText(enTeacher.reviews.empty)).toBeTruthy();
    expect(await screen.findByText(enTeacher.slots.empty)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it("leaves out the teachers' reviews of students", async () => {
    mockApi({
      reviews: ok([
        review({ id: 1, comment: 'About the teacher' }),
        review({ id: 2, type: 'teacher_to_student', comment: 'About a student' }),
      ]),
    });
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, { language: 'en', path: '/teachers/7' });
    expect(await screen.findByText('About the teacher')).toBeTruthy();
    expect(screen.queryByText('About a student')).toBeNull();
  });

  it('a failed slots call shows its own error with retry while the profile stays', async () => {
    mockApi({ slots: { status: 503, body: { status: 503, message: 'down' } } });
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, { language: 'en', path: '/teachers/7' });
    expect(await screen.findByText(enTeacher.slots.errorTitle)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Mona Al-Sabah' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('the intro-video button opens the player with the privacy-enhanced embed', async () => {
    mockApi({ profile: ok(teacherProfile({ videoUrl: 'https://youtu.be/dQw4w9WgXcQ?t=3' })) });
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, { language: 'en', path: '/teachers/7' });
    await userEvent.click(await screen.findByRole('button', { name: enTeacher.profile.watchVideo }));
    const frame = await screen.findByTitle(enTeacher.video.frameTitle);
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(frame.getAttribute('allow')).toBe('autoplay; encrypted-media; picture-in-picture; fullscreen');
    expect(screen.getByRole('dialog', { name: enTeacher.video.title })).toBeTruthy();
  });

  it('an invalid video link opens the error modal showing the link', async () => {
    mockApi({ profile: ok(teacherProfile({ videoUrl: 'https://vimeo.com/12345' })) });
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, { language: 'ar', path: '/teachers/7' });
    await userEvent.click(await screen.findByRole('button', { name: arTeacher.profile.watchVideo }));
    const dialog = await screen.findByRole('dialog', { name: arTeacher.video.errorTitle });
    expect(within(dialog).getByText('https://vimeo.com/12345')).toBeTruthy();
    expect(within(dialog).queryByTitle(arTeacher.video.frameTitle)).toBeNull();
  });

  it('the message button takes a signed-in student to the chat with the teacher user', async () => {
    mockApi({});
    const { router } = await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, {
      language: 'ar',
      path: '/teachers/7',
      auth: signedIn(student()),
    });
    const link = await screen.findByRole('link', { name: arTeacher.profile.message });
    expect(link.getAttribute('href')).toBe('/ar/chats/42');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/ar/chats/42');
  });

  it('the message button takes a guest to the login page, which returns to the chat', async () => {
    mockApi({});
    const { router } = await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, {
      language: 'en',
      path: '/teachers/7',
    });
    await userEvent.click(await screen.findByRole('link', { name: enTeacher.profile.message }));
    expect(router.state.location.pathname).toBe('/en/login');
    expect(router.state.location.state).toEqual({ from: '/en/chats/42' });
  });

  it('a signed-in teacher has no message button on another teacher (chats are student-teacher)', async () => {
    mockApi({});
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, {
      language: 'en',
      path: '/teachers/7',
      auth: signedIn(student({ id: 50, role: { id: 2, name: 'teacher' } })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mona Al-Sabah' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: enTeacher.profile.message })).toBeNull();
  });

  it('has no video button without a link, and no message button on your own profile', async () => {
    mockApi({ profile: ok(teacherProfile({ videoUrl: null, userId: 9 })) });
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, {
      language: 'en',
      path: '/teachers/7',
      auth: signedIn(student({ id: 9 })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mona Al-Sabah' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: enTeacher.profile.watchVideo })).toBeNull();
    expect(screen.queryByRole('link', { name: enTeacher.profile.message })).toBeNull();
  });

  it('Book hands the chosen slots, the teacher and a reload callback to the booking seam', async () => {
    const slots = [timeSlot('2099-03-14T15:00:00.000Z'), timeSlot('2099-03-14T17:00:00.000Z')];
    mockApi({ slots: ok(slots) });
    await renderTeacherRoute(<TeacherPage timeZone={ZONE} />, {
      language: 'en',
      path: '/teachers/7',
      auth: signedIn(student()),
    });
    const [first] = await screen.findAllByTestId('slot');
    await userEvent.click(first as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: enTeacher.slots.book }));
    expect(bookingSeam.book).toHaveBeenCalledTimes(1);
    const [request] = bookingSeam.book.mock.calls[0] ?? [];
    expect(request?.teacher.id).toBe(7);
    expect(request?.slots.map((slot) => slot.id)).toEqual([slots[0]?.id]);
    expect(typeof request?.onBooked).toBe('function');
  });
});
