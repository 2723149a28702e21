import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { type ApiAnswer, inTurn, mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { makeTeacher } from '../../shared/test/search-test-data.ts';
import { FavouriteTeachers } from './favourite-teachers.tsx';

const LIST = 'GET /api/v1/favourites';
const IDS = 'GET /api/v1/favourites/ids';
const page = (ids: number[]) => ({
  data: ids.map((id) => ({ teacher: makeTeacher(id), createdAt: '2026-12-01T10:00:00.000Z' })),
  total: ids.length,
  page: 1,
  limit: 50,
  totalPages: ids.length ? 1 : 0,
});

afterEach(() => vi.unstubAllGlobals());

describe('FavouriteTeachers on the profile (issue 32)', () => {
  itInEachLanguage(
    'lists the saved teachers with their page, Book (the open slots) and a pressed heart',
    {
      ar: { title: 'المعلمون المفضلون', book: 'احجز درساً مع Name4 Teacher', heart: 'حفظ Name4 Teacher في المفضلة' },
      en: {
        title: 'Favourite teachers',
        book: 'Book a lesson with Name4 Teacher',
        heart: 'Save Name4 Teacher to favourites',
      },
    },
    async (language, texts) => {
      const api = mockApi({ [LIST]: ok(page([4, 7])), [IDS]: ok({ teacherProfileIds: [4, 7] }) });
      const { missing } = await renderAppRoute(<FavouriteTeachers />, { language, path: '/profile', auth: signedIn() });
      const section = screen.getByRole('region', { name: texts.title });
      const cards = await within(section).findAllByTestId('teacher-card', {}, { timeout: 5000 });
      expect(cards).toHaveLength(2);
      const first = within(cards[0] as HTMLElement);
      expect(first.getByRole('link', { name: texts.book }).getAttribute('href')).toBe(
        `/${language}/teachers/4#teacher-slots-title`,
      );
      expect(first.getAllByRole('link').some((link) => link.getAttribute('href') === `/${language}/teachers/4`)).toBe(
        true,
      );
      const heart = await first.findByRole('button', { name: texts.heart });
      await vi.waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
      expect(api.callsTo(LIST)[0]?.search.get('lang')).toBe(language);
      expect(missing).toEqual([]);
    },
  );

  it('shows placeholders while loading, then the empty state with a way to find a teacher', async () => {
    let answer: (value: ApiAnswer) => void = () => {};
    mockApi({ [LIST]: () => new Promise((resolve) => (answer = resolve)) });
    await renderAppRoute(<FavouriteTeachers />, { language: 'en', path: '/profile', auth: signedIn() });
    expect(screen.getByTestId('favourites-loading')).toBeTruthy();
    answer(ok(page([])));
    const empty = await screen.findByTestId('favourites-empty');
    expect(within(empty).getByText('No favourite teachers yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Find a teacher' }).getAttribute('href')).toBe('/en/teachers');
  });

  it('shows the error with a retry that loads the list again', async () => {
    mockApi({
      [LIST]: inTurn({ status: 500, body: { status: 500, message: 'x', code: 'internalError' } }, ok(page([4]))),
      [IDS]: ok({ teacherProfileIds: [4] }),
    });
    await renderAppRoute(<FavouriteTeachers />, { language: 'ar', path: '/profile', auth: signedIn() });
    const error = await screen.findByTestId('favourites-error');
    expect(within(error).getByText('تعذّر تحميل معلميك المفضلين')).toBeTruthy();
    await userEvent.click(within(error).getByRole('button'));
    expect(await screen.findAllByTestId('teacher-card')).toHaveLength(1);
  });
});
