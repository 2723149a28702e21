import { STORAGE_KEYS } from '@ustaz/contract/constants';

/** The pair of session tokens (spec 3 "Session tokens"). */
export type TokenPair = { token: string; refreshToken: string };

type StorageKind = 'local' | 'session';

const KEYS = [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken] as const;

function storageOf(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): the session lives only as long as the page.
    return null;
  }
}

function read(kind: StorageKind, key: string): string | null {
  try {
    return storageOf(kind)?.getItem(key) || null;
  } catch {
    return null;
  }
}

function removeAll(kind: StorageKind) {
  const storage = storageOf(kind);
  for (const key of KEYS) {
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing to remove from a blocked storage.
    }
  }
}

/** Reads look in local storage first, then in session storage ("remember me" unchecked). */
function readToken(key: string): string | null {
  return read('local', key) ?? read('session', key);
}

export function getAccessToken(): string | null {
  return readToken(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return readToken(STORAGE_KEYS.refreshToken);
}

/** Where the current session is kept: session storage only when it was started without "remember me". */
function currentKind(): StorageKind {
  return read('local', STORAGE_KEYS.refreshToken) === null && read('session', STORAGE_KEYS.refreshToken) !== null
    ? 'session'
    : 'local';
}

/**
 * Stores both tokens under `authToken` and `refreshToken` (spec 9): in local storage, or in
 * session storage when `remember` is false. Without `remember` (a refreshed pair) the pair stays
 * where the session already lives. The other storage is emptied, so reads never see a stale pair.
 */
export function setTokens(pair: TokenPair, options: { remember?: boolean } = {}): void {
  const kind: StorageKind = options.remember === undefined ? currentKind() : options.remember ? 'local' : 'session';
  removeAll(kind === 'local' ? 'session' : 'local');
  const storage = storageOf(kind);
  try {
    storage?.setItem(STORAGE_KEYS.accessToken, pair.token);
    storage?.setItem(STORAGE_KEYS.refreshToken, pair.refreshToken);
  } catch {
    // A full storage keeps the session for this page only; the next start-up will ask to log in.
  }
}

type Listener = () => void;
const clearListeners = new Set<Listener>();

/** Removes both tokens from both storages and tells the listeners (the auth provider). */
export function clearTokens(): void {
  const hadTokens = getAccessToken() !== null || getRefreshToken() !== null;
  removeAll('local');
  removeAll('session');
  if (hadTokens) for (const listener of clearListeners) listener();
}

/** True from the moment the page is being left (pagehide) until it is shown again (bfcache). */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * Clears the stored session after a start-up or renewal that failed, unless the page is being
 * left: leaving cuts the page's requests short, which says nothing of the session (the next page
 * starts it again). Without this, a full navigation while the session was starting signed the
 * user out (seen through nginx: GET /auth/me cut short by the next page load cleared both tokens).
 */
export function clearTokensAfterFailure(): void {
  if (!leaving) clearTokens();
}

/** Called after stored tokens were removed (a refused refresh, a logout); returns the unsubscribe. */
export function onTokensCleared(listener: Listener): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}

const refreshListeners = new Set<(token: string) => void>();

/**
 * Called with each access token a refresh obtained (the chat socket hands it to the server, issue
 * 19); returns the unsubscribe.
 */
export function onTokenRefreshed(listener: (token: string) => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

/** The HTTP client's refresh obtained a new access token: the listeners hear it. */
export function tokenRefreshed(token: string): void {
  for (const listener of refreshListeners) listener(token);
}
