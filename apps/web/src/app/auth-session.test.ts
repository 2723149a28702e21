import { STORAGE_KEYS } from '@ustaz/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST_AUTH_STATE, SESSION_ERRORS } from '../shared/auth/auth-context.tsx';
import { getAccessToken, getRefreshToken, setTokens } from '../shared/auth/token-storage.ts';
import { student } from '../shared/test/auth-test-data.ts';
import { jsonResponse } from '../shared/test/test-i18n.ts';
import { authReducer, initialAuthState, startSession } from './auth-session.ts';

const USER = student({ id: 5, firstName: 'فهد', lastName: 'الكندري', createdAt: '2026-01-01T00:00:00.000Z' });

type Handler = (authorization: string | null) => Response | Promise<Response>;

/** A fake API for /auth/me and /auth/refresh; records every call with its bearer. */
function mockApi(handlers: { me?: Handler; refresh?: Handler }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const authorization = new Headers(init?.headers).get('authorization');
      calls.push(`${init?.method ?? 'GET'} ${url} ${authorization ?? '-'}`);
      if (url === '/api/v1/auth/me' && handlers.me) return handlers.me(authorization);
      if (url === '/api/v1/auth/refresh' && handlers.refresh) return handlers.refresh(authorization);
      return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return calls;
}

const rotated = () => jsonResponse(200, { token: 'access-2', refreshToken: 'refresh-2', tokenExpires: 1 });
const unauthorized = () => jsonResponse(401, { status: 401, code: 'unauthorized', message: 'Unauthorized' });

afterEach(() => {
  sessionStorage.clear();
});

describe('session start-up (spec 4)', () => {
  it('with neither token: a guest, without a call and without loading', async () => {
    const calls = mockApi({});
    expect(initialAuthState()).toEqual(GUEST_AUTH_STATE);
    expect(await startSession()).toEqual(GUEST_AUTH_STATE);
    expect(calls).toEqual([]);
  });

  it('with tokens: starts loading, then fetches the user and is authenticated', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' });
    const calls = mockApi({ me: (auth) => (auth === 'Bearer access-1' ? jsonResponse(200, USER) : unauthorized()) });
    expect(initialAuthState()).toEqual({ ...GUEST_AUTH_STATE, loading: true });
    expect(await startSession()).toEqual({ user: USER, isAuthenticated: true, loading: false, error: null });
    expect(calls).toEqual(['GET /api/v1/auth/me Bearer access-1']);
  });

  it('with only a refresh token: exchanges it for a new pair first, then fetches the user', async () => {
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const calls = mockApi({
      refresh: (auth) => (auth === 'Bearer refresh-1' ? rotated() : unauthorized()),
      me: (auth) => (auth === 'Bearer access-2' ? jsonResponse(200, USER) : unauthorized()),
    });
    const state = await startSession();
    expect(state.isAuthenticated).toBe(true);
    expect(calls).toEqual(['POST /api/v1/auth/refresh Bearer refresh-1', 'GET /api/v1/auth/me Bearer access-2']);
    expect([getAccessToken(), getRefreshToken()]).toEqual(['access-2', 'refresh-2']);
  });

  it('a refused exchange clears stored auth with "Session expired. Please log in again."', async () => {
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const calls = mockApi({ refresh: unauthorized, me: () => jsonResponse(200, USER) });
    expect(await startSession()).toEqual({ ...GUEST_AUTH_STATE, error: SESSION_ERRORS.expired });
    expect(SESSION_ERRORS.expired).toBe('Session expired. Please log in again.');
    expect([getAccessToken(), getRefreshToken()]).toEqual([null, null]);
    expect(calls).toHaveLength(1);
  });

  it('no user data clears auth with "Failed to retrieve user data."', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' });
    mockApi({ me: () => new Response(null, { status: 200 }) });
    expect(await startSession()).toEqual({ ...GUEST_AUTH_STATE, error: 'Failed to retrieve user data.' });
    expect(getRefreshToken()).toBeNull();
  });

  it('any other failure clears auth with the error message', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' });
    mockApi({ me: () => jsonResponse(503, { status: 503, code: 'serviceUnavailable', message: 'Database down' }) });
    expect(await startSession()).toEqual({ ...GUEST_AUTH_STATE, error: 'Database down' });
    expect(getAccessToken()).toBeNull();
  });

  it('a start-up cut short because the page is being left keeps the stored session for the next page', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        // The next page load: the browser hides this page, then cuts its requests short.
        window.dispatchEvent(new Event('pagehide'));
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    );
    try {
      await startSession();
      expect(getAccessToken()).toBe('access-1');
      expect(getRefreshToken()).toBe('refresh-1');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    // Shown again (or never left): a failure clears the session as before.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await startSession();
    expect(getAccessToken()).toBeNull();
  });

  it('a failure without a message gives "Session expired or invalid. Please log in again."', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(Object.create(null))),
    );
    expect(await startSession()).toEqual({ ...GUEST_AUTH_STATE, error: SESSION_ERRORS.invalid });
    expect(SESSION_ERRORS.invalid).toBe('Session expired or invalid. Please log in again.');
  });

  it('an expired access token is renewed once through the refresh token', async () => {
    setTokens({ token: 'stale', refreshToken: 'refresh-1' }, { remember: false });
    const calls = mockApi({
      refresh: (auth) => (auth === 'Bearer refresh-1' ? rotated() : unauthorized()),
      me: (auth) => (auth === 'Bearer access-2' ? jsonResponse(200, USER) : unauthorized()),
    });
    expect((await startSession()).user).toEqual(USER);
    expect(calls).toEqual([
      'GET /api/v1/auth/me Bearer stale',
      'POST /api/v1/auth/refresh Bearer refresh-1',
      'GET /api/v1/auth/me Bearer access-2',
    ]);
    // The session without "remember me" stays in session storage.
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });
});

describe('authReducer (spec 4 "Auth")', () => {
  it('setting the user authenticates and clears error and loading; clearing signs out', () => {
    const loading = { ...GUEST_AUTH_STATE, loading: true, error: 'old' };
    const signedIn = authReducer(loading, { type: 'setUser', user: USER });
    expect(signedIn).toEqual({ user: USER, isAuthenticated: true, loading: false, error: null });
    expect(authReducer(signedIn, { type: 'clearUser' })).toEqual({ ...GUEST_AUTH_STATE });
    expect(authReducer(loading, { type: 'error', error: 'boom' })).toEqual({
      ...loading,
      loading: false,
      error: 'boom',
    });
  });

  it('a session that ended elsewhere signs a signed-in user out with "Session expired"', () => {
    const signedIn = authReducer(GUEST_AUTH_STATE, { type: 'setUser', user: USER });
    expect(authReducer(signedIn, { type: 'sessionEnded' })).toEqual({
      ...GUEST_AUTH_STATE,
      error: SESSION_ERRORS.expired,
    });
    expect(authReducer(GUEST_AUTH_STATE, { type: 'sessionEnded' })).toBe(GUEST_AUTH_STATE);
  });
});
