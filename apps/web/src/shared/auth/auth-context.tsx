import type { RoleId } from '@ustaz/contract';
import { createContext, useContext } from 'react';

export type AuthUser = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: { id: RoleId };
  photo: { id: string; path: string } | null;
};

export type AuthState = {
  user: AuthUser | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
};

/** Spec 3 "Auth state". Until the accounts feature provides a session, everyone is a guest. */
export const GUEST_AUTH_STATE: AuthState = { user: null, isAuthenticated: false, loading: false, error: null };

export const AuthContext = createContext<AuthState>(GUEST_AUTH_STATE);

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
