import { STORAGE_KEYS } from '@ustaz/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getAccessToken, getRefreshToken, onTokenRefreshed, setTokens } from '../auth/token-storage.ts';
import {
  ApiRequestError,
  apiRequest,
  checkedBy,
  INVALID_RESPONSE,
  isInvalidResponse,
  REFRESH_LOCK_NAME,
  TOKEN_REFRESH_FAILED,
} from './client.ts';

/** What the fake API's `/api/data` answers. */
const dataSchema = z.object({ url: z.string(), ok: z.literal(true) });

type Call = { url: string; method: string; authorization: string | null };

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/**
 * A fake API: `/api/data` answers 200 only to the current access token, 401 otherwise;
 * `/api/v1/auth/refresh` rotates the pair when given the current refresh token. The refresh
 * answer is held until `release()` so that concurrent requests pile up behind it.
 */
function fakeApi({ refreshWorks = true } = {}) {
  const calls: Call[] = [];
  let access = 'access-2';
  let refresh = 'refresh-1';
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const authorization = headers.get('authorization');
    calls.push({ url, method: init?.method ?? 'GET', authorization });
    if (url === '/api/v1/auth/refresh') {
      await gate;
      if (!refreshWorks || authorization !== `Bearer ${refresh}`)
        return json(401, { status: 401, code: 'unauthorized' });
      access = 'access-3';
      refresh = 'refresh-2';
      return json(200, { token: access, refreshToken: refresh, tokenExpires: Date.now() + 900_000 });
    }
    if (url.startsWith('/api/v1/auth/email/login')) return json(401, { status: 401, code: 'unauthorized' });
    if (authorization === `Bearer ${access}`) return json(200, { url, ok: true });
    return json(401, { status: 401, code: 'unauthorized', message: 'Unauthorized' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, release: () => release(), fetchMock };
}

afterEach(() => {
  sessionStorage.clear();
});

describe('apiRequest token refresh on 401', () => {
  it('refreshes once for two concurrent 401s and retries both with the new token', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const api = fakeApi();

    const first = apiRequest('/api/data?n=1', dataSchema);
    const second = apiRequest('/api/data?n=2', dataSchema);
    // Let both requests get their 401 and wait on the refresh before it answers.
    await vi.waitFor(() => expect(api.calls.filter((c) => c.url === '/api/v1/auth/refresh')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    api.release();

    await expect(first).resolves.toEqual({ url: '/api/data?n=1', ok: true });
    await expect(second).resolves.toEqual({ url: '/api/data?n=2', ok: true });

    const refreshCalls = api.calls.filter((c) => c.url === '/api/v1/auth/refresh');
    expect(refreshCalls).toEqual([{ url: '/api/v1/auth/refresh', method: 'POST', authorization: 'Bearer refresh-1' }]);
    const dataCalls = api.calls.filter((c) => c.url.startsWith('/api/data'));
    expect(dataCalls.map((c) => c.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-1',
      'Bearer access-3',
      'Bearer access-3',
    ]);
    // The rotated pair replaced the old one, in the storage the session lives in.
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-3');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('tells the token-refresh listeners (the chat socket) the new access token once per refresh', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const heard: string[] = [];
    const unsubscribe = onTokenRefreshed((token) => heard.push(token));
    const api = fakeApi();
    api.release();
    await Promise.all([apiRequest('/api/data?n=1', dataSchema), apiRequest('/api/data?n=2', dataSchema)]);
    unsubscribe();
    expect(heard).toEqual(['access-3']);
  });

  it('keeps a session without "remember me" in session storage after the refresh', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: false });
    const api = fakeApi();
    api.release();
    await apiRequest('/api/data', dataSchema);
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('clears both tokens and rejects every waiting request with "Token refresh failed" when the refresh is refused', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const api = fakeApi({ refreshWorks: false });
    const first = apiRequest('/api/data?n=1', dataSchema);
    const second = apiRequest('/api/data?n=2', dataSchema);
    api.release();

    await expect(first).rejects.toThrow(TOKEN_REFRESH_FAILED);
    await expect(second).rejects.toThrow(TOKEN_REFRESH_FAILED);
    expect(api.calls.filter((c) => c.url === '/api/v1/auth/refresh')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    // No request was retried after the failed refresh.
    expect(api.calls.filter((c) => c.url.startsWith('/api/data'))).toHaveLength(2);
  });

  it('retries a request only once: a second 401 is returned to the caller', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        if (String(input) === '/api/v1/auth/refresh') return json(200, { token: 'a2', refreshToken: 'r2' });
        return json(401, { status: 401, code: 'unauthorized', message: 'Still no' });
      }),
    );
    const error = await apiRequest('/api/data', dataSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
    expect(calls).toEqual(['/api/data', '/api/v1/auth/refresh', '/api/data']);
  });

  it('never refreshes for the auth calls themselves', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const api = fakeApi();
    api.release();
    const error = await apiRequest('/api/v1/auth/email/login', dataSchema, { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect((error as ApiRequestError).status).toBe(401);
    expect(api.calls.map((c) => c.url)).toEqual(['/api/v1/auth/email/login']);
    expect(getRefreshToken()).toBe('refresh-1');
  });

  it('does not refresh a request that carried no token (a guest)', async () => {
    const api = fakeApi();
    api.release();
    await expect(apiRequest('/api/data', dataSchema)).rejects.toBeInstanceOf(ApiRequestError);
    expect(api.calls).toHaveLength(1);
  });

  it('reads Retry-After of a 429 into the error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(429, { status: 429, code: 'tooManyRequests', message: 'Slow down' }, { 'retry-after': '42' }),
      ),
    );
    const error = (await apiRequest('/api/v1/auth/email/login', dataSchema).catch(
      (e: unknown) => e,
    )) as ApiRequestError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(42);
  });
});

