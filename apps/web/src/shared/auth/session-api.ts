import type { User } from '@ustaz/contract';
import { apiRequest, checkedBy, isInvalidResponse } from '../http/client.ts';
import type { AuthUser } from './auth-context.tsx';
import { getRefreshToken } from './token-storage.ts';

/**
 * A light shape check of GET /auth/me (the contract's userSchema; zod stays out of the first
 * bundle): an object with a numeric id and a role. Anything else counts as "no user data".
 */
export function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  const role = record.role as Record<string, unknown> | null | undefined;
  return typeof record.id === 'number' && !!role && typeof role === 'object' && typeof role.id === 'number';
}

const currentUserShape = checkedBy(isUser);
/** POST /auth/logout's `{ success: true }` (the contract's okResponseSchema). */
const loggedOutShape = checkedBy(
  (value): value is { success: true } =>
    !!value && typeof value === 'object' && 'success' in value && value.success === true,
);

/** GET /api/v1/auth/me: the signed-in user, or null when the answer holds no user. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  try {
    return await apiRequest('/api/v1/auth/me', currentUserShape, { signal });
  } catch (error) {
    if (isInvalidResponse(error)) return null;
    throw error;
  }
}

/** POST /api/v1/auth/logout with the refresh token as the bearer; failures are ignored. */
export async function endServerSession(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return;
  try {
    await apiRequest('/api/v1/auth/logout', loggedOutShape, { method: 'POST', token: refreshToken });
  } catch {
    // The local session ends anyway; the server's copy expires on its own.
  }
}
