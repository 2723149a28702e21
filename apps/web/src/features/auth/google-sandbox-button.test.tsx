import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_WEBSITE_SETTINGS, GOOGLE_SANDBOX_CLIENT_ID, type Language } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/auth.json';
import en from '../../../public/locales/en/auth.json';
import { resetSettingsMemory } from '../../shared/settings/api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { LoginPage } from './login-page.tsx';

const locales = { ar, en };
const ID_TOKEN = 'sandbox-id-token-'.repeat(3);

/** The API of the login screen on the sandbox: its settings, its token route, and google/login refusing (401). */
function mockApi(tokenStatus = 200) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/settings/website') {
        const additional = { ...FALLBACK_WEBSITE_SETTINGS.additional, googleClientId: GOOGLE_SANDBOX_CLIENT_ID };
        return jsonResponse(200, { ...FALLBACK_WEBSITE_SETTINGS, id: 1, additional });
      }
      if (url === '/api/v1/auth/google/sandbox/token') {
        return tokenStatus === 200
          ? jsonResponse(200, { idToken: ID_TOKEN })
          : jsonResponse(422, { status: 422, errors: { email: 'invalid' } });
      }
      return jsonResponse(401, { status: 401, code: 'invalidGoogleToken', message: 'no' });
    }),
  );
  return calls;
}

async function renderLogin(language: Language) {
  await renderRoute(<LoginPage />, { language, path: '/login' });
  return locales[language];
}

beforeEach(() => resetSettingsMemory());

describe('the Google sandbox button (issue 30 item 20)', () => {
  it.each(['ar', 'en'] as const)(
    '%s: asks for an account, gets its ID token and sends it to google/login',
    async (language) => {
      const calls = mockApi();
      const t = await renderLogin(language);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: t.google.sandbox.button }));
      const form = screen.getByTestId('google-sandbox-form');
      expect(form.textContent).toContain(t.google.sandbox.hint);
      const inForm = (label: string) => form.querySelector(`input[name="google-sandbox-${label}"]`) as HTMLInputElement;
      await user.type(inForm('email'), ' sara@example.com ');
      await user.type(inForm('firstName'), 'سارة');
      await user.type(inForm('lastName'), 'العنزي');
      await user.click(screen.getByRole('button', { name: t.google.sandbox.submit }));
      await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/auth/google/login')).toBe(true));
      expect(calls.find((call) => call.url === '/api/v1/auth/google/sandbox/token')?.body).toEqual({
        email: 'sara@example.com',
        firstName: 'سارة',
        lastName: 'العنزي',
      });
      expect(calls.find((call) => call.url === '/api/v1/auth/google/login')?.body).toEqual({ idToken: ID_TOKEN });
      // google/login refused it here (401): the login page's Google error, in the page's language.
      expect(await screen.findByText(t.errors.googleFailed)).toBeTruthy();
    },
  );

  it('a refused account shows the sandbox’s error and signs nothing in', async () => {
    const calls = mockApi(422);
    const t = await renderLogin('ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: t.google.sandbox.button }));
    const form = screen.getByTestId('google-sandbox-form');
    for (const name of ['email', 'firstName', 'lastName'])
      await user.type(form.querySelector(`input[name="google-sandbox-${name}"]`) as HTMLInputElement, 'x@y.z');
    await user.click(screen.getByRole('button', { name: t.google.sandbox.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.google.sandbox.failed);
    expect(calls.some((call) => call.url === '/api/v1/auth/google/login')).toBe(false);
  });
});