describe('refresh across tabs', () => {
  afterEach(() => localStorage.clear());

  it('waits for another tab that is refreshing and uses the pair it stored, without a second exchange', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const api = fakeApi();
    api.release();
    // Another tab holds the lock (the storage fallback: jsdom has no navigator.locks).
    localStorage.setItem(`lock:${REFRESH_LOCK_NAME}`, `other-tab|${Date.now() + 5_000}`);
    const pending = apiRequest('/api/data', dataSchema);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(api.calls.some((c) => c.url === '/api/v1/auth/refresh')).toBe(false);
    // The other tab finishes: it stored the rotated pair and released the lock.
    setTokens({ token: 'access-2', refreshToken: 'refresh-9' });
    localStorage.removeItem(`lock:${REFRESH_LOCK_NAME}`);
    await expect(pending).resolves.toMatchObject({ ok: true });
    expect(api.calls.map((c) => c.url)).toEqual(['/api/data', '/api/data']);
    expect(api.calls[1]?.authorization).toBe('Bearer access-2');
    expect(getRefreshToken()).toBe('refresh-9');
    expect(localStorage.getItem(`lock:${REFRESH_LOCK_NAME}`)).toBeNull();
  });

  it('uses the Web Locks API when the browser has it', async () => {
    const request = vi.fn((_name: string, _options: unknown, task: () => Promise<unknown>) => task());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const api = fakeApi();
    api.release();
    await expect(apiRequest('/api/data', dataSchema)).resolves.toMatchObject({ ok: true });
    expect(request).toHaveBeenCalledWith(REFRESH_LOCK_NAME, { mode: 'exclusive' }, expect.any(Function));
    expect(getAccessToken()).toBe('access-3');
  });
});

describe('apiRequest checks the answer with its schema', () => {
  it('returns the answer as the schema reads it', async () => {
    vi.stubGlobal('fetch', async () => json(200, { id: 3, extra: 'dropped' }));
    await expect(apiRequest('/api/thing', z.object({ id: z.number() }))).resolves.toEqual({ id: 3 });
  });

  it('rejects an answer of another shape with the invalidResponse ApiRequestError', async () => {
    vi.stubGlobal('fetch', async () => json(200, { id: 'three' }));
    const error = await apiRequest('/api/thing', z.object({ id: z.number() })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body).toMatchObject({ code: INVALID_RESPONSE });
    expect(isInvalidResponse(error)).toBe(true);
    expect(isInvalidResponse(new ApiRequestError(404, { code: 'notFound' }))).toBe(false);
  });

  it('loads a schema named from the contract beside the request and checks with it', async () => {
    vi.stubGlobal('fetch', async () => json(200, { count: 4, ignored: true }));
    await expect(apiRequest('/api/thing', (contract) => contract.notificationCountResponseSchema)).resolves.toEqual({
      count: 4,
    });
    vi.stubGlobal('fetch', async () => json(200, { count: 'four' }));
    await expect(apiRequest('/api/thing', (contract) => contract.notificationCountResponseSchema)).rejects.toSatisfy(
      isInvalidResponse,
    );
  });

  it('takes a type guard through checkedBy', async () => {
    const isNumber = (value: unknown): value is number => typeof value === 'number';
    vi.stubGlobal('fetch', async () => json(200, 7));
    await expect(apiRequest('/api/thing', checkedBy(isNumber))).resolves.toBe(7);
    vi.stubGlobal('fetch', async () => json(200, '7'));
    await expect(apiRequest('/api/thing', checkedBy(isNumber))).rejects.toSatisfy(isInvalidResponse);
  });
});
