import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_WEBSITE_SETTINGS, type Language } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/auth.json';
import en from '../../../public/locales/en/auth.json';
import { resetSettingsMemory } from '../../shared/settings/api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { LoginPage } from './login-page.tsx';

const locales = { ar, en };

/** The API as the login screen sees it: settings, and the login calls answering `loginAnswer`. */
function mockApi(loginAnswer: () => Response, googleClientId: string | null = null) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/settings/website') {
      const additional = { ...FALLBACK_WEBSITE_SETTINGS.additional, googleClientId };
      return jsonResponse(200, { ...FALLBACK_WEBSITE_SETTINGS, id: 1, additional });
    }
    if (url === '/api/v1/auth/email/login' || url === '/api/v1/auth/google/login') return loginAnswer();
    return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function renderLogin(language: Language) {
  const { missing } = await renderRoute(<LoginPage />, { language, path: '/login' });
  return { missing, t: locales[language] };
}

async function submit(email: string, password: string, language: Language) {
  const user = userEvent.setup();
  const t = locales[language];
  await user.type(screen.getByLabelText(t.fields.email, { exact: false, selector: 'input' }), email);
  await user.type(screen.getByLabelText(t.fields.password, { exact: false, selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: t.login.submit }));
}

/** The error text tied to a field (aria-describedby), as a screen reader hears it. */
function fieldError(label: string): string {
  const input = screen.getByLabelText(label, { exact: false, selector: 'input' });
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeEach(() => resetSettingsMemory());
describe('LoginPage', () => {
  it.each(['ar', 'en'] as const)(
    '%s: 422 notFound shows the e-mail-not-found message on the e-mail field',
    async (language) => {
      const calls = mockApi(() => jsonResponse(422, { status: 422, errors: { email: 'notFound' } }));
      const { t, missing } = await renderLogin(language);
      await submit('Nobody@Ustaz.Example', 'whatever', language);

      await waitFor(() => expect(fieldError(t.fields.email)).toContain(t.fieldErrors.notFound));
      expect(fieldError(t.fields.password)).not.toContain(t.fieldErrors.incorrectPassword);
      expect(
        screen.getByLabelText(t.fields.email, { exact: false, selector: 'input' }).getAttribute('aria-invalid'),
      ).toBe('true');
      expect(calls.find((c) => c.url === '/api/v1/auth/email/login')?.body).toEqual({
        email: 'nobody@ustaz.example',
        password: 'whatever',
      });
      expect(missing).toEqual([]);
    },
  );

  it.each(['ar', 'en'] as const)(
    '%s: 422 incorrectPassword shows its message on the password field',
    async (language) => {
      mockApi(() => jsonResponse(422, { status: 422, errors: { password: 'incorrectPassword' } }));
      const { t, missing } = await renderLogin(language);
      await submit('fahad@ustaz.example', 'wrong-password', language);

      await waitFor(() => expect(fieldError(t.fields.password)).toContain(t.fieldErrors.incorrectPassword));
      expect(fieldError(t.fields.email)).toBe('');
      expect(missing).toEqual([]);
    },
  );

  it('shows the field rules before calling the server', async () => {
    const calls = mockApi(() => jsonResponse(500, {}));
    const { t } = await renderLogin('en');
    await userEvent.setup().click(screen.getByRole('button', { name: t.login.submit }));
    await waitFor(() => expect(fieldError(t.fields.email)).toContain(t.validation.emailRequired));
    expect(fieldError(t.fields.password)).toContain(t.validation.passwordRequired);
    expect(calls.some((c) => c.url === '/api/v1/auth/email/login')).toBe(false);
  });

  it('429: says how many seconds to wait and keeps the button disabled meanwhile', async () => {
    mockApi(() =>
      jsonResponse(429, { status: 429, code: 'tooManyRequests', message: 'Too many' }, { 'retry-after': '42' }),
    );
    const { t } = await renderLogin('en');
    await submit('fahad@ustaz.example', 'x', 'en');
    const expected = t.errors.tooManyRequestsWait.replace('{{seconds}}', '42');
    expect(await screen.findByText(expected)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.login.submit }).hasAttribute('disabled')).toBe(true);
  });

  it('a 5xx shows the generic login failure in the banner', async () => {
    mockApi(() => jsonResponse(500, { status: 500, code: 'internalError', message: 'Internal error' }));
    const { t } = await renderLogin('ar');
    await submit('fahad@ustaz.example', 'x', 'ar');
    expect(await screen.findByText(t.login.failed)).toBeTruthy();
  });

  it('without a Google client id in the settings there is no Google button', async () => {
    mockApi(() => jsonResponse(500, {}));
    const { t } = await renderLogin('en');
    await screen.findByRole('button', { name: t.login.submit });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('google-sign-in')).toBeNull();
  });

  it("with a client id: renders Google's button and sends its ID token to google/login", async () => {
    let callback: ((response: { credential?: string }) => void) | undefined;
    const google = {
      accounts: {
        id: {
          initialize: vi.fn((options: { client_id: string; callback: typeof callback }) => {
            callback = options.callback;
          }),
          renderButton: vi.fn(),
        },
      },
    };
    vi.stubGlobal('google', google);
    const calls = mockApi(
      () => jsonResponse(401, { status: 401, code: 'unauthorized', message: 'Bad token' }),
      'client-1',
    );
    const { t } = await renderLogin('ar');
    await waitFor(() => expect(google.accounts.id.renderButton).toHaveBeenCalled());
    expect(google.accounts.id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-1' }));
    expect(google.accounts.id.renderButton.mock.calls[0]?.[1]).toEqual(
      expect.objectContaining({ text: 'signin_with', locale: 'ar' }),
    );

    const idToken = 'google-id-token-'.repeat(3);
    act(() => callback?.({ credential: idToken }));
    expect(await screen.findByText(t.errors.googleFailed)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/v1/auth/google/login')?.body).toEqual({ idToken });
  });
});
