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
    expect(within(screen.getByTestId('overview-tiles')).getAllByRole('link')).toHaveLength(10);
    expect(within(tile('users')).getByTestId('tile-value').textContent).toBe('1,250');
    expect(within(tile('paidLast30Days')).getByTestId('tile-value').textContent).toBe(formatKwd('4520.750', 'en'));
    expect(tile('pendingTeachers').getAttribute('href')).toBe('/en/admin/teachers?approval=pending');
    expect(tile('pendingTeachers').textContent).toContain(en.overview.tiles.pendingTeachers);
    expect(tile('suspendedUsers').getAttribute('href')).toBe('/en/admin/users?status=suspended');
    expect(tile('students').getAttribute('href')).toBe('/en/admin/users?roleId=3');
    expect(tile('walletsTotal').getAttribute('href')).toBe('/en/admin/ledger');
    expect(missing).toEqual([]);
  });

  it("shows the range's figures against the range before, each linking to its list for the range, and the days as a table", async () => {
    const calls: string[] = [];
    mockApi({
      'GET /api/v1/admin/overview': (call) => {
        calls.push(call.search.toString());
        return ok(OVERVIEW);
      },
    });
    const { missing } = await renderAdminPage(<AdminOverviewPage />, {
      language: 'en',
      path: '/admin?from=2026-11-02&to=2026-12-01',
    });
    const period = await screen.findByTestId('overview-period');
    expect(calls[0]).toContain('from=2026-11-02');
    expect(calls[0]).toContain('to=2026-12-01');
    const bookings = within(period).getByTestId('figure-bookings');
    expect(within(bookings).getByTestId('figure-value').textContent).toBe('6');
    expect(bookings.textContent).toContain('Before: 3');
    expect(bookings.textContent).toContain('+100% on the period before');
    expect(bookings.getAttribute('href')).toBe('/en/admin/reservations?from=2026-11-02&to=2026-12-01');
    const paid = within(period).getByTestId('figure-paidIn');
    expect(within(paid).getByTestId('figure-value').textContent).toBe(formatKwd('57.500', 'en'));
    expect(paid.getAttribute('href')).toBe('/en/admin/payments?status=paid&from=2026-11-02&to=2026-12-01');
    expect(within(within(period).getByTestId('figure-completionRate')).getByTestId('figure-value').textContent).toBe(
      '80%',
    );
    const rows = within(within(period).getByTestId('overview-daily')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain(formatKwd('12.500', 'en'));
    expect(within(period).getByTestId('overview-top-subjects').textContent).toContain('Maths');
    expect(within(period).getByTestId('overview-not-found').textContent).toContain('فيزياء نووية');
    expect(within(period).getByTestId('overview-waiting').textContent).toContain(en.overview.period.noDispute);
    expect(missing).toEqual([]);
  });

  it('an empty period says so in Arabic, with Arabic digits and no rate', async () => {
    const empty = adminOverview({
      daily: [{ day: '2026-12-01', bookings: 0, lessonsHeld: 0, paidIn: '0.000', teacherEarnings: '0.000' }],
      current: { ...OVERVIEW.current, bookings: 0, lessonsDue: 0, completionRate: null },
      topSubjects: [],
      notFoundTerms: [],
    });
    mockApi({ 'GET /api/v1/admin/overview': ok(empty) });
    const { missing } = await renderAdminPage(<AdminOverviewPage />, { language: 'ar', path: '/admin' });
    const period = await screen.findByTestId('overview-period');
    const rate = within(period).getByTestId('figure-completionRate');
    expect(within(rate).getByTestId('figure-value').textContent).toBe(ar.overview.period.noRate);
    expect(within(within(period).getByTestId('figure-bookings')).getByTestId('figure-value').textContent).toBe('٠');
    expect(within(period).getByTestId('overview-top-subjects').textContent).toContain(ar.overview.period.none);
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
