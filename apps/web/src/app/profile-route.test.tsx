import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_WEBSITE_SETTINGS, type User } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import arAvailability from '../../public/locales/ar/availability.json';
import arEarnings from '../../public/locales/ar/earnings.json';
import ar from '../../public/locales/ar/profile.json';
import arWallet from '../../public/locales/ar/wallet.json';
import enAvailability from '../../public/locales/en/availability.json';
import en from '../../public/locales/en/profile.json';
import enWallet from '../../public/locales/en/wallet.json';
import { EditProfileModal } from '../features/profile/edit-profile-modal.tsx';
import { dashboardUrlFor } from '../features/profile/profile-page.tsx';
import { AuthContext } from '../shared/auth/auth-context.tsx';
import { resetSettingsMemory } from '../shared/settings/api.ts';
import { signedIn, testUser } from '../shared/test/auth-test-data.ts';
import { earningsSummary } from '../shared/test/money-test-data.ts';
import { renderRoute } from '../shared/test/render-route.tsx';
import { jsonResponse } from '../shared/test/test-i18n.ts';
import { ModalProvider } from '../shared/ui/modal/modal-context.tsx';
import { ProfileRoute } from './profile-route.tsx';

function userWithRole(id: 1 | 2 | 3): User {
  return testUser({
    id: 4,
    email: 'sara@ustaz.example',
    firstName: 'سارة',
    lastName: 'العنزي',
    role: { id, name: id === 1 ? 'admin' : id === 2 ? 'teacher' : 'student' },
    createdAt: '2026-03-05T10:00:00.000Z',
  });
}

async function renderProfile(user: User, language: 'ar' | 'en', goToDashboard = vi.fn()) {
  const view = await renderRoute(
    <AuthContext value={signedIn(user)}>
      <ModalProvider registry={{ EDIT_PROFILE: EditProfileModal }}>
        <ProfileRoute goToDashboard={goToDashboard} />
      </ModalProvider>
    </AuthContext>,
    { language, path: '/profile' },
  );
  return { ...view, goToDashboard };
}

beforeEach(() => {
  resetSettingsMemory();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input).split('?')[0];
      if (path === '/api/v1/subscriptions/balance') {
        return jsonResponse(200, { balance: '25.750', currency: 'KWD', earnings: '40.000', remainingHours: 2 });
      }
      if (path === '/api/v1/balance/transactions' || path === '/api/teachers/search') {
        return jsonResponse(200, { data: [], total: 0, page: 1, limit: 10, totalPages: 1 });
      }
      if (path === '/api/v1/availability/slots') return jsonResponse(200, []);
      if (path === '/api/v1/earnings') return jsonResponse(200, earningsSummary());
      return jsonResponse(200, {
        ...FALLBACK_WEBSITE_SETTINGS,
        id: 1,
        additional: { ...FALLBACK_WEBSITE_SETTINGS.additional, adminDashboardUrl: 'https://admin.ustaz.example/' },
      });
    }),
  );
});
describe('an admin on /{lang}/profile (issue 30 item 23)', () => {
  it.each([
    ['en', '/admin', '/en/admin'],
    ['ar', '/admin', '/ar/admin'],
    ['en', '/ar/admin?tab=payouts#top', '/en/admin?tab=payouts#top'],
    ['ar', 'https://admin.ustaz.example/', 'https://admin.ustaz.example/'],
  ] as const)('on a %s page, the dashboard %s is %s', (language, configured, expected) => {
    expect(dashboardUrlFor(configured, language)).toBe(expected);
  });

  it.each(['ar', 'en'] as const)('with the default dashboard, lands on /%s/admin', async (language) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { ...FALLBACK_WEBSITE_SETTINGS, id: 1 })),
    );
    const { goToDashboard } = await renderProfile(userWithRole(1), language);
    await waitFor(() => expect(goToDashboard).toHaveBeenCalledWith(`/${language}/admin`));
  });
});

describe('the profile route by role (spec 2 and 6)', () => {
  it('sends an admin to the dashboard address of the settings', async () => {
    const { goToDashboard } = await renderProfile(userWithRole(1), 'en');
    await waitFor(() => expect(goToDashboard).toHaveBeenCalledWith('https://admin.ustaz.example/'));
    expect(screen.queryByTestId('profile-name')).toBeNull();
  });

  it('shows a teacher the teacher profile with photo initials, name, e-mail and member since', async () => {
    const { goToDashboard, missing } = await renderProfile(userWithRole(2), 'ar');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('سارة العنزي');
    expect(screen.getByText(ar.roles.teacher)).toBeTruthy();
    expect(screen.getByText('sara@ustaz.example')).toBeTruthy();
    expect(screen.getByTestId('avatar-initials').textContent).toBe('س\u200cع');
    expect(document.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-05T10:00:00.000Z');
    expect(goToDashboard).not.toHaveBeenCalled();
    // Teacher things: earnings (pending explained), links to the earnings page and the schedule,
    // the availability editor; not the student's wallet with its top-up and subscription hours.
    expect(screen.getByRole('heading', { level: 2, name: arEarnings.profile.title })).toBeTruthy();
    const pending = await screen.findByTestId('figure-pending');
    expect(pending.textContent).toContain(arEarnings.summary.pendingHint);
    expect(screen.getByRole('link', { name: arEarnings.profile.open }).getAttribute('href')).toBe('/ar/earnings');
    expect(screen.getByRole('link', { name: arEarnings.profile.schedule }).getAttribute('href')).toBe('/ar/schedule');
    expect(screen.queryByRole('heading', { level: 2, name: arWallet.title })).toBeNull();
    expect(screen.queryByRole('button', { name: arWallet.topUp })).toBeNull();
    expect(screen.queryByTestId('wallet-hours')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: arAvailability.title })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('shows a student the student profile, and the edit button opens the edit-profile modal', async () => {
    await renderProfile(userWithRole(3), 'en');
    expect(screen.getByText(en.roles.student)).toBeTruthy();
    expect(screen.getByText(en.memberSince)).toBeTruthy();
    // A student's wallet: balance and hours, no earnings, no availability editor.
    expect(screen.getByRole('heading', { level: 2, name: enWallet.title })).toBeTruthy();
    expect(await screen.findByTestId('wallet-balance')).toBeTruthy();
    expect(screen.queryByTestId('wallet-earnings')).toBeNull();
    expect(screen.queryByTestId('earnings-overview')).toBeNull();
    expect(screen.queryByRole('heading', { name: enAvailability.title })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: en.edit.open }));
    expect(await screen.findByRole('dialog', { name: en.edit.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: en.edit.save })).toBeTruthy();
  });
});
