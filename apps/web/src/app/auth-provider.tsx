import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@ustaz/contract/constants';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import {
  AuthContext,
  type AuthContextValue,
  type AuthState,
  type AuthUser,
  FETCH_USER_FAILED,
  GUEST_AUTH_STATE,
  type SignInOptions,
} from '../shared/auth/auth-context.tsx';
import { endServerSession, fetchCurrentUser } from '../shared/auth/session-api.ts';
import { clearTokens, onTokensCleared, setTokens, type TokenPair } from '../shared/auth/token-storage.ts';
import { localePath } from '../shared/i18n/language.ts';
import { useCurrentLanguage } from '../shared/i18n/use-current-language.ts';
import { useChatSocket } from '../shared/realtime/use-chat-socket.ts';
import { websiteSettingsQueryKey } from '../shared/settings/api.ts';
import { useHydrated } from '../shared/ssr/use-hydrated.ts';
import { authReducer, initialAuthState, startSession } from './auth-session.ts';
import { useTimeZoneSync } from './use-time-zone-sync.ts';

function reloadPage(url: string) {
  window.location.assign(url);
}

/**
 * Holds the auth state of spec 3 and 4: runs the session start-up once, and gives the screens
 * signIn, logout, setUser and refreshUser through useAuth().
 */
export function AuthProvider({
  children,
  reloadTo = reloadPage,
  browserZone,
}: {
  children: ReactNode;
  /** Loads a page anew after a sign-in (replaceable in tests, where jsdom cannot navigate). */
  reloadTo?: (url: string) => void;
  /** The browser's IANA zone (replaceable in tests); sent once per session when the stored one differs. */
  browserZone?: () => string;
}) {
  const [state, dispatch] = useReducer(authReducer, undefined, initialAuthState);
  const navigate = useNavigate();
  const lang = useCurrentLanguage();
  const queryClient = useQueryClient();
  const startUp = useRef<Promise<AuthState> | null>(null);
  const needsStartUp = useRef(state.loading);

  useEffect(() => {
    if (!needsStartUp.current) return;
    let active = true;
    // Kept in a ref: a remount in development (StrictMode) reuses the same start-up.
    startUp.current ??= startSession();
    void startUp.current.then((result) => {
      if (active) dispatch({ type: 'replace', state: result });
    });
    return () => {
      active = false;
    };
  }, []);

  // The global chat socket runs while a user is signed in (loaded lazily, stopped on sign-out).
  useChatSocket(state.isAuthenticated && !state.loading ? (state.user?.id ?? null) : null);

  const forgetPersonalQueries = useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== websiteSettingsQueryKey[0] });
  }, [queryClient]);

  // A refused refresh (or a logout in another tab) ends the session here too.
  useEffect(() => {
    const ended = () => {
      dispatch({ type: 'sessionEnded' });
      forgetPersonalQueries();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.refreshToken && event.newValue === null && event.storageArea === localStorage)
        ended();
    };
    window.addEventListener('storage', onStorage);
    const unsubscribe = onTokensCleared(ended);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [forgetPersonalQueries]);

  const storeSession = useCallback(async (tokens: TokenPair, options: Pick<SignInOptions, 'remember'> = {}) => {
    setTokens(tokens, { remember: options.remember ?? true });
    const user = await fetchCurrentUser().catch(() => null);
    if (!user) {
      clearTokens();
      throw new Error(FETCH_USER_FAILED);
    }
    return user;
  }, []);

  const signIn = useCallback(
    async (tokens: TokenPair, options: SignInOptions = {}) => {
      const user = await storeSession(tokens, options);
      // Authenticated, and loading again while the page reloads: the guard shows its spinner
      // instead of sending the now signed-in user away from the login page first.
      dispatch({ type: 'replace', state: { user, isAuthenticated: true, loading: true, error: null } });
      reloadTo(options.redirectTo ?? window.location.href);
      return user;
    },
    [storeSession, reloadTo],
  );

  const logout = useCallback(async () => {
    // The server call reads the refresh token before anything is cleared.
    const ending = endServerSession();
    // Go home first: leaving a login-required page as a guest would redirect to the login page.
    await navigate(localePath(lang));
    clearTokens();
    forgetPersonalQueries();
    dispatch({ type: 'replace', state: GUEST_AUTH_STATE });
    await ending;
  }, [navigate, lang, forgetPersonalQueries]);

  const setUser = useCallback((user: AuthUser) => dispatch({ type: 'setUser', user }), []);
  useTimeZoneSync(state, setUser, browserZone);

  const refreshUser = useCallback(async () => {
    const user = await fetchCurrentUser().catch(() => null);
    if (user) dispatch({ type: 'setUser', user });
    return user;
  }, []);

  // A server-rendered page was drawn for a guest (ADR 021): hydration renders as one too, and the
  // stored session shows right after.
  const hydrated = useHydrated();
  const shown = hydrated ? state : GUEST_AUTH_STATE;
  const value = useMemo<AuthContextValue>(
    () => ({ ...shown, storeSession, signIn, logout, setUser, refreshUser }),
    [shown, storeSession, signIn, logout, setUser, refreshUser],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
