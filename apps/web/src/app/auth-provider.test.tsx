import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_WEBSITE_SETTINGS, okResponseSchema } from '@ustaz/contract';
import { STORAGE_KEYS } from '@ustaz/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/locales/en/auth.json';
import { LoginPage } from '../features/auth/login-page.tsx';
import { getRefreshToken, setTokens } from '../shared/auth/token-storage.ts';
import { apiRequest } from '../shared/http/client.ts';
import { resetSettingsMemory } from '../shared/settings/api.ts';
import { testUser } from '../shared/test/auth-test-data.ts';
import { jsonResponse } from '../shared/test/test-i18n.ts';
import { renderAuthApp } from './auth-app-test-support.tsx';
import { Navbar } from './layout/navbar.tsx';

// The global chat socket: started for a signed-in user, stopped on sign-out (socket.io is not loaded here).
const chatSocket = vi.hoisted(() => ({ startChatSocket: vi.fn(), stopChatSocket: vi.fn() }));
vi.mock('../shared/realtime/chat-socket.ts', () => chatSocket);

const USER = testUser();

type Call = { method: string; url: string; authorization: string | null };

/** The API of a working server for one account; `refreshWorks` false refuses every refresh. */
function mockServer({ refreshWorks = true } = {}) {
  const calls: Call[] = [];
  let access = 'access-1';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const authorization = new Headers(init?.headers).get('authorization');
      calls.push({ method, url, authorization });
      if (url === '/api/settings/website') return jsonResponse(200, { ...FALLBACK_WEBSITE_SETTINGS, id: 1 });
      if (url === '/api/v1/auth/email/login') {
        access = 'access-login';
        return jsonResponse(200, { token: access, refreshToken: 'refresh-login', tokenExpires: 1, user: USER });
      }
      if (url === '/api/v1/auth/logout') return jsonResponse(200, { success: true });
      if (url === '/api/v1/auth/refresh') {
        return refreshWorks
          ? jsonResponse(200, { token: 'access-2', refreshToken: 'refresh-2', tokenExpires: 1 })
          : jsonResponse(401, { status: 401, code: 'unauthorized', message: 'Unauthorized' });
      }
      if (authorization !== `Bearer ${access}`)
        return jsonResponse(401, { status: 401, code: 'unauthorized', message: 'x' });
      if (url === '/api/v1/auth/me') return jsonResponse(200, USER);
      return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return {
    calls,
    expireAccessToken: () => {
      access = 'access-never';
    },
  };
}

/** The app at `path` (below /en): the navbar, the login page for guests and a profile page behind login. */
function renderApp(path: string) {
  return renderAuthApp('en', path, {
    frame: <Navbar />,
    pages: [
      { path: 'login', access: 'guest', page: <LoginPage /> },
      { path: 'profile', access: 'auth', page: <h1>Profile page</h1> },
    ],
  });
}

beforeEach(() => resetSettingsMemory());
afterEach(() => {
  sessionStorage.clear();
  chatSocket.startChatSocket.mockClear();
  chatSocket.stopChatSocket.mockClear();
});

describe('AuthProvider', () => {
  it('login stores the tokens, fetches the user, marks authenticated and reloads the page where the guard came from', async () => {
    const server = mockServer();
    const { reloadTo } = await renderApp('/profile');
    // A guest on a login-required page is sent to the login page.
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(en.fields.email, { exact: false, selector: 'input' }), USER.email);
    await user.type(screen.getByLabelText(en.fields.password, { exact: false, selector: 'input' }), 'Secret123');
    await user.click(screen.getByRole('button', { name: en.login.submit }));

    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/en/profile'));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-login');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-login');
    expect(server.calls.some((c) => c.url === '/api/v1/auth/me' && c.authorization === 'Bearer access-login')).toBe(
      true,
    );
    // Signed in and reloading: the avatar shows, the guard waits instead of redirecting.
    expect(await screen.findByTestId('user-menu-button')).toBeTruthy();
  });

  it('logout ends the server session, clears stored auth, resets the state and goes to the language home', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const server = mockServer();
    const { router } = await renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(server.calls).toContainEqual({
      method: 'POST',
      url: '/api/v1/auth/logout',
      authorization: 'Bearer refresh-1',
    });
    expect(getRefreshToken()).toBeNull();
    expect(screen.queryByTestId('user-menu-button')).toBeNull();
    expect(screen.queryByTestId('user-menu')).toBeNull();
    // The chat socket started with the session and stopped (intentionally) on logout.
    expect(chatSocket.startChatSocket).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(chatSocket.stopChatSocket).toHaveBeenCalledTimes(1));
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
  });

  it('a refused refresh during the session signs the user out', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const server = mockServer({ refreshWorks: false });
    await renderApp('');
    expect(await screen.findByTestId('user-menu-button')).toBeTruthy();

    server.expireAccessToken();
    await expect(apiRequest('/api/v1/anything', okResponseSchema)).rejects.toThrow('Token refresh failed');
    await waitFor(() => expect(screen.queryByTestId('user-menu-button')).toBeNull());
    expect(getRefreshToken()).toBeNull();
    await waitFor(() => expect(chatSocket.stopChatSocket).toHaveBeenCalled());
  });

  it('a guest has no chat socket', async () => {
    mockServer();
    await renderApp('');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chatSocket.startChatSocket).not.toHaveBeenCalled();
  });
});
