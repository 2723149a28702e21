import { apiRequest } from '../../../shared/http/client.ts';

/** POST /api/v1/auth/email/resend: a new confirmation link; the same answer for any e-mail. */
export async function resendConfirmation(email: string): Promise<void> {
  await apiRequest('/api/v1/auth/email/resend', (contract) => contract.okResponseSchema, {
    method: 'POST',
    body: { email },
  });
}
