import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@ustaz/contract/constants';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { listRequests, renderAdminPage, setUpAdminTests } from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { adminUser } from './user-test-data.ts';
import { AdminUsersPage } from './users-page.tsx';

const LIST = 'GET /api/v1/admin/users';

function renderPage(language: Language = 'en', path = '/admin/users') {
  return renderAdminPage(<AdminUsersPage />, { language, path });
}

setUpAdminTests();

describe('AdminUsersPage', () => {
  it('lists users with their role, status and confirmation, each linking to its page', async () => {
    const sara = adminUser({ firstName: 'Sara', lastName: 'Ali', email: 'sara@example.com', emailConfirmed: false });
    const admin = adminUser({ firstName: 'Huda', lastName: 'Admin', roleId: 1, status: 'suspended' });
    const api = mockApi({ [LIST]: ok(listPage([sara, admin], { total: 41 })) });
    const { missing } = await renderPage();

    const table = await screen.findByRole('table', { name: en.users.caption });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(Object.values(en.users.columns));
    expect(headers.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Sara Ali' })
        .getAttribute('href'),
    ).toBe(`/en/admin/users/${sara.id}`);
    expect(rows[0]?.textContent).toContain('sara@example.com');
    expect(rows[0]?.textContent).toContain(en.roles.student);
    expect(rows[0]?.textContent).toContain(en.users.confirmed.no);
    expect(rows[1]?.textContent).toContain(en.roles.admin);
    expect(rows[1]?.textContent).toContain(en.status.suspended);
    expect(screen.getByText('41 results')).toBeTruthy();

    const search = api.callsTo(LIST)[0]?.search;
    expect([search?.get('page'), search?.get('limit'), search?.get('search')]).toEqual(['1', '20', null]);
    expect(missing).toEqual([]);
  });

  it('puts the search, role and status into the URL and the query (Arabic)', async () => {
    const api = mockApi({
      [LIST]: (call) => ok(listPage(call.search.get('search') === 'nobody' ? [] : [adminUser()], { total: 3 })),
    });
    const { router, missing } = await renderPage('ar');
    await screen.findByRole('table', { name: ar.users.caption });
    // Arabic plural forms fall back to the one general text.
    expect(screen.getByText('٣ نتيجة')).toBeTruthy();
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText(ar.users.roleFilter), ar.roles.teacher);
    await waitFor(() => expect(router.state.location.search).toBe('?roleId=2'));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.search.get('roleId')).toBe('2'));

    await listRequests(api, LIST).select(user, ar.users.statusFilter, ar.status.suspended, ['status', 'suspended']);

    // Typing does not ask the server; Enter does.
    const before = api.callsTo(LIST).length;
    await user.type(screen.getByRole('searchbox', { name: ar.users.searchLabel }), 'nobody');
    expect(api.callsTo(LIST)).toHaveLength(before);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        roleId: '2',
        status: 'suspended',
        search: 'nobody',
      }),
    );
    const last = api.callsTo(LIST).at(-1)?.search;
    expect([last?.get('search'), last?.get('roleId'), last?.get('status')]).toEqual(['nobody', '2', 'suspended']);

    expect(await screen.findByRole('heading', { name: ar.users.noMatch.title })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: ar.list.clearFilters }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('reads its filters from the URL and moves between pages', async () => {
    const api = mockApi({
      [LIST]: (call) => ok(listPage([adminUser()], { page: Number(call.search.get('page')), total: 45 })),
    });
    const { router } = await renderPage('en', '/admin/users?status=suspended&search=ali');
    await screen.findByRole('table');
    expect((screen.getByLabelText(en.users.statusFilter) as HTMLSelectElement).value).toBe('suspended');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('ali');
    await userEvent.setup().click(screen.getByRole('button', { name: en.list.next }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=suspended&search=ali&page=2'));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.search.get('page')).toBe('2'));
  });

  it('shows an error with a retry', async () => {
    const answers = [{ status: 500, body: { status: 500, message: 'boom' } }, ok(listPage([adminUser()]))];
    mockApi({ [LIST]: () => answers.shift() ?? ok(listPage([])) });
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(en.list.errorTitle)).toBeTruthy();
    await userEvent.setup().click(within(alert).getByRole('button'));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
