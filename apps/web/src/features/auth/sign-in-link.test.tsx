import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_WEBSITE_SETTINGS, type Language } from '@ustaz/contract';
import { STORAGE_KEYS } from '@ustaz/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/auth.json';
import en from '../../../public/locales/en/auth.json';
import { renderAuthApp } from '../../app/auth-app-test-support.tsx';
import { resetSettingsMemory } from '../../shared/settings/api.ts';
import { testUser } from '../../shared/test/auth-test-data.ts';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { LoginPage } from './login-page.tsx';
import { SignInLinkPage } from './sign-in-link-page.tsx';

/*
 * Issue 29: past the account-wide sign-in cap the login screen offers a one-time sign-in link,
 * and the page the mailed link opens signs in (loading, success and its redirect, expired, used).
 * The real screens, AuthProvider and router; only the server is played by a fetch stand-in.
 */

const chatSocket = vi.hoisted(() => ({ startChatSocket: vi.fn(), stopChatSocket: vi.fn() }));
vi.mock('../../shared/realtime/chat-socket.ts', () => chatSocket);

const locales = { ar, en };
const HASH = 'SgnLnk-aXDxgXJvo9weWYM03pPxXdcYtakyjSvicDeEw';
const USER = testUser();

type Call = { url: string; body: unknown; authorization: string | null };
type Handler = (body: unknown) => Response | Promise<Response>;

function mockServer(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body, authorization: new Headers(init?.headers).get('authorization') });
      if (url === '/api/settings/website') return jsonResponse(200, { ...FALLBACK_WEBSITE_SETTINGS, id: 1 });
      const handler = handlers[url];
      return handler ? handler(body) : jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return calls;
}

/** The app's frame around the two screens: the provider, the guest guard, and the home page. */
async function renderApp(language: Language, path: string) {
  const view = await renderAuthApp(language, path, {
    pages: [
      { path: 'login', access: 'guest', page: <LoginPage /> },
      { path: 'sign-in-link', access: 'guest', page: <SignInLinkPage /> },
    ],
  });
  return { ...view, t: locales[language] };
}

async function logIn(language: Language, email: string) {
  const t = locales[language];
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(t.fields.email, { exact: false, selector: 'input' }), email);
  await user.type(screen.getByLabelText(t.fields.password, { exact: false, selector: 'input' }), 'Secret123');
  await user.click(screen.getByRole('button', { name: t.login.submit }));
  return user;
}

const throttled = () =>
  jsonResponse(
    429,
    { status: 429, code: 'accountThrottled', message: 'Too many failed attempts.' },
    { 'retry-after': '60' },
  );

beforeEach(() => resetSettingsMemory());
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the login screen past the account-wide cap', () => {
  it.each(['ar', 'en'] as const)(
    '%s: 429 accountThrottled offers a sign-in link; sending it says where it went, in the page language',
    async (language) => {
      const calls = mockServer({
        '/api/v1/auth/email/login': throttled,
        '/api/v1/auth/sign-in-link': () => jsonResponse(200, { success: true }),
      });
      const { t, missing } = await renderApp(language, '/login');
      const user = await logIn(language, 'Owner@Ustaz.Example');

      const offer = await screen.findByTestId('sign-in-link-offer');
      expect(offer.textContent).toContain(t.signInLink.offer);
      // The wait is still said, and the form stays locked meanwhile.
      expect(await screen.findByText(t.errors.tooManyRequestsWait.split('{{')[0] ?? '', { exact: false })).toBeTruthy();
      await user.click(within(offer).getByRole('button', { name: t.signInLink.send }));

      const sent = await screen.findByTestId('sign-in-link-sent');
      expect(sent.textContent).toBe(`${t.signInLink.sentBody} owner@ustaz.example`);
      const minutes = language === 'ar' ? '١٥' : '15';
      expect(screen.getByText(t.signInLink.sentHint.replace('{{minutes}}', minutes))).toBeTruthy();
      expect(calls.filter((call) => call.url === '/api/v1/auth/sign-in-link')).toEqual([
        { url: '/api/v1/auth/sign-in-link', body: { email: 'owner@ustaz.example' }, authorization: null },
      ]);
      expect(missing).toEqual([]);
    },
  );

  it('a plain 429 (this address waits) offers no link', async () => {
    mockServer({
      '/api/v1/auth/email/login': () =>
        jsonResponse(429, { status: 429, code: 'tooManyRequests', message: 'Too many' }, { 'retry-after': '30' }),
    });
    await renderApp('en', '/login');
    await logIn('en', 'owner@ustaz.example');
    expect(await screen.findByText(en.errors.tooManyRequestsWait.replace('{{seconds}}', '30'))).toBeTruthy();
    expect(screen.queryByTestId('sign-in-link-offer')).toBeNull();
  });

  it('a failed request says so and the offer stays', async () => {
    mockServer({
      '/api/v1/auth/email/login': throttled,
      '/api/v1/auth/sign-in-link': () => jsonResponse(500, { status: 500, code: 'internalError', message: 'x' }),
    });
    await renderApp('en', '/login');
    const user = await logIn('en', 'owner@ustaz.example');
    const offer = await screen.findByTestId('sign-in-link-offer');
    await user.click(within(offer).getByRole('button', { name: en.signInLink.send }));
    expect(await within(offer).findByRole('alert')).toBeTruthy();
    expect(screen.queryByTestId('sign-in-link-sent')).toBeNull();
  });
});

