import type { TokensResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/auth/google/login with the ID token Google's button gave; 401 when refused. */
export async function loginWithGoogle(idToken: string): Promise<TokensResponse> {
  return apiRequest('/api/v1/auth/google/login', (contract) => contract.tokensResponseSchema, {
    method: 'POST',
    body: { idToken },
  });
}
