import { screen, within } from '@testing-library/react';
import type { AdminOverview } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { formatKwd } from '../../../shared/lib/format.ts';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { renderAdminPage, setUpAdminTests } from '../ui/admin-test-utils.tsx';
import { AdminOverviewPage } from './overview-page.tsx';
import { adminOverview } from './overview-test-data.ts';

const OVERVIEW = adminOverview();

setUpAdminTests();

function tile(key: keyof AdminOverview) {
  return screen.getByTestId(`tile-${key}`);
}

describe('AdminOverviewPage', () => {
  it('shows every figure as a tile linking to its section', async () => {
    mockApi({ 'GET /api/v1/admin/overview': ok(OVERVIEW) });
    const { missing } = await renderAdminPage(<AdminOverviewPage />, { language: 'en', path: '/admin' });
    await screen.findByTestId('overview-tiles');
    expect(screen.getAllByRole('link')).toHaveLength(Object.keys(OVERVIEW).length);
    expect(within(tile('users')).getByTestId('tile-value').textContent).toBe('1,250');
    expect(within(tile('paidLast30Days')).getByTestId('tile-value').textContent).toBe(formatKwd('4520.750', 'en'));
    expect(tile('pendingTeachers').getAttribute('href')).toBe('/en/admin/teachers?approval=pending');
    expect(tile('pendingTeachers').textContent).toContain(en.overview.tiles.pendingTeachers);
    expect(tile('suspendedUsers').getAttribute('href')).toBe('/en/admin/users?status=suspended');
    expect(tile('students').getAttribute('href')).toBe('/en/admin/users?roleId=3');
    expect(tile('walletsTotal').getAttribute('href')).toBe('/en/admin/ledger');
    expect(missing).toEqual([]);
  });

  it('speaks Arabic with Arabic digits, and retries after an error', async () => {
    const answers = [{ status: 500, body: { status: 500, message: 'boom' } }, ok(OVERVIEW)];
    mockApi({ 'GET /api/v1/admin/overview': () => answers.shift() ?? ok(OVERVIEW) });
    const { missing } = await renderAdminPage(<AdminOverviewPage />, { language: 'ar', path: '/admin' });
    const alert = await screen.findByRole('alert');
    within(alert).getByRole('button').click();
    await screen.findByTestId('overview-tiles');
    expect(screen.getByRole('heading', { level: 1, name: ar.overview.title })).toBeTruthy();
    expect(within(tile('pendingTeachers')).getByTestId('tile-value').textContent).toBe('٣');
    expect(tile('pendingTeachers').getAttribute('href')).toBe('/ar/admin/teachers?approval=pending');
    expect(missing).toEqual([]);
  });
});
