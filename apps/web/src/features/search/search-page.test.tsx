import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, ok } from '../../shared/test/mock-api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import {
  failingTeacherSearch,
  makeTeacher,
  mockTeacherSearch,
  pagedTeacherSearch,
  resultsPage,
} from '../../shared/test/search-test-data.ts';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { SearchPage } from './search-page.tsx';
import { TeacherSearchDialog } from './teacher-search-dialog.tsx';

/** Every query parameter, repeated ones as lists. */
function queryOf(search: URLSearchParams | undefined): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(search?.keys() ?? [])) {
    const values = search?.getAll(key) ?? [];
    result[key] = key.endsWith('[]') ? values : (values[0] ?? '');
  }
  return result;
}

async function renderSearch(path: string, language: 'ar' | 'en' = 'en') {
  return renderRoute(
    <ModalProvider registry={{ TEACHER_SEARCH: TeacherSearchDialog }}>
      <SearchPage />
    </ModalProvider>,
    { language, path },
  );
}

describe('SearchPage reads its address into the teacher search', () => {
  it('sends q as search, subject + customSubjects as subjects[], the filters and the page', async () => {
    // The subject chip takes the name of subject 5 from the teachers found.
    const math = { subjects: [{ id: 5, name: 'Math' }] };
    const teachers = [1, 2, 3].map((id) => makeTeacher(id, math));
    const search = mockTeacherSearch(ok(resultsPage(teachers, { total: 30, page: 2, totalPages: 3 })));
    const { missing } = await renderSearch(
      '/search?q=math&subject=5&customSubjects=Chess,Robotics&mostFamous=true&minExperience=2&maxHourlyRate=20' +
        '&minRating=4&availableOn=2030-01-15&sortBy=averageRating&sortOrder=DESC&page=2',
    );
    expect(await screen.findByText('Teachers found: 30')).toBeTruthy();
    expect(queryOf(search.queries()[0])).toEqual({
      search: 'math',
      'subjects[]': ['5', 'Chess', 'Robotics'],
      mostFamous: 'true',
      minExperience: '2',
      maxHourlyRate: '20',
      minRating: '4',
      availableOn: '2030-01-15',
      sortBy: 'averageRating',
      sortOrder: 'DESC',
      page: '2',
      limit: '12',
    });
    expect(screen.getAllByTestId('teacher-card')).toHaveLength(3);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    const chips = screen.getAllByTestId('filter-chip').map((chip) => chip.textContent);
    expect(chips).toEqual([
      'Subject: Math',
      'Subject: Chess',
      'Subject: Robotics',
      'Most famous',
      'At least 2 years of experience',
      expect.stringMatching(/^Up to .*20\.000 per hour$/),
      'Rated 4+ stars',
      expect.stringMatching(/^Available on .*2030/),
      'Sorted by Rating (High to low)',
    ]);
    expect(missing).toEqual([]);
  });

  it('sends no subjects[] and no filters for a bare address', async () => {
    const search = mockTeacherSearch(ok(resultsPage([makeTeacher(1)])));
    await renderSearch('/search');
    await screen.findByText('Teachers found: 1');
    expect(queryOf(search.queries()[0])).toEqual({ page: '1', limit: '12' });
    expect(screen.queryAllByTestId('filter-chip')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('pages with next and previous, and a removed chip goes back to page 1', async () => {
    const search = pagedTeacherSearch((page) => resultsPage([makeTeacher(page)], { total: 30, page, totalPages: 3 }));
    const { router } = await renderSearch('/search?customSubjects=Chess,Robotics');
    await screen.findByText('Page 1 of 3');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(search.queries().at(-1)?.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter: Subject: Chess' }));
    await waitFor(() => expect(router.state.location.search).toBe('?customSubjects=Robotics'));
    await waitFor(() => expect(queryOf(search.queries().at(-1))['subjects[]']).toEqual(['Robotics']));
  });

  it('moves a page past the last one to the last page', async () => {
    pagedTeacherSearch((page) => resultsPage(page > 2 ? [] : [makeTeacher(page)], { total: 13, page, totalPages: 2 }));
    const { router } = await renderSearch('/search?q=math&page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?q=math&page=2'));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
  });

  it('says "about" when the total is the planner\'s estimate (above 1,000), in ar and en', async () => {
    const estimated = { ...resultsPage([makeTeacher(1)], { total: 12400, totalPages: 1034 }), totalIsEstimate: true };
    mockTeacherSearch(ok(estimated));
    await renderSearch('/search?q=a');
    expect(await screen.findByText('Teachers found: about 12,400')).toBeTruthy();
  });

  it('says "about" in Arabic too', async () => {
    const estimated = { ...resultsPage([makeTeacher(1)], { total: 12400, totalPages: 1034 }), totalIsEstimate: true };
    mockTeacherSearch(ok(estimated));
    await renderSearch('/search?q=a', 'ar');
    expect(await screen.findByText('عدد المعلمين: نحو ١٢٬٤٠٠')).toBeTruthy();
  });

  it('a text that matches nothing is named, and "Clear the search" removes only the text', async () => {
    const search = mockTeacherSearch(ok(resultsPage([], { total: 0, totalPages: 0 })));
    const { router } = await renderSearch('/search?q=zzz&minRating=5&mostBooked=true');
    expect(await screen.findByText('No teachers match “zzz”')).toBeTruthy();
    expect(screen.queryByTestId('teacher-card')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        minRating: '5',
        mostBooked: 'true',
      }),
    );
    await waitFor(() => expect(queryOf(search.queries().at(-1)).search).toBeUndefined());
    mockTeacherSearch(ok(resultsPage([], { total: 0, totalPages: 0 })));
    await renderSearch('/search?q=%D8%9F%D8%9F', 'ar');
    expect(await screen.findByText('لا يوجد معلمون مطابقون لـ «؟؟»')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'امسح البحث' })).toBeTruthy();
  });

  it('shows the empty state, whose reset removes every filter', async () => {
    const search = mockTeacherSearch(ok(resultsPage([], { total: 0, totalPages: 0 })));
    const { router } = await renderSearch('/search?minRating=5&mostBooked=true');
    expect(await screen.findByText('No teachers match your search')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(queryOf(search.queries().at(-1))).toEqual({ page: '1', limit: '12' }));
  });

  it('shows the error state, and retry loads the results', async () => {
    const search = failingTeacherSearch();
    await renderSearch('/search', 'ar');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('تعذّر تحميل المعلمين')).toBeTruthy();
    search.recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findAllByTestId('teacher-card')).toHaveLength(1);
  });

  it('shows loading skeletons while the results load', async () => {
    mockTeacherSearch(() => new Promise<ApiAnswer>(() => {}));
    await renderSearch('/search');
    expect(screen.getByTestId('results-loading')).toBeTruthy();
    expect(screen.getByText('Loading teachers...')).toBeTruthy();
  });

  it("the search box's filter button opens the dialog, which updates the address (q kept, cleared filters removed)", async () => {
    mockTeacherSearch(ok(resultsPage([makeTeacher(1)])));
    const { router } = await renderSearch('/search?q=math&minRating=4&page=2');
    await screen.findAllByTestId('teacher-card');
    await userEvent.click(screen.getByRole('button', { name: 'Search filters' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Any' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Minimum experience (years)' }), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show results' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        q: 'math',
        minExperience: '3',
      }),
    );
  });
});
