import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language, User } from '@ustaz/contract';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/profile.json';
import en from '../../../public/locales/en/profile.json';
import { AuthContext } from '../../shared/auth/auth-context.tsx';
import { signedIn, testUser } from '../../shared/test/auth-test-data.ts';
import { createTestI18n, jsonResponse } from '../../shared/test/test-i18n.ts';
import { AppToaster } from '../../shared/ui/toast.tsx';
import { AccountSettings } from './account-settings.tsx';

const USER = testUser();
const PUSH_SETTINGS = {
  devices: 0,
  settings: { message: true, booking: true, cancellation: true, lessonReminder: true, reviewRequest: true },
};

type Call = { method: string; url: string; body: unknown };

function mockApi(answer: (method: string, body: unknown) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      // The notifications section loads its switches; these tests are about the other sections.
      if (String(input) === '/api/v1/push/settings') return jsonResponse(200, PUSH_SETTINGS);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method, url: String(input), body });
      return answer(method, body);
    }),
  );
  return calls;
}

async function renderSettings(language: Language, user: User = USER) {
  const { i18n } = await createTestI18n(language);
  const logout = vi.fn(async () => {});
  render(
    <I18nextProvider i18n={i18n}>
      <AuthContext value={signedIn(user, { logout })}>
        <AccountSettings user={user} />
        <AppToaster />
      </AuthContext>
    </I18nextProvider>,
  );
  return { logout };
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`), { selector: 'input' });

/** Types the current, new and confirmed password into the form (in the language of `texts`) and submits it. */
async function changePassword(texts: typeof en, oldPassword: string, password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(field(texts.security.oldPassword), oldPassword);
  await user.type(field(texts.security.newPassword), password);
  await user.type(field(texts.security.confirmPassword), confirmation);
  await user.click(screen.getByRole('button', { name: texts.security.submit }));
}

describe('password change', () => {
  it('a wrong current password shows the message in the user language on its field', async () => {
    const calls = mockApi(() => jsonResponse(422, { status: 422, errors: { oldPassword: 'incorrectPassword' } }));
    await renderSettings('ar');
    await changePassword(ar, 'Wrong123', 'Brand9new');
    expect(await screen.findByText(ar.security.errors.incorrectPassword)).toBeTruthy();
    expect(calls).toEqual([
      { method: 'PATCH', url: '/api/v1/auth/me', body: { oldPassword: 'Wrong123', password: 'Brand9new' } },
    ]);
  });

  it('checks the new password before calling: too short, and the confirmation must match', async () => {
    const calls = mockApi(() => jsonResponse(200, USER));
    await renderSettings('en');
    await changePassword(en, 'Secret123', '123', '1234');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText(en.security.passwordsMismatch)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a right one changes the password, says so and empties the form', async () => {
    mockApi(() => jsonResponse(200, USER));
    await renderSettings('en');
    await changePassword(en, 'Secret123', 'Brand9new');
    expect(await screen.findByText(en.security.changed)).toBeTruthy();
    await waitFor(() => expect((field(en.security.oldPassword) as HTMLInputElement).value).toBe(''));
  });

  it('is not offered to a Google account', async () => {
    mockApi(() => jsonResponse(200, {}));
    await renderSettings('en', { ...USER, provider: 'google' });
    expect(screen.queryByRole('form', { name: en.security.title })).toBeNull();
    expect(screen.getByRole('button', { name: en.delete.open })).toBeTruthy();
  });
});

describe('account deletion', () => {
  it('with upcoming lessons: the refusal is explained and the user stays signed in', async () => {
    const calls = mockApi(() =>
      jsonResponse(409, { status: 409, code: 'hasUpcomingReservations', message: 'Cancel or finish them first' }),
    );
    const { logout } = await renderSettings('ar');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: ar.delete.open }));
    const dialog = await screen.findByRole('alertdialog', { name: ar.delete.confirmTitle });
    expect(dialog).toBeTruthy();
    await user.type(field(ar.delete.password), 'Secret123');
    await user.click(screen.getByRole('button', { name: ar.delete.confirm }));
    expect(await screen.findByText(ar.delete.hasUpcomingReservations)).toBeTruthy();
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/v1/auth/me', body: { password: 'Secret123' } }]);
    expect(logout).not.toHaveBeenCalled();
  });

  it('a wrong password is said on the field; the right one deletes, signs out and says so', async () => {
    let attempt = 0;
    mockApi(() => {
      attempt += 1;
      return attempt === 1
        ? jsonResponse(422, { status: 422, errors: { password: 'incorrectPassword' } })
        : jsonResponse(200, { success: true });
    });
    const { logout } = await renderSettings('en');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.delete.open }));
    await user.type(field(en.delete.password), 'Wrong123');
    await user.click(screen.getByRole('button', { name: en.delete.confirm }));
    expect(await screen.findByText(en.security.errors.incorrectPassword)).toBeTruthy();
    expect(logout).not.toHaveBeenCalled();
    await user.clear(field(en.delete.password));
    await user.type(field(en.delete.password), 'Secret123');
    await user.click(screen.getByRole('button', { name: en.delete.confirm }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(en.delete.done)).toBeTruthy();
  });

  it('a Google account confirms by typing the word', async () => {
    const calls = mockApi(() => jsonResponse(200, { success: true }));
    const { logout } = await renderSettings('en', { ...USER, provider: 'google' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.delete.open }));
    const input = field(en.delete.typeWord.replace('{{word}}', en.delete.word));
    await user.type(input, 'delete');
    await user.click(screen.getByRole('button', { name: en.delete.confirm }));
    expect(await screen.findByText(en.delete.wordMismatch.replace('{{word}}', en.delete.word))).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(input);
    await user.type(input, en.delete.word);
    await user.click(screen.getByRole('button', { name: en.delete.confirm }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/v1/auth/me', body: {} }]);
  });
});
