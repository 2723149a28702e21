import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/auth/forgot/password: the same answer whether or not the e-mail has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/api/v1/auth/forgot/password', (contract) => contract.okResponseSchema, {
    method: 'POST',
    body: { email },
  });
}
