import type { TokensResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { useOncePerHash } from './once-per-hash.ts';

/**
 * POST /api/v1/auth/sign-in-link: mail a one-time sign-in link to the account (the way in past
 * the account-wide sign-in cap, 429 accountThrottled); the same answer for any e-mail.
 */
export async function requestSignInLink(email: string): Promise<void> {
  await apiRequest('/api/v1/auth/sign-in-link', (contract) => contract.okResponseSchema, {
    method: 'POST',
    body: { email },
  });
}

/** POST /api/v1/auth/sign-in-link/verify: a login's answer. 422 `errors.hash` invalidHash | hashExpired | accountSuspended. */
export async function verifySignInLink(hash: string): Promise<TokensResponse> {
  return apiRequest('/api/v1/auth/sign-in-link/verify', (contract) => contract.tokensResponseSchema, {
    method: 'POST',
    body: { hash },
  });
}

/** Verifies once per hash: a sign-in link works once. */
export function useVerifySignInLink(hash: string | null) {
  return useOncePerHash('sign-in-link', hash, verifySignInLink);
}
