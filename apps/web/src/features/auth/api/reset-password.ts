import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/auth/reset/password. 422 `errors.hash` invalidHash | hashExpired. */
export async function resetPassword(body: { password: string; hash: string }): Promise<void> {
  await apiRequest('/api/v1/auth/reset/password', (contract) => contract.okResponseSchema, { method: 'POST', body });
}
