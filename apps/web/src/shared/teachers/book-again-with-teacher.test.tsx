import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, teacher } from '../test/auth-test-data.ts';
import { itInEachLanguage } from '../test/each-language.ts';
import { mockApi, ok } from '../test/mock-api.ts';
import { renderAppRoute } from '../test/render-app-route.tsx';
import { makeTeacher } from '../test/search-test-data.ts';
import { BookAgainWithTeacher } from './book-again-with-teacher.tsx';

const PATH = 'GET /api/teachers/previously-interacted';

afterEach(() => vi.unstubAllGlobals());

describe('BookAgainWithTeacher (the chat with a teacher, issue 32)', () => {
  itInEachLanguage(
    'links a student to the open slots of a teacher they booked before (from "Your teachers")',
    { ar: 'احجز مجدداً مع Name4 Teacher', en: 'Book again with Name4 Teacher' },
    async (language, name) => {
      const api = mockApi({ [PATH]: ok([makeTeacher(7), makeTeacher(4)]) });
      const { missing } = await renderAppRoute(<BookAgainWithTeacher teacherUserId={104} />, {
        language,
        path: '/chats/104',
        auth: signedIn(),
      });
      const link = await screen.findByRole('link', { name });
      expect(link.getAttribute('href')).toBe(`/${language}/teachers/4#teacher-slots-title`);
      expect(api.callsTo(PATH)[0]?.search.get('lang')).toBe(language);
      expect(missing).toEqual([]);
    },
  );

  it('shows nothing for a teacher never booked, and asks nothing for a teacher viewer', async () => {
    mockApi({ [PATH]: ok([makeTeacher(7)]) });
    const view = await renderAppRoute(<BookAgainWithTeacher teacherUserId={104} />, {
      language: 'en',
      path: '/chats/104',
      auth: signedIn(),
    });
    await vi.waitFor(() =>
      expect(view.queryClient.getQueryState(['teachers', 'previously-interacted', 'en'])?.status).toBe('success'),
    );
    expect(screen.queryByTestId('book-again')).toBeNull();
    view.unmount();
    const api = mockApi({ [PATH]: ok([makeTeacher(4)]) });
    await renderAppRoute(<BookAgainWithTeacher teacherUserId={104} />, {
      language: 'en',
      path: '/chats/104',
      auth: signedIn(teacher()),
    });
    expect(screen.queryByTestId('book-again')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
