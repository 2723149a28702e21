import type { LoginBody, TokensResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/auth/email/login. 422 `errors.email` notFound | emailNotConfirmed | accountSuspended, `errors.password` incorrectPassword; 429 with Retry-After. */
export async function loginWithEmail(body: LoginBody): Promise<TokensResponse> {
  return apiRequest('/api/v1/auth/email/login', (contract) => contract.tokensResponseSchema, { method: 'POST', body });
}
