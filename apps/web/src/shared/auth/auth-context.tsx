import type { User } from '@ustaz/contract';
import { createContext, useContext } from 'react';
import type { TokenPair } from './token-storage.ts';

/** The signed-in user, as GET /api/v1/auth/me answers it. */
export type AuthUser = User;

export type AuthState = {
  user: AuthUser | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
};

export type SignInOptions = {
  /** false keeps the tokens in session storage only (the "remember me" box unchecked). */
  remember?: boolean;
  /** Where the page reloads to once signed in; the current address when left out. */
  redirectTo?: string;
};

export type AuthActions = {
  /**
   * Stores the tokens of a login or Google sign-in and fetches the user, without changing the
   * auth state (the register screen shows its Google success screen first). Rejects with
   * Error(FETCH_USER_FAILED) and clears the tokens when the user cannot be fetched.
   */
  storeSession: (tokens: TokenPair, options?: Pick<SignInOptions, 'remember'>) => Promise<AuthUser>;
  /** storeSession, then marks the user authenticated and reloads the page (spec 4 "Login"). */
  signIn: (tokens: TokenPair, options?: SignInOptions) => Promise<AuthUser>;
  /** Ends the session on the server (failures ignored), clears stored auth, goes to the language home. */
  logout: () => Promise<void>;
  /** Replaces the user (after a profile update). */
  setUser: (user: AuthUser) => void;
  /** Fetches the user again; resolves to null (and keeps the state) when that fails. */
  refreshUser: () => Promise<AuthUser | null>;
};

export type AuthContextValue = AuthState & AuthActions;

/** Spec 3 "Auth state" of a visitor. */
export const GUEST_AUTH_STATE: AuthState = { user: null, isAuthenticated: false, loading: false, error: null };

/** The session messages of spec 4 and 8, kept in the state as the spec words them. */
export const SESSION_ERRORS = {
  expired: 'Session expired. Please log in again.',
  noUserData: 'Failed to retrieve user data.',
  invalid: 'Session expired or invalid. Please log in again.',
} as const;

/** The rejection of storeSession and signIn when the user cannot be fetched after a sign-in. */
export const FETCH_USER_FAILED = 'fetchUserFailed';

function missingProvider(): never {
  throw new Error('AuthProvider is missing');
}

/** Outside an AuthProvider (isolated tests of shared parts) everyone is a guest. */
const GUEST_CONTEXT: AuthContextValue = {
  ...GUEST_AUTH_STATE,
  storeSession: async () => missingProvider(),
  signIn: async () => missingProvider(),
  logout: async () => {},
  setUser: () => missingProvider(),
  refreshUser: async () => null,
};

export const AuthContext = createContext<AuthContextValue>(GUEST_CONTEXT);

export function useAuth(): AuthContextValue {
  return useContext(AuthContext);
}
