import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_WEBSITE_SETTINGS, TIMINGS, type WebsiteSettings } from '@ustaz/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/auth.json';
import en from '../../../public/locales/en/auth.json';
import { resetSettingsMemory } from '../../shared/settings/api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const HASH = 'QOb24-aXDxgXJvo9weWYM03pPxXdcYtakyjSvicDeEw';

type Handler = (body: unknown) => Response | Promise<Response>;

function mockApi(handlers: Record<string, Handler>, settings: Partial<WebsiteSettings['additional']> = {}) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url === '/api/settings/website') {
        return jsonResponse(200, {
          ...FALLBACK_WEBSITE_SETTINGS,
          id: 1,
          additional: { ...FALLBACK_WEBSITE_SETTINGS.additional, ...settings },
        });
      }
      const handler = handlers[url];
      return handler ? handler(body) : jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return calls;
}

/** The input of a field label ("Password" and its required marker, not "Confirm password"). */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
const input = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input' });

/** Types each value into the field named by its key in the language of `texts` (waiting for the form). */
async function fill(texts: typeof en, values: Partial<Record<keyof typeof en.fields, string>>) {
  const user = userEvent.setup();
  for (const [name, value] of Object.entries(values)) {
    const label = texts.fields[name as keyof typeof en.fields];
    await user.type(await screen.findByLabelText(labelled(label), { selector: 'input' }), value);
  }
  return user;
}

beforeEach(() => resetSettingsMemory());
afterEach(() => {
  vi.useRealTimers();
});

describe('ResetPasswordPage', () => {
  it('without a hash: shows the invalid-link error and keeps the submit disabled', async () => {
    mockApi({});
    await renderRoute(<ResetPasswordPage />, { language: 'ar', path: '/reset-password' });
    expect(screen.getByRole('alert').textContent).toContain(ar.reset.linkMissing);
    expect(screen.getByRole('button', { name: ar.reset.submit }).hasAttribute('disabled')).toBe(true);
  });

  it('with an expires time already past: shows the expired-link error', async () => {
    mockApi({});
    await renderRoute(<ResetPasswordPage />, {
      language: 'en',
      path: `/password-change?hash=${HASH}&expires=${Date.now() - 1000}`,
    });
    expect(screen.getByRole('alert').textContent).toContain(en.reset.linkExpired);
    expect(screen.getByRole('button', { name: en.reset.submit }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the strength label as the password is typed', async () => {
    mockApi({});
    await renderRoute(<ResetPasswordPage />, { language: 'en', path: `/reset-password?hash=${HASH}` });
    const user = userEvent.setup();
    await user.type(input(en.fields.newPassword), 'abcdefH1');
    expect(screen.getByTestId('password-strength').textContent).toContain(en.strength.strong);
    await user.type(input(en.fields.newPassword), '!');
    expect(screen.getByTestId('password-strength').textContent).toContain(en.strength.veryStrong);
  });

  it('the meter follows the reset rule: never "Medium" while the hint says at least 8 characters (ar and en)', async () => {
    for (const [language, texts] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      mockApi({});
      const { unmount } = await renderRoute(<ResetPasswordPage />, { language, path: `/reset-password?hash=${HASH}` });
      const user = userEvent.setup();
      await user.type(input(texts.fields.newPassword), 'abc1!');
      const meter = screen.getByTestId('password-strength');
      expect(meter.dataset.score).toBe('1');
      expect(meter.textContent).toContain(texts.strength.weak);
      expect(meter.textContent).not.toContain(texts.strength.medium);
      await user.type(input(texts.fields.newPassword), 'xyZ');
      expect(screen.getByTestId('password-strength').textContent).toContain(texts.strength.veryStrong);
      unmount();
    }
  });

  it('sends password and hash, shows success, then opens the login page after 3 s', async () => {
    const calls = mockApi({ '/api/v1/auth/reset/password': () => jsonResponse(200, { success: true }) });
    const { router } = await renderRoute(<ResetPasswordPage />, {
      language: 'en',
      path: `/password-change?hash=${HASH}&expires=${Date.now() + 60_000}`,
    });
    const user = await fill(en, { newPassword: 'NewPass2026', confirmPassword: 'NewPass2026' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: en.reset.submit }));

    expect(await screen.findByRole('heading', { name: en.reset.successTitle })).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/v1/auth/reset/password')?.body).toEqual({
      password: 'NewPass2026',
      hash: HASH,
    });
    await act(async () => {
      vi.advanceTimersByTime(TIMINGS.resetRedirectMs - 100);
    });
    expect(router.state.location.pathname).toBe('/en/password-change');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
  });

  it('a refused hash shows the invalid-link message', async () => {
    mockApi({
      '/api/v1/auth/reset/password': () => jsonResponse(422, { status: 422, errors: { hash: 'invalidHash' } }),
    });
    await renderRoute(<ResetPasswordPage />, { language: 'ar', path: `/reset-password?hash=${HASH}` });
    const user = await fill(ar, { newPassword: 'NewPass2026', confirmPassword: 'NewPass2026' });
    await user.click(screen.getByRole('button', { name: ar.reset.submit }));
    expect(await screen.findByText(ar.reset.linkInvalid)).toBeTruthy();
  });
});

