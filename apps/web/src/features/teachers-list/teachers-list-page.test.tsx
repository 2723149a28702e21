import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../shared/test/render-route.tsx';
import {
  failingTeacherSearch,
  makeTeacher,
  pagedTeacherSearch,
  resultsPage,
} from '../../shared/test/search-test-data.ts';
import { readTeachersListParams, TeachersListPage } from './teachers-list-page.tsx';

describe('TeachersListPage', () => {
  it('lists every teacher with the page and order of the address, and changing the order starts at page 1', async () => {
    const search = pagedTeacherSearch((page) => resultsPage([makeTeacher(page)], { total: 25, page, totalPages: 3 }));
    const lastQuery = () => Object.fromEntries(search.queries().at(-1) ?? []);
    const { router, missing } = await renderRoute(<TeachersListPage />, {
      language: 'en',
      path: '/teachers?page=2&sortBy=hourlyRate&sortOrder=ASC',
    });
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(lastQuery()).toEqual({ page: '2', limit: '12', sortBy: 'hourlyRate', sortOrder: 'ASC' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect(sort.value).toBe('priceLow');
    await userEvent.selectOptions(sort, 'mostBooked');
    await waitFor(() => expect(router.state.location.search).toBe('?sortBy=bookingsCount&sortOrder=DESC'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', limit: '12', sortBy: 'bookingsCount', sortOrder: 'DESC' }),
    );
    expect(missing).toEqual([]);
  });

  it('shows the error state with retry', async () => {
    const search = failingTeacherSearch();
    await renderRoute(<TeachersListPage />, { language: 'ar', path: '/teachers' });
    await screen.findByText('تعذّر تحميل المعلمين');
    search.recover();
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findAllByTestId('teacher-card')).toHaveLength(1);
  });

  it('falls back to the top-rated order and page 1 for unknown values', () => {
    const { page, sort } = readTeachersListParams(new URLSearchParams('page=-2&sortBy=name&sortOrder=ASC'));
    expect(page).toBe(1);
    expect(sort).toMatchObject({ sortBy: 'averageRating', sortOrder: 'DESC' });
  });
});
