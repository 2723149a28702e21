import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { makeTeacher, resultsPage } from '../../shared/test/search-test-data.ts';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { readTeachersListParams, TeachersListPage } from './teachers-list-page.tsx';

function mockSearch(handler: (url: URL) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => handler(new URL(String(input), 'http://localhost')));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const lastQuery = (fetchMock: ReturnType<typeof mockSearch>) =>
  Object.fromEntries(new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams);

describe('TeachersListPage', () => {
  it('lists every teacher with the page and order of the address, and changing the order starts at page 1', async () => {
    const fetchMock = mockSearch((url) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(200, resultsPage([makeTeacher(page)], { total: 25, page, totalPages: 3 }));
    });
    const { router, missing } = await renderRoute(<TeachersListPage />, {
      language: 'en',
      path: '/teachers?page=2&sortBy=hourlyRate&sortOrder=ASC',
    });
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(lastQuery(fetchMock)).toEqual({ page: '2', limit: '12', sortBy: 'hourlyRate', sortOrder: 'ASC' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect(sort.value).toBe('priceLow');
    await userEvent.selectOptions(sort, 'mostBooked');
    await waitFor(() => expect(router.state.location.search).toBe('?sortBy=bookingsCount&sortOrder=DESC'));
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ page: '1', limit: '12', sortBy: 'bookingsCount', sortOrder: 'DESC' }),
    );
    expect(missing).toEqual([]);
  });

  it('shows the error state with retry', async () => {
    let fail = true;
    mockSearch(() =>
      fail
        ? jsonResponse(500, { status: 500, message: 'Boom', code: 'internal' })
        : jsonResponse(200, resultsPage([makeTeacher(1)])),
    );
    await renderRoute(<TeachersListPage />, { language: 'ar', path: '/teachers' });
    await screen.findByText('تعذّر تحميل المعلمين');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findAllByTestId('teacher-card')).toHaveLength(1);
  });

  it('falls back to the top-rated order and page 1 for unknown values', () => {
    const { page, sort } = readTeachersListParams(new URLSearchParams('page=-2&sortBy=name&sortOrder=ASC'));
    expect(page).toBe(1);
    expect(sort).toMatchObject({ sortBy: 'averageRating', sortOrder: 'DESC' });
  });
});
