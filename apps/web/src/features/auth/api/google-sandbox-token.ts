import { apiRequest } from '../../../shared/http/client.ts';

/**
 * POST /api/v1/auth/google/sandbox/token (development, ADR 027): the local sandbox signs a Google ID
 * token for this account; it then goes to /auth/google/login exactly as Google's would.
 */
export async function sandboxGoogleIdToken(account: { email: string; firstName: string; lastName: string }) {
  const { idToken } = await apiRequest(
    '/api/v1/auth/google/sandbox/token',
    (contract) => contract.googleSandboxTokenResponseSchema,
    { method: 'POST', body: account },
  );
  return idToken;
}
