import type { User } from '@ustaz/contract';
import { type AuthActions, type AuthContextValue, GUEST_AUTH_STATE } from '../auth/auth-context.tsx';
import { viewerTimeZone } from '../lib/dates/formats.ts';
import { factory } from './factory.ts';

/**
 * Test data: the users tests sign in as and the auth context they put around a page, one factory
 * instead of a hand-written `AuthContextValue` per test file.
 */

/** Mariam (id 8), a confirmed student with an email account; `overrides` changes any field. */
export const testUser = factory<User>(() => ({
  id: 8,
  email: 'mariam@ustaz.example',
  firstName: 'Mariam',
  lastName: 'Hassan',
  role: { id: 3, name: 'student' },
  photo: null,
  provider: 'email',
  emailConfirmed: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  // The browser's own zone, so a signed-in test sends no zone update unless it asks to.
  timeZone: viewerTimeZone(),
  // No spelling of the name for either language's pages (ADR 020).
  firstNameAr: null,
  lastNameAr: null,
  firstNameEn: null,
  lastNameEn: null,
}));

/** Fahad (id 9), the student who books, pays and tops up in the money and teacher tests. */
export const student = factory<User>(() =>
  testUser({
    id: 9,
    email: 'fahad@ustaz.example',
    firstName: 'Fahad',
    lastName: 'Al-Ali',
    createdAt: '2026-01-05T10:00:00.000Z',
  }),
);

/** Mona (id 42), a teacher. */
export const teacher = factory<User>(() =>
  testUser({
    id: 42,
    email: 'teacher@ustaz.example',
    firstName: 'Mona',
    lastName: 'Al-Sabah',
    role: { id: 2, name: 'teacher' },
  }),
);

function notUsed(): Promise<never> {
  return Promise.reject(new Error('not used in this test'));
}

/**
 * The auth context of `user` signed in. Signing in again is refused (no test needs it); `actions`
 * replaces any action with one to assert on (`{ logout: vi.fn() }`).
 */
export function signedIn(user: User = student(), actions: Partial<AuthActions> = {}): AuthContextValue {
  return {
    user,
    isAuthenticated: true,
    loading: false,
    error: null,
    storeSession: notUsed,
    signIn: notUsed,
    logout: async () => {},
    setUser: () => {},
    refreshUser: async () => user,
    ...actions,
  };
}

/** The auth context of a visitor. */
export const GUEST: AuthContextValue = {
  ...GUEST_AUTH_STATE,
  storeSession: notUsed,
  signIn: notUsed,
  logout: async () => {},
  setUser: () => {},
  refreshUser: async () => null,
};
