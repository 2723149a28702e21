import { STORAGE_KEYS } from '@ustaz/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, getAccessToken, getRefreshToken, onTokensCleared, setTokens } from './token-storage.ts';

afterEach(() => sessionStorage.clear());

describe('token storage', () => {
  it('keeps a remembered session in local storage under authToken and refreshToken', () => {
    setTokens({ token: 'a1', refreshToken: 'r1' }, { remember: true });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps a session without "remember me" in session storage, and reads it from there', () => {
    setTokens({ token: 'a1', refreshToken: 'r1' }, { remember: false });
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a1');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect([getAccessToken(), getRefreshToken()]).toEqual(['a1', 'r1']);
  });

  it('a new pair without "remember" stays where the session lives; a login moves it', () => {
    setTokens({ token: 'a1', refreshToken: 'r1' }, { remember: false });
    setTokens({ token: 'a2', refreshToken: 'r2' });
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
    setTokens({ token: 'a3', refreshToken: 'r3' }, { remember: true });
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r3');
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('clears both tokens from both storages and tells the listeners once', () => {
    const listener = vi.fn();
    const unsubscribe = onTokensCleared(listener);
    setTokens({ token: 'a1', refreshToken: 'r1' }, { remember: true });
    sessionStorage.setItem(STORAGE_KEYS.refreshToken, 'stray');
    clearTokens();
    clearTokens();
    expect([getAccessToken(), getRefreshToken()]).toEqual([null, null]);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
