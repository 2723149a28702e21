import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import arHome from '../../../public/locales/ar/home.json';
import enHome from '../../../public/locales/en/home.json';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { makeTeacher, resultsPage } from '../../shared/test/search-test-data.ts';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { TeacherCarousels } from './teacher-carousels.tsx';
import { stubApi, stubBrowserLayout } from './test-support.tsx';

function searchCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.map((call) => Object.fromEntries(new URL(String(call[0]), 'http://x').searchParams));
}

describe('TeacherCarousels', () => {
  it('makes the famous and most-booked searches of spec 7 and shows both loading placeholders', async () => {
    stubBrowserLayout();
    const fetchMock = stubApi({ '/api/teachers/search': () => new Promise<Response>(() => {}) });
    await renderRoute(<TeacherCarousels />, { language: 'en', path: '' });
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
      enHome.teachers.loading,
      enHome.teachers.loading,
    ]);
    expect(searchCalls(fetchMock)).toEqual([
      { minRating: '4', sortBy: 'averageRating', sortOrder: 'DESC', limit: '10' },
      { sortBy: 'experience', sortOrder: 'DESC', limit: '10' },
    ]);
  });

  it('shows the teachers with read-more links and language-prefixed view-all links', async () => {
    stubBrowserLayout();
    stubApi({
      '/api/teachers/search': () =>
        jsonResponse(
          200,
          resultsPage(
            [1, 2, 3, 4, 5].map((id) => makeTeacher(id)),
            { limit: 10 },
          ),
        ),
    });
    const { missing } = await renderRoute(<TeacherCarousels />, { language: 'ar', path: '' });
    const famous = screen.getByTestId('famous-teachers');
    // The cards come in a lazy chunk (the track and its cards): on a busy machine its first load took
    // 2.5 s, past findAll's default second, and the test failed with the cards still loading.
    expect(await within(famous).findAllByTestId('teacher-card', {}, { timeout: 8000 })).toHaveLength(5);
    expect(within(famous).getByRole('link', { name: arHome.teachers.viewAllFamous }).getAttribute('href')).toBe(
      '/ar/search?mostFamous=true',
    );
    const mostBooked = screen.getByTestId('most-booked-teachers');
    expect(within(mostBooked).getByRole('link', { name: arHome.teachers.viewAllMostBooked }).getAttribute('href')).toBe(
      '/ar/search?mostBooked=true',
    );
    expect(
      within(famous)
        .getAllByRole('link', { name: /Name1 Teacher/ })[0]
        ?.getAttribute('href'),
    ).toBe('/ar/teachers/1');
    expect(within(famous).getByRole('button', { name: arHome.carousel.next })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('shows the empty placeholder for no teachers, and for a failed search (only logged)', async () => {
    stubBrowserLayout();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    stubApi({
      '/api/teachers/search': () =>
        ++calls === 1
          ? jsonResponse(200, resultsPage([], { limit: 10 }))
          : jsonResponse(404, { status: 404, message: 'Not found' }),
    });
    await renderRoute(<TeacherCarousels />, { language: 'en', path: '' });
    const famous = screen.getByTestId('famous-teachers');
    const mostBooked = screen.getByTestId('most-booked-teachers');
    expect(await within(famous).findByText(enHome.teachers.empty)).toBeTruthy();
    expect(await within(mostBooked).findByText(enHome.teachers.empty)).toBeTruthy();
    expect(screen.queryByTestId('teacher-card')).toBeNull();
    expect(document.querySelector('[data-placeholder="error"]')).toBeNull();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});
