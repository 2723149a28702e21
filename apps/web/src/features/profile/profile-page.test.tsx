import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_WEBSITE_SETTINGS, type User } from '@ustaz/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/profile.json';
import en from '../../../public/locales/en/profile.json';
import { AuthContext, type AuthContextValue } from '../../shared/auth/auth-context.tsx';
import { resetSettingsMemory } from '../../shared/settings/api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { EditProfileModal } from './edit-profile-modal.tsx';
import { ProfilePage } from './profile-page.tsx';

function userWithRole(id: 1 | 2 | 3): User {
  return {
    id: 4,
    email: 'sara@ustaz.example',
    firstName: 'سارة',
    lastName: 'العنزي',
    role: { id, name: id === 1 ? 'admin' : id === 2 ? 'teacher' : 'student' },
    photo: null,
    provider: 'email',
    emailConfirmed: true,
    createdAt: '2026-03-05T10:00:00.000Z',
  };
}

function authFor(user: User): AuthContextValue {
  return {
    user,
    isAuthenticated: true,
    loading: false,
    error: null,
    setUser: vi.fn(),
    storeSession: vi.fn(),
    signIn: vi.fn(),
    logout: vi.fn(),
    refreshUser: vi.fn(),
  };
}

async function renderProfile(user: User, language: 'ar' | 'en', goToDashboard = vi.fn()) {
  const view = await renderRoute(
    <AuthContext value={authFor(user)}>
      <ModalProvider registry={{ EDIT_PROFILE: EditProfileModal }}>
        <ProfilePage goToDashboard={goToDashboard} />
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
    vi.fn(async () =>
      jsonResponse(200, {
        ...FALLBACK_WEBSITE_SETTINGS,
        id: 1,
        additional: { ...FALLBACK_WEBSITE_SETTINGS.additional, adminDashboardUrl: 'https://admin.ustaz.example/' },
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ProfilePage by role (spec 2 and 6)', () => {
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
    expect(screen.getByTestId('avatar-initials').textContent).toBe('س\u200cا');
    expect(document.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-05T10:00:00.000Z');
    expect(goToDashboard).not.toHaveBeenCalled();
    expect(missing).toEqual([]);
  });

  it('shows a student the student profile, and the edit button opens the edit-profile modal', async () => {
    await renderProfile(userWithRole(3), 'en');
    expect(screen.getByText(en.roles.student)).toBeTruthy();
    expect(screen.getByText(en.memberSince)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: en.edit.open }));
    expect(await screen.findByRole('dialog', { name: en.edit.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: en.edit.save })).toBeTruthy();
  });
});
