import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST, signedIn, teacher } from '../test/auth-test-data.ts';
import { itInEachLanguage } from '../test/each-language.ts';
import { mockApi, ok } from '../test/mock-api.ts';
import { renderAppRoute } from '../test/render-app-route.tsx';
import { makeTeacher } from '../test/search-test-data.ts';
import { YourTeachers } from './your-teachers.tsx';

const PATH = '/api/teachers/previously-interacted';

afterEach(() => vi.unstubAllGlobals());

describe('YourTeachers (spec 7 previously-interacted)', () => {
  itInEachLanguage(
    "lists a student's teachers with book-again (their open slots) and message links",
    { ar: { bookAgain: 'احجز مجدداً', message: 'مراسلة' }, en: { bookAgain: 'Book again', message: 'Message' } },
    async (language, texts) => {
      const api = mockApi({ [`GET ${PATH}`]: ok([makeTeacher(4), makeTeacher(7, { subjects: [] })]) });
      const { missing, router } = await renderAppRoute(<YourTeachers />, { language, path: '/', auth: signedIn() });
      const row = await screen.findByTestId('your-teachers', {}, { timeout: 5000 });
      const cards = within(row).getAllByTestId('your-teacher');
      expect(cards).toHaveLength(2);
      const first = within(cards[0] as HTMLElement);
      expect(first.getByText('Name4 Teacher')).toBeTruthy();
      expect(first.getByText('Mathematics')).toBeTruthy();
      const book = first.getByRole('link', { name: new RegExp(texts.bookAgain) });
      expect(book.getAttribute('href')).toBe(`/${language}/teachers/4#teacher-slots-title`);
      expect(first.getByRole('link', { name: new RegExp(texts.message) }).getAttribute('href')).toBe(
        `/${language}/chats/104`,
      );
      expect(api.callsTo(`GET ${PATH}`)[0]?.search.get('lang')).toBe(language);
      await userEvent.click(book);
      expect(router.state.location.pathname).toBe(`/${language}/teachers/4`);
      expect(router.state.location.hash).toBe('#teacher-slots-title');
      expect(missing).toEqual([]);
    },
  );

  it('shows nothing when the student has no teachers yet, or the list cannot load', async () => {
    mockApi({ [`GET ${PATH}`]: ok([]) });
    const empty = await renderAppRoute(<YourTeachers />, { language: 'en', path: '/', auth: signedIn() });
    await vi.waitFor(() =>
      expect(empty.queryClient.getQueryState(['teachers', 'previously-interacted', 'en'])?.status).toBe('success'),
    );
    expect(screen.queryByTestId('your-teachers')).toBeNull();
    empty.unmount();
    mockApi({ [`GET ${PATH}`]: { status: 500, body: { status: 500, message: 'x', code: 'internal' } } });
    const failed = await renderAppRoute(<YourTeachers />, { language: 'en', path: '/', auth: signedIn() });
    await vi.waitFor(() =>
      expect(failed.queryClient.getQueryState(['teachers', 'previously-interacted', 'en'])?.status).toBe('error'),
    );
    expect(screen.queryByTestId('your-teachers')).toBeNull();
  });

  it('is not shown, nor asked for, for a guest or a teacher', async () => {
    const api = mockApi({ [`GET ${PATH}`]: ok([makeTeacher(4)]) });
    const guest = await renderAppRoute(<YourTeachers />, { language: 'en', path: '/', auth: GUEST });
    guest.unmount();
    await renderAppRoute(<YourTeachers />, { language: 'en', path: '/', auth: signedIn(teacher()) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('your-teachers')).toBeNull();
    expect(api.callsTo(`GET ${PATH}`)).toHaveLength(0);
  });
});
