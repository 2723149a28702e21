import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin-money.json';
import en from '../../../../public/locales/en/admin-money.json';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { adminPageRenderer, listRequests, setUpAdminTests } from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { notFoundTerm } from './moderation-test-data.ts';
import { AdminSearchLogPage } from './search-log-page.tsx';

const LIST = 'GET /api/v1/admin/search-not-found';

const renderPage = adminPageRenderer(<AdminSearchLogPage />, '/admin/search-log');

setUpAdminTests();

describe('AdminSearchLogPage', () => {
  it('lists the most searched missing terms and sends the type and period', async () => {
    const calls = mockApi({
      [LIST]: ok(listPage([notFoundTerm(), notFoundTerm({ keywords: 'كيمياء', normalized: 'كيمياء', count: 3 })])),
    });
    const { missing } = await renderPage();
    const table = await screen.findByTestId('search-log-table');
    const list = listRequests(calls, LIST);
    list.expectFirstPage({ days: '30' });
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['Physics', en.searchLog.types.subject, '14', '9']);
    expect(cells[4]).toMatch(/2026/);
    expect(within(second).getByText('كيمياء').getAttribute('dir')).toBe('auto');
    expect(missing).toEqual([]);

    const user = userEvent.setup();
    await list.select(user, en.searchLog.typeFilter, 'teacher', ['searchType', 'teacher']);
    await list.select(user, en.searchLog.daysFilter, '7', ['days', '7']);
  });

  it('says when nothing is missing, in Arabic', async () => {
    mockApi({ [LIST]: ok(listPage([])) });
    const { missing } = await renderPage({ language: 'ar', path: '/admin/search-log?days=365' });
    expect(await screen.findByText(ar.searchLog.empty.title)).toBeTruthy();
    expect((screen.getByLabelText(ar.searchLog.daysFilter) as HTMLSelectElement).value).toBe('365');
    expect(missing).toEqual([]);
  });
});