describe('SignInLinkPage', () => {
  it.each(['ar', 'en'] as const)(
    '%s: loading, then signed in with the pair the link gave and sent to the language home; the hash goes once',
    async (language) => {
      let answer: (response: Response) => void = () => {};
      const calls = mockServer({
        '/api/v1/auth/sign-in-link/verify': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
        '/api/v1/auth/me': () => jsonResponse(200, USER),
      });
      const { t, reloadTo, missing } = await renderApp(language, `/sign-in-link?hash=${HASH}`);
      expect(await screen.findByRole('heading', { name: t.signInLink.title })).toBeTruthy();
      expect(screen.getAllByText(t.signInLink.loading).length).toBeGreaterThan(0);

      answer(jsonResponse(200, { token: 'access-link', refreshToken: 'refresh-link', tokenExpires: 1, user: USER }));
      await waitFor(() => expect(reloadTo).toHaveBeenCalledWith(`/${language}`));
      expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-link');
      expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-link');
      expect(calls.filter((call) => call.url === '/api/v1/auth/sign-in-link/verify')).toEqual([
        { url: '/api/v1/auth/sign-in-link/verify', body: { hash: HASH }, authorization: null },
      ]);
      expect(calls.some((c) => c.url === '/api/v1/auth/me' && c.authorization === 'Bearer access-link')).toBe(true);
      expect(missing).toEqual([]);
    },
  );

  it('an expired link says so and offers a new one, which is requested for the typed address', async () => {
    const calls = mockServer({
      '/api/v1/auth/sign-in-link/verify': () => jsonResponse(422, { status: 422, errors: { hash: 'hashExpired' } }),
      '/api/v1/auth/sign-in-link': () => jsonResponse(200, { success: true }),
    });
    const { reloadTo } = await renderApp('ar', `/sign-in-link?hash=${HASH}`);
    expect((await screen.findByRole('alert')).textContent).toBe(ar.signInLink.linkExpired);
    expect(screen.getByRole('heading', { name: ar.signInLink.failedTitle })).toBeTruthy();
    const form = screen.getByRole('form', { name: ar.signInLink.newTitle });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(ar.fields.email, { exact: false, selector: 'input' }), 'me@ex.com');
    await user.click(within(form).getByRole('button', { name: ar.signInLink.send }));
    expect((await screen.findByText(ar.signInLink.sentBody, { exact: false })).textContent).toContain('me@ex.com');
    expect(calls.filter((c) => c.url === '/api/v1/auth/sign-in-link').map((c) => c.body)).toEqual([
      { email: 'me@ex.com' },
    ]);
    expect(reloadTo).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('a used link says so; a link without a hash is invalid and asks nothing of the server', async () => {
    mockServer({
      '/api/v1/auth/sign-in-link/verify': () => jsonResponse(422, { status: 422, errors: { hash: 'invalidHash' } }),
    });
    await renderApp('en', `/sign-in-link?hash=${HASH}`);
    expect((await screen.findByRole('alert')).textContent).toBe(en.signInLink.linkUsed);
    expect(screen.getByRole('link', { name: en.common.backToLogin }).getAttribute('href')).toBe('/en/login');
  });

  it('without a hash: invalid, and no call is made', async () => {
    const calls = mockServer({});
    await renderApp('en', '/sign-in-link');
    expect((await screen.findByRole('alert')).textContent).toBe(en.signInLink.linkInvalid);
    expect(calls.filter((c) => c.url.startsWith('/api/v1/auth/sign-in-link'))).toEqual([]);
  });
});
