import { type AuthState, type AuthUser, GUEST_AUTH_STATE, SESSION_ERRORS } from '../shared/auth/auth-context.tsx';
import { fetchCurrentUser } from '../shared/auth/session-api.ts';
import { clearTokens, clearTokensAfterFailure, getAccessToken, getRefreshToken } from '../shared/auth/token-storage.ts';
import { refreshAccessToken } from '../shared/http/client.ts';
import { errorMessage } from '../shared/lib/error-readers.ts';

/** The transitions of spec 4 "Auth". */
export type AuthAction =
  | { type: 'setUser'; user: AuthUser }
  | { type: 'clearUser' }
  | { type: 'error'; error: string }
  /** The stored tokens disappeared (a refused refresh, another tab logged out). */
  | { type: 'sessionEnded' }
  | { type: 'replace'; state: AuthState };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'setUser':
      return { user: action.user, isAuthenticated: true, loading: false, error: null };
    case 'clearUser':
      return { ...state, user: null, isAuthenticated: false, loading: false };
    case 'error':
      return { ...state, error: action.error, loading: false };
    case 'sessionEnded':
      return state.isAuthenticated ? signedOut(SESSION_ERRORS.expired) : state;
    case 'replace':
      return action.state;
  }
}

/** Auth "starts unauthenticated with loading true"; with no stored token there is nothing to load. */
export function initialAuthState(): AuthState {
  const hasToken = getAccessToken() !== null || getRefreshToken() !== null;
  return hasToken ? { ...GUEST_AUTH_STATE, loading: true } : GUEST_AUTH_STATE;
}

function signedOut(error: string | null): AuthState {
  return { ...GUEST_AUTH_STATE, error };
}

/**
 * Session start-up (spec 4): with neither token, a guest. With only a refresh token, it is
 * exchanged for a new pair first; a refused exchange clears stored auth with "Session expired".
 * Then the user is fetched (a 401 renews the session once through the HTTP client): no user
 * data clears auth with "Failed to retrieve user data."; any other failure clears auth with the
 * error's message or "Session expired or invalid".
 */
export async function startSession(): Promise<AuthState> {
  const accessToken = getAccessToken();
  const refreshToken = getRefreshToken();
  if (!accessToken && !refreshToken) return signedOut(null);

  if (!accessToken) {
    try {
      await refreshAccessToken();
    } catch {
      clearTokensAfterFailure();
      return signedOut(SESSION_ERRORS.expired);
    }
  }

  try {
    const user = await fetchCurrentUser();
    if (!user) {
      clearTokens();
      return signedOut(SESSION_ERRORS.noUserData);
    }
    // The chat feature starts its global socket when it sees an authenticated user.
    return { user, isAuthenticated: true, loading: false, error: null };
  } catch (error) {
    clearTokensAfterFailure();
    return signedOut(errorMessage(error, SESSION_ERRORS.invalid));
  }
}