describe('ConfirmEmailPage', () => {
  it('without a hash: the invalid-link message, a form to get a new link, and home', async () => {
    const calls = mockApi({});
    await renderRoute(<ConfirmEmailPage />, { language: 'en', path: '/confirm-email' });
    expect(screen.getByRole('alert').textContent).toBe(en.confirm.linkInvalid);
    expect(screen.getByRole('form', { name: en.confirm.resendTitle })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /create an account/i })).toBeNull();
    expect(screen.getByRole('link', { name: en.common.goHome }).getAttribute('href')).toBe('/en');
    expect(calls).toEqual([]);
  });

  it('an expired link offers "send a new link": the e-mail is sent and the answer shown', async () => {
    const calls = mockApi({
      '/api/v1/auth/email/confirm': () => jsonResponse(422, { status: 422, errors: { hash: 'hashExpired' } }),
      '/api/v1/auth/email/resend': () => jsonResponse(200, { success: true }),
    });
    await renderRoute(<ConfirmEmailPage />, { language: 'ar', path: `/confirm-email?hash=${HASH}` });
    expect(await screen.findByText(ar.confirm.linkExpired)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(input(ar.fields.email), 'late@example.com');
    await user.click(screen.getByRole('button', { name: ar.confirm.resend }));
    expect((await screen.findByRole('status')).textContent).toContain(ar.confirm.resentBody);
    expect(calls.filter((c) => c.url === '/api/v1/auth/email/resend')).toEqual([
      { url: '/api/v1/auth/email/resend', body: { email: 'late@example.com' } },
    ]);
  });

  it('loading, then success with a login button; the hash is sent once', async () => {
    const calls = mockApi({ '/api/v1/auth/email/confirm': () => jsonResponse(200, { success: true }) });
    await renderRoute(<ConfirmEmailPage />, { language: 'ar', path: `/confirm-email?hash=${HASH}` });
    expect(screen.getByRole('heading', { name: ar.confirm.title })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: ar.confirm.successTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: ar.common.goToLogin }).getAttribute('href')).toBe('/ar/login');
    expect(calls.filter((c) => c.url === '/api/v1/auth/email/confirm')).toEqual([
      { url: '/api/v1/auth/email/confirm', body: { hash: HASH } },
    ]);
  });

  it('a used or expired link says so', async () => {
    mockApi({
      '/api/v1/auth/email/confirm': () => jsonResponse(422, { status: 422, errors: { hash: 'invalidHash' } }),
    });
    await renderRoute(<ConfirmEmailPage />, { language: 'ar', path: `/confirm-email?hash=${HASH}` });
    expect((await screen.findByRole('alert')).textContent).toBe(ar.confirm.linkUsed);
  });

  it.each([
    ['ar', ar],
    ['en', en],
  ] as const)(
    'a spent link of an account already confirmed says "already confirmed, sign in" (%s)',
    async (language, texts) => {
      mockApi({
        '/api/v1/auth/email/confirm': () =>
          jsonResponse(422, { status: 422, errors: { hash: 'emailAlreadyConfirmed' } }),
      });
      await renderRoute(<ConfirmEmailPage />, { language, path: `/confirm-email?hash=${HASH}` });
      expect(await screen.findByRole('heading', { name: texts.confirm.alreadyTitle })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toContain(texts.confirm.alreadyBody);
      expect(screen.getByRole('link', { name: texts.common.goToLogin }).getAttribute('href')).toBe(
        `/${language}/login`,
      );
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});

/** The register page sent with a whole new account: `person`'s names and e-mail, the password secret1 twice. */
async function register(language: 'ar' | 'en', person: { firstName: string; lastName: string; email: string }) {
  const texts = language === 'ar' ? ar : en;
  await renderRoute(<RegisterPage />, { language, path: '/register' });
  const user = await fill(texts, { ...person, password: 'secret1', confirmPassword: 'secret1' });
  await user.click(screen.getByRole('button', { name: texts.register.submit }));
}

describe('RegisterPage', () => {
  it('shows "registration is closed" instead of the form when the settings close it', async () => {
    mockApi({}, { enableRegistration: false });
    await renderRoute(<RegisterPage />, { language: 'en', path: '/register' });
    expect(await screen.findByRole('heading', { name: en.register.closedTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.register.submit })).toBeNull();
  });

  it('registers a student and shows the check-your-e-mail message', async () => {
    const calls = mockApi({
      '/api/v1/auth/email/register': () => jsonResponse(201, { success: true, message: 'ok' }),
    });
    await register('en', { firstName: 'Layla', lastName: 'Al-Sabah', email: 'layla@ustaz.example' });

    expect(await screen.findByRole('heading', { name: en.register.checkEmailTitle })).toBeTruthy();
    expect(screen.getByText('layla@ustaz.example')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/v1/auth/email/register')?.body).toEqual({
      firstName: 'Layla',
      lastName: 'Al-Sabah',
      email: 'layla@ustaz.example',
      password: 'secret1',
      roleId: 3,
    });
  });

  it('has a meter that follows the registration rule of 6 characters (ar)', async () => {
    mockApi({});
    await renderRoute(<RegisterPage />, { language: 'ar', path: '/register' });
    const user = await fill(ar, { password: 'aB1!x' });
    expect(screen.getByTestId('password-strength').textContent).toContain(ar.strength.weak);
    await user.type(input(ar.fields.password), 'y');
    expect(screen.getByTestId('password-strength').textContent).toContain(ar.strength.strong);
  });

  it('puts emailAlreadyExists on the e-mail field', async () => {
    mockApi({
      '/api/v1/auth/email/register': () => jsonResponse(422, { status: 422, errors: { email: 'emailAlreadyExists' } }),
    });
    await register('ar', { firstName: 'ليلى', lastName: 'الصباح', email: 'fahad@ustaz.example' });
    expect(await screen.findByText(ar.fieldErrors.emailAlreadyExists)).toBeTruthy();
  });
});

describe('ForgotPasswordPage', () => {
  it('stays in the sending state at least 1 s, then shows the success screen with a link to login', async () => {
    const calls = mockApi({ '/api/v1/auth/forgot/password': () => jsonResponse(200, { success: true }) });
    await renderRoute(<ForgotPasswordPage />, { language: 'en', path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(input(en.fields.email), 'Fahad@Ustaz.Example');
    const started = Date.now();
    await user.click(screen.getByRole('button', { name: en.forgot.submit }));
    expect(screen.getByRole('button', { name: new RegExp(en.forgot.sending.replace(/\./g, '\\.')) })).toBeTruthy();

    expect(await screen.findByRole('heading', { name: en.forgot.sentTitle }, { timeout: 3000 })).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMINGS.forgotPasswordDelayMs - 20);
    expect(screen.getByRole('link', { name: en.common.backToLogin }).getAttribute('href')).toBe('/en/login');
    expect(calls.find((c) => c.url === '/api/v1/auth/forgot/password')?.body).toEqual({ email: 'fahad@ustaz.example' });
  });
});
